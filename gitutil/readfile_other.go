//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package gitutil

import (
	"io"
	"os"
)

// readFileInto reads the file at path into buf: n bytes, and whole when
// that is the whole file (else buf holds its start).
func readFileInto(path string, buf []byte) (n int, whole bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false, err
	}
	defer f.Close()
	n, err = io.ReadFull(f, buf)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return n, true, nil
	}
	if err != nil {
		return 0, false, err
	}
	var one [1]byte
	k, err := f.Read(one[:])
	if err == io.EOF {
		return n, k == 0, nil
	}
	return n, false, err
}
