package textsafe

import (
	"strings"
	"unicode/utf8"
)

// The escaping rule. A character a terminal, a CI log or a review tool
// would act on instead of showing is written as a visible escape:
//
//   - C0 controls (U+0000-001F) and DEL: \n, \r, \t, else \x1b and the like;
//   - C1 controls (U+0080-009F): \u0085 and the like;
//   - the bidirectional controls U+202A-202E, U+2066-2069, U+200E, U+200F
//     and U+061C, and the line and paragraph separators U+2028, U+2029:
//     \u202e and the like;
//   - a byte that is not part of valid UTF-8: \xff and the like.
//
// Everything else, backslashes included, passes unchanged, so ordinary
// text is byte for byte what it was. The escapes only ever produce
// printable ASCII.

// Escape applies the rule to s, a value quoted on one line (a name, a
// heading, a key): every control is escaped, new lines and tabs too.
func Escape(s string) string { return escape(s, false) }

// EscapeText applies the rule to s, text of several lines (a hint, an
// error): line ends (\n, \r\n) and tabs are kept, every other control is
// escaped.
func EscapeText(s string) string { return escape(s, true) }

// Unsafe reports whether s holds a character the rule escapes, new lines
// and tabs included.
func Unsafe(s string) bool { return firstUnsafe(s, false) >= 0 }

// EscapeStream applies the rule to s, output on its way to a terminal or
// a file: what EscapeText keeps is kept, and so are the escape sequences
// keep tells (the output's own colours): keep returns the length of the
// one s starts with, or 0; a nil keep keeps none.
func EscapeStream(s string, keep func(string) int) string {
	i := firstUnsafe(s, true)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i >= 0 {
		b.WriteString(s[:i])
		s = s[i:]
		n := kept(s, keep)
		if n > 0 {
			b.WriteString(s[:n])
		} else {
			n = escapeOne(&b, s)
		}
		s = s[n:]
		i = firstUnsafe(s, true)
	}
	b.WriteString(s)
	return b.String()
}

// kept is the length of the sequence at the start of s that EscapeStream
// keeps, or 0.
func kept(s string, keep func(string) int) int {
	if s[0] != 0x1b || keep == nil {
		return 0
	}
	return keep(s)
}

func escape(s string, lines bool) string {
	i := firstUnsafe(s, lines)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i >= 0 {
		b.WriteString(s[:i])
		s = s[i+escapeOne(&b, s[i:]):]
		i = firstUnsafe(s, lines)
	}
	b.WriteString(s)
	return b.String()
}

// firstUnsafe is the index of the first character of s the rule escapes
// (line ends and tabs aside when lines is set), or -1. Printable ASCII,
// by far the most common, is passed over one byte at a time.
func firstUnsafe(s string, lines bool) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			if lines && (c == '\n' || c == '\t' || c == '\r' && i+1 < len(s) && s[i+1] == '\n') {
				i++
				continue
			}
			return i
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || unsafeRune(r) {
			return i
		}
		i += n
	}
	return -1
}

// unsafeRune reports a character beyond ASCII that the rule escapes.
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f: // C1 controls
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f: // Arabic letter mark, LRM, RLM
		return true
	case r >= 0x2028 && r <= 0x202e: // line and paragraph separators, embeddings and overrides
		return true
	case r >= 0x2066 && r <= 0x2069: // isolates
		return true
	}
	return false
}

const hexDigits = "0123456789abcdef"

// escapeOne writes the escape of the character at the start of s, which
// the rule escapes, and returns its length in bytes.
func escapeOne(b *strings.Builder, s string) int {
	c := s[0]
	if c < utf8.RuneSelf {
		switch c {
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteString(`\x`)
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&0xf])
		}
		return 1
	}
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 {
		b.WriteString(`\x`)
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&0xf])
		return 1
	}
	b.WriteString(`\u`) // every rune the rule escapes is below U+10000
	for shift := 12; shift >= 0; shift -= 4 {
		b.WriteByte(hexDigits[r>>shift&0xf])
	}
	return n
}
