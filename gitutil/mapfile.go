package gitutil

import (
	"io"
	"os"
)

// mappedFile is a pack or pack index, read-only: mapped into memory where
// the platform allows it (mapfile_unix.go), so that a lookup or an entry's
// inflation reads the file's pages in place, and read with ReadAt
// otherwise. Git writes a pack and its index once and never changes them;
// a fault from a file truncated under the mapping anyway is caught
// (catchFault) and the batch process answers instead.
type mappedFile struct {
	f    *os.File
	b    []byte // the whole file when mapped, else nil
	size int64
}

// openMapped opens path and maps it when it can and mapIt is true.
func openMapped(path string, mapIt bool) (*mappedFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	m := &mappedFile{f: f, size: fi.Size()}
	if mapIt {
		m.b = mapFile(f, m.size)
	}
	return m, nil
}

// readAt fills p from off; a short read is io.ErrUnexpectedEOF.
func (m *mappedFile) readAt(p []byte, off int64) error {
	if off < 0 || off > m.size || int64(len(p)) > m.size-off {
		return io.ErrUnexpectedEOF
	}
	if m.b != nil {
		copy(p, m.b[off:])
		return nil
	}
	_, err := m.f.ReadAt(p, off)
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return err
}

// at returns n bytes from off, in place when mapped; buf, when large
// enough, holds them otherwise.
func (m *mappedFile) at(off int64, n int, buf []byte) ([]byte, error) {
	if m.b != nil {
		if off < 0 || off > m.size || int64(n) > m.size-off {
			return nil, io.ErrUnexpectedEOF
		}
		return m.b[off : off+int64(n) : off+int64(n)], nil
	}
	if cap(buf) < n {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	return buf, m.readAt(buf, off)
}

func (m *mappedFile) close() {
	if m.b != nil {
		unmapFile(m.b)
		m.b = nil
	}
	m.f.Close()
}
