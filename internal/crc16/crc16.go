// Package crc16 computes CRC-16/XMODEM (polynomial 0x1021, initial value
// 0), the checksum NATS nkeys end with.
package crc16

// XModem returns the CRC-16/XMODEM of b.
func XModem(b []byte) uint16 {
	var crc uint16
	for _, c := range b {
		crc ^= uint16(c) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}
