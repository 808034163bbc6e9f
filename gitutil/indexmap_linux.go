//go:build linux

package gitutil

import "syscall"

// mapIndex maps the whole index file read-only, as git itself reads it:
// one walk over the entries then costs page faults, not a copy of each
// window, and a second walk costs nothing. ok is false when the file
// cannot be mapped; the windowed reads serve then.
func (ix *indexFile) mapIndex() bool {
	if ix.size == 0 {
		return false
	}
	data, err := syscall.Mmap(int(ix.f.Fd()), 0, ix.size, syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_POPULATE)
	if err != nil {
		return false
	}
	ix.win, ix.winOff, ix.mapped = data, 0, true
	return true
}

// unmap releases the mapping, if any. No slice of the index may be used
// afterwards: the callers copy what they keep.
func (ix *indexFile) unmap() {
	if ix.mapped {
		syscall.Munmap(ix.win)
		ix.win, ix.mapped = nil, false
	}
}
