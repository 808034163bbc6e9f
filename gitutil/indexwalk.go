package gitutil

import "encoding/binary"

// walkMapped is parse's walk over the entries of a mapped version 2 or 3
// index, without the iterator: it records each entry's offset, checks
// stages, modes and flags, and finds where the extensions start. ok is
// false on anything unusual (a long path, a malformed or refused entry):
// the iterator's walk then runs from the start and says what is wrong.
func (ix *indexFile) walkMapped() (ok bool) {
	if !ix.mapped || ix.version >= 4 {
		return false
	}
	data := ix.win[:ix.size-ix.hashLen]
	hdr := entryFixedHeader + ix.hashLen + 2
	off, ita := 12, false
	offsets := ix.offsets[:0]
	for range ix.count {
		offsets = append(offsets, uint32(off))
		if off+hdr > len(data) {
			return false
		}
		e := data[off:]
		flags := binary.BigEndian.Uint16(e[hdr-2:])
		if flags&flagStageMask != 0 || binary.BigEndian.Uint32(e[24:]) == modeDir {
			return false
		}
		p := hdr
		if flags&flagExtended != 0 {
			if ix.version < 3 || p+2 > len(e) {
				return false
			}
			ext := binary.BigEndian.Uint16(e[p:])
			if ext&extIntentToAdd != 0 && ext&extSkipWorktree != 0 {
				return false
			}
			ita = ita || ext&extIntentToAdd != 0
			p += 2
		}
		n := int(flags & flagNameMask)
		if n == 0 || n == flagNameMask || p+n >= len(e) || e[p+n] != 0 {
			return false
		}
		size := (p + n + 8) &^ 7
		if size > len(e) {
			return false
		}
		off += size
	}
	ix.offsets, ix.hasITA, ix.entriesEnd = offsets, ita, off
	return true
}
