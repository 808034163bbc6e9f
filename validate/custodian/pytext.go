package custodian

import (
	"strings"
	"unicode/utf8"
)

// The reference reads memory files as UTF-8 text with universal newlines
// (CRLF and a lone CR become LF) and splits them with Python's
// str.splitlines. These helpers read text the same way, so that line
// numbers and structure agree with it.

// decodeText returns src as the reference reads it: line endings
// normalized, and whether src is valid UTF-8 (the reference refuses a file
// that is not).
func decodeText(src []byte) (string, bool) {
	s := string(src)
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	return s, utf8.ValidString(s)
}

// pyLines splits decoded text like str.splitlines: at \n, \v, \f, \x1c,
// \x1d, \x1e, U+0085, U+2028 and U+2029; a final separator does not start
// another line.
func pyLines(s string) []string {
	if !hasRareBreak(s) {
		s = strings.TrimSuffix(s, "\n")
		if s == "" {
			return nil
		}
		return strings.Split(s, "\n")
	}
	var out []string
	start := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isLineBreak(r) {
			out = append(out, s[start:i])
			start = i + n
		}
		i += n
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// pyStrip removes leading and trailing white space as str.strip does.
func pyStrip(s string) string { return strings.TrimFunc(s, isPySpace) }

// normalizeHeading is the reference's heading key: white space, then '#',
// then white space removed from both ends, case-folded.
func normalizeHeading(s string) string {
	return strings.ToLower(pyStrip(strings.Trim(pyStrip(s), "#")))
}

// hasRareBreak reports a line separator other than \n in s.
func hasRareBreak(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e):
			return true
		case c == 0xC2 && i+1 < len(s) && s[i+1] == 0x85:
			return true
		case c == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9):
			return true
		}
	}
	return false
}
