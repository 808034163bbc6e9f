package textsafe

import (
	"strings"
	"testing"
)

// A token cut by any of the clips keeps at most 4 of its characters, at
// every offset around the cut, after a space, after "=" in one long word,
// and after multi-byte characters; a token the cut does not touch, and
// ends before a space, is kept whole for masking to judge.
func TestCutKeepsNoMoreThanFourOfAWord(t *testing.T) {
	const token = "ghp_Zq8Lm2Nw4Xr6Ty1Ub3Vc5Hd7Je9Kf0Ga2Pb4"
	clips := map[string]func(s string) string{
		"Cut":      func(s string) string { return Cut(s, MaxEcho) },
		"Clip":     func(s string) string { return Clip(s, MaxEcho) },
		"Quote":    Quote,
		"CutRunes": func(s string) string { return CutRunes(s, 60) },
	}
	for name, clip := range clips {
		n := MaxEcho
		if name == "CutRunes" {
			n = 60
		}
		for _, filler := range []string{"a b ", "x", "é ", "ü"} {
			sep := " "
			if !strings.HasSuffix(filler, " ") {
				sep = "="
			}
			for at := 1; at <= n+2; at++ {
				prefix := strings.Repeat(filler, at)
				if name == "CutRunes" {
					prefix = string([]rune(prefix)[:at-1])
				} else {
					prefix = prefix[:at-1]
				}
				s := prefix + sep + token + " tail " + strings.Repeat("y", 200)
				got := clip(s)
				whole := strings.Contains(got, token+" ")
				for k := 5; k <= len(token); k++ {
					for i := 0; i+k <= len(token); i++ {
						if !whole && strings.Contains(got, token[i:i+k]) {
							t.Fatalf("%s, filler %q, token at %d: %q holds %q", name, filler, at, got, token[i:i+k])
						}
					}
				}
			}
		}
	}
	if got := Cut("short", MaxEcho); got != "short" {
		t.Errorf("Cut of a short value: %q", got)
	}
	if got := Cut("one twoXXXXXXX three", 12); got != "one twoX" {
		t.Errorf("the word cut keeps 4 of its characters: %q", got)
	}
}
