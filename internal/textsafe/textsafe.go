// Package textsafe makes text taken from files, names and inputs safe to
// echo in a message: bounded in length, so that a hostile value cannot
// flood a terminal or a CI log, and with every control, bidirectional
// control and invalid byte shown as a visible escape (see Escape), so that
// it cannot drive a terminal, forge a line of a log or reorder what a
// reviewer reads.
package textsafe

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxEcho is how many bytes of a value a message quotes.
const MaxEcho = 128

// Clip cuts s to at most n bytes (see Cut), marking the cut with "…" and
// the value's full size; a value within n is returned as is.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return Cut(s, n) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// Quote is strconv.Quote of s clipped to MaxEcho bytes (see Cut): the
// value is quoted, escaped and bounded.
func Quote(s string) string {
	if len(s) <= MaxEcho {
		return strconv.Quote(s)
	}
	return strconv.Quote(Cut(s, MaxEcho)) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// RunKept is how many characters Cut keeps of the word it cuts: as many as
// a secret finding shows of a secret.
const RunKept = 4

// Cut is the start of s, at most n bytes, cut at a character boundary.
// The word the cut ends in (its run of characters other than spaces,
// quotes, brackets, commas and pipes) keeps only its first RunKept
// characters: cut, a token would no longer match its secret rule and go
// unmasked, so what could be one is cut short before the text is masked.
// A word the cut does not touch is kept whole, for masking to judge.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	end := max(n, 0)
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	start := end
	for start > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:start])
		if !inWord(r) {
			break
		}
		start -= size
	}
	keep := start
	for i := 0; i < RunKept && keep < end; i++ {
		_, size := utf8.DecodeRuneInString(s[keep:])
		keep += size
	}
	return s[:keep]
}

// CutRunes is Cut at n characters rather than bytes.
func CutRunes(s string, n int) string {
	i := 0
	for b := range s {
		if i == n {
			return Cut(s, b)
		}
		i++
	}
	return s
}

// inWord tells whether r may be part of a token: anything but white space,
// quotes, brackets, commas and pipes.
func inWord(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', ',', '(', ')', '[', ']', '{', '}', '<', '>', '|':
		return false
	}
	return !unicode.IsSpace(r)
}

// OneLine folds a text onto one line, control characters included.
func OneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }), " ")
}
