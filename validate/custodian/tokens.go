package custodian

import "unicode"

// EstimateTokens returns upstream's token estimate for text: the number of
// matches of the regular expression `[A-Za-z0-9_]+|[^\sA-Za-z0-9_]`, that
// is, one token per run of ASCII word characters and one per other
// character that is not white space.
func EstimateTokens(text string) int {
	n := 0
	inWord := false
	for _, r := range text {
		switch {
		case isASCIIWord(r):
			if !inWord {
				n++
			}
			inWord = true
		case isPySpace(r):
			inWord = false
		default:
			n++
			inWord = false
		}
	}
	return n
}

func isASCIIWord(r rune) bool {
	return r == '_' || ('0' <= r && r <= '9') || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z')
}

// isPySpace reports whether r is matched by Python's `\s` on str patterns:
// Unicode white space plus the ASCII separators U+001C..U+001F.
func isPySpace(r rune) bool {
	if r >= 0x1c && r <= 0x1f {
		return true
	}
	return unicode.IsSpace(r)
}
