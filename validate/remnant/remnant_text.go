package remnant

import (
	"strings"
	"unicode/utf8"
)

// utf8BOM is the UTF-8 byte order mark, which validate.ParseMarkdown drops.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// endCol is the 1-based rune column just past the end of line.
func endCol(line string) int { return utf8.RuneCountInString(line) + 1 }

// indentOf counts leading spaces, a tab counting as four.
func indentOf(line string) int {
	n := 0
	for _, c := range line {
		switch c {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}

// isNone reports whether s is the protocol's marker for an empty section.
func isNone(s string) bool {
	s = strings.TrimSpace(s)
	return strings.EqualFold(s, "none") || strings.EqualFold(s, "none.")
}

// colCursor turns increasing byte offsets into one line into rune columns
// without counting the line from its start each time.
type colCursor struct {
	line     string
	off, col int
}

func newColCursor(line string) *colCursor { return &colCursor{line: line, col: 1} }

func (c *colCursor) at(off int) int {
	if off < c.off {
		c.off, c.col = 0, 1
	}
	if off > len(c.line) {
		off = len(c.line)
	}
	c.col += utf8.RuneCountInString(c.line[c.off:off])
	c.off = off
	return c.col
}
