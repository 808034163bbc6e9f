package validate

import "strings"

// isMDSpace: the white space of the block grammar (space, tab, LF, CR).
func isMDSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isMDPunct: ASCII punctuation, the characters a backslash escapes.
func isMDPunct(c byte) bool {
	return c < 0x80 && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) >= 0
}

func tabWidth(col int) int { return 4 - col%4 }

func isBlankBytes(b []byte) bool {
	for _, c := range b {
		if !isMDSpace(c) {
			return false
		}
	}
	return true
}

func trimLeftSpaceLen(b []byte) int {
	i := 0
	for i < len(b) && isMDSpace(b[i]) {
		i++
	}
	return i
}

func trimRightSpaceLen(b []byte) int {
	i := len(b) - 1
	for i >= 0 && isMDSpace(b[i]) {
		i--
	}
	return len(b) - 1 - i
}

// indentWidth returns the width of the leading spaces and tabs of b (col
// is the column b starts at) and how many bytes they take.
func indentWidth(b []byte, col int) (width, pos int) {
	for _, c := range b {
		switch c {
		case ' ':
			width++
		case '\t':
			width += tabWidth(col + width)
		default:
			return width, pos
		}
		pos++
	}
	return width, pos
}

// indentPosition finds the byte at which width columns of indentation end
// in b (whose first pad bytes are padding spaces), and how many columns of
// a tab are left over; -1, -1 when b is indented less.
func indentPosition(b []byte, col, pad, width int) (pos, padding int) {
	if width == 0 {
		return 0, pad
	}
	w, i, p := 0, 0, pad
	for ; i < len(b); i++ {
		if p > 0 {
			p--
			w++
			continue
		}
		if b[i] == '\t' && w < width {
			w += tabWidth(col + w)
		} else if b[i] == ' ' && w < width {
			w++
		} else {
			break
		}
	}
	if w >= width {
		return i - pad, w - width
	}
	return -1, -1
}

// firstNonSpace is the index of the first byte that is not a space or tab,
// -1 when the line is blank.
func firstNonSpace(b []byte) int {
	for i, c := range b {
		if c == ' ' || c == '\t' {
			continue
		}
		if c == '\n' {
			return -1
		}
		return i
	}
	return -1
}

// unescapePunct drops the backslash of each backslash escape.
func unescapePunct(b []byte) []byte {
	if !strings.Contains(string(b), "\\") {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) && isMDPunct(b[i+1]) {
			i++
		}
		out = append(out, b[i])
	}
	return out
}

// countLeading counts the leading bytes of b equal to c.
func countLeading(b []byte, c byte) int {
	i := 0
	for i < len(b) && b[i] == c {
		i++
	}
	return i
}
