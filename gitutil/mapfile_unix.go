//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package gitutil

import (
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f read-only; nil when it cannot
// (an empty file, a file too large for the address space).
func mapFile(f *os.File, size int64) []byte {
	if size <= 0 || int64(int(size)) != size {
		return nil
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil
	}
	return b
}

func unmapFile(b []byte) { syscall.Munmap(b) }
