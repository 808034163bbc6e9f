package validate

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The custodian dialects read text as a Python str: these are the pieces
// of Python's text model they need.

// splitRare cuts decoded text that holds a separator other than LF into
// lines as str.splitlines does.
func splitRare(s string) []string {
	var lines []string
	start := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isLineBreak(r) {
			lines = append(lines, s[start:i])
			start = i + n
		}
		i += n
	}
	if start < len(s) {
		lines = append(lines, s[start:])
	}
	return lines
}

// isLineBreak reports a separator of str.splitlines other than CR.
func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// hasRareBreak reports a line separator other than LF in s.
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

// PythonSpace reports whether r is white space to the custodian dialects:
// what Python's `\s` matches on str patterns, Unicode white space plus the
// ASCII separators U+001C..U+001F.
func PythonSpace(r rune) bool {
	if r >= 0x1c && r <= 0x1f {
		return true
	}
	return unicode.IsSpace(r)
}

// PythonStrip removes leading and trailing PythonSpace, as str.strip does.
func PythonStrip(s string) string { return strings.TrimFunc(s, PythonSpace) }
