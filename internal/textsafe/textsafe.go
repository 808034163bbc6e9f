// Package textsafe makes text taken from files, names and inputs safe to
// echo in a message: bounded in length, so that a hostile value cannot
// flood a terminal or a CI log, and with every control, bidirectional
// control and invalid byte shown as a visible escape (see Escape), so that
// it cannot drive a terminal, forge a line of a log or reorder what a
// reviewer reads.
package textsafe

import (
	"strconv"
	"unicode/utf8"
)

// MaxEcho is how many bytes of a value a message quotes.
const MaxEcho = 128

// Clip cuts s to at most n bytes, at a character boundary, marking the cut
// with "…" and the value's full size; a value within n is returned as is.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// Quote is strconv.Quote of s clipped to MaxEcho bytes: the value is
// quoted, escaped and bounded.
func Quote(s string) string {
	if len(s) <= MaxEcho {
		return strconv.Quote(s)
	}
	cut := MaxEcho
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}
