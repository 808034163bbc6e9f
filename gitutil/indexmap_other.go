//go:build !linux

package gitutil

func (ix *indexFile) mapIndex() bool { return false }

func (ix *indexFile) unmap() {}
