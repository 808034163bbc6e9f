package custodian

import "github.com/remnant-guard/remnant-guard/validate"

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

// isPySpace reports whether r is matched by Python's `\s` on str patterns
// (validate.PythonSpace).
func isPySpace(r rune) bool { return validate.PythonSpace(r) }
