package validate

import "bytes"

// mdSeg is a piece of one line: bytes [start, stop) of the text, preceded
// by padding virtual spaces (what is left of a tab that a container marker
// consumed in part).
type mdSeg struct {
	start, stop, padding int
}

// value returns the bytes of s with its padding spaces in front.
func (s mdSeg) value(src []byte) []byte {
	if s.padding == 0 {
		return src[s.start:s.stop]
	}
	b := make([]byte, 0, s.padding+s.stop-s.start)
	b = append(b, bytes.Repeat([]byte{' '}, s.padding)...)
	return append(b, src[s.start:s.stop]...)
}

// blank: s is white space only (its padding is spaces).
func (s mdSeg) blank(src []byte) bool { return isBlankBytes(src[s.start:s.stop]) }

// trimLeft drops leading white space and the padding.
func (s mdSeg) trimLeft(src []byte) mdSeg {
	return mdSeg{start: s.start + trimLeftSpaceLen(src[s.start:s.stop]), stop: s.stop}
}

// trimRight drops trailing white space; all white space gives an empty
// segment at start.
func (s mdSeg) trimRight(src []byte) mdSeg {
	v := src[s.start:s.stop]
	l := trimRightSpaceLen(v)
	if l == len(v) {
		return mdSeg{start: s.start, stop: s.start}
	}
	return mdSeg{start: s.start, stop: s.stop - l, padding: s.padding}
}

// mdReader walks the text line by line. pos is the rest of the current
// line still to be read; head is where the line starts. peekLen is the
// length of the last line handed out by peek, or -1 when the position has
// moved since (advance and toEOL behave differently in the two cases).
type mdReader struct {
	src     []byte
	pos     mdSeg
	head    int
	peekLen int
	// colPos, col: the column at byte colPos of the line, kept so that
	// reading columns as the position moves on costs no rescanning.
	colPos, col int
	view        lineView
}

func newMDReader(src []byte) *mdReader {
	r := &mdReader{src: src, pos: mdSeg{start: -1, stop: 0}, peekLen: -1, view: newLineView()}
	r.head = 0
	r.nextLine()
	return r
}

// peek returns the rest of the line (padding spaces first, "\n" included),
// or nil at the end of the text. It is valid until the next peek: with
// padding, it is a view of the line that the next peek writes over.
func (r *mdReader) peek() ([]byte, mdSeg) {
	if r.pos.start >= 0 && r.pos.start < len(r.src) {
		line := r.src[r.pos.start:r.pos.stop]
		if r.pos.padding != 0 {
			line = r.padded(r.pos.start, r.pos.stop, r.pos.padding)
		}
		r.peekLen = len(line)
		return line, r.pos
	}
	return nil, r.pos
}

// lineOffset is the column (tabs to multiples of 4) the position is at.
func (r *mdReader) lineOffset() int { return r.offsetAt(r.pos.start, r.pos.padding) }

func (r *mdReader) offsetAt(start, padding int) int {
	if start < r.colPos {
		r.colPos, r.col = r.head, 0
	}
	for ; r.colPos < start; r.colPos++ {
		if r.src[r.colPos] == '\t' {
			r.col += tabWidth(r.col)
		} else {
			r.col++
		}
	}
	return r.col - padding
}

// advance moves n columns on; padding is used up first, and a "\n" moves
// to the next line.
func (r *mdReader) advance(n int) {
	if r.peekLen >= 0 && n < r.peekLen && r.pos.padding == 0 {
		r.pos.start += n
		r.peekLen = -1
		return
	}
	r.peekLen = -1
	for ; n > 0 && r.pos.start < len(r.src); n-- {
		if r.pos.padding != 0 {
			r.pos.padding--
			continue
		}
		if r.src[r.pos.start] == '\n' {
			r.nextLine()
			continue
		}
		r.pos.start++
	}
}

func (r *mdReader) advancePad(n, padding int) {
	r.advance(n)
	if padding > r.pos.padding {
		r.pos.padding = padding
	}
}

// toEOL moves to the line's "\n" (or the end of the text).
func (r *mdReader) toEOL() {
	if r.pos.start >= len(r.src) {
		return
	}
	i := -1
	if r.peekLen >= 0 {
		r.pos.start += r.peekLen - r.pos.padding - 1
		if r.src[r.pos.start] == '\n' {
			i = 0
		}
	}
	if i == -1 {
		i = bytes.IndexByte(r.src[r.pos.start:], '\n')
	}
	r.peekLen = -1
	if i != -1 {
		r.pos.start += i
	} else {
		r.pos.start = len(r.src)
	}
	r.pos.padding = 0
}

// nextLine moves to the start of the next line.
func (r *mdReader) nextLine() {
	r.peekLen = -1
	r.pos.start = r.pos.stop
	r.head = r.pos.start
	r.colPos, r.col = r.head, 0
	if r.pos.start < 0 || r.pos.start >= len(r.src) {
		return
	}
	r.pos.stop = len(r.src)
	i := 0
	if r.src[r.pos.start] != '\n' {
		i = bytes.IndexByte(r.src[r.pos.start:], '\n')
	}
	if i != -1 {
		r.pos.stop = r.pos.start + i + 1
	}
	r.pos.padding = 0
}

// endsWithLF: the current line ends with "\n" (every line but maybe the
// last).
func (r *mdReader) endsWithLF() bool { return r.pos.stop > 0 && r.src[r.pos.stop-1] == '\n' }

// skipBlankLines moves past blank lines; false at the end of the text.
func (r *mdReader) skipBlankLines() bool {
	for {
		line, _ := r.peek()
		if line == nil {
			return false
		}
		if !isBlankBytes(line) {
			return true
		}
		r.nextLine()
	}
}
