package crc16

import "testing"

// The catalogue's check value: CRC-16/XMODEM of "123456789" is 0x31C3;
// of nothing, 0.
func TestXModem(t *testing.T) {
	if got := XModem([]byte("123456789")); got != 0x31C3 {
		t.Errorf("XModem(123456789) = %#04x, want 0x31c3", got)
	}
	if got := XModem(nil); got != 0 {
		t.Errorf("XModem(nil) = %#04x, want 0", got)
	}
}
