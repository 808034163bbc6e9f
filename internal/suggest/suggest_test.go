package suggest

import "testing"

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"format", "format", 0},
		{"fromat", "format", 1}, // neighbours swapped
		{"max_line", "max_lines", 1},
		{"chek", "check", 1},
		{"kitten", "sitting", 3},
		{"ca", "abc", 3}, // optimal string alignment, not full Damerau
		{"", "abc", 3},
		{"αβγ", "αγβ", 1}, // runes, not bytes
	} {
		if got := distance(tc.a, tc.b, 100); got != tc.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := distance(tc.b, tc.a, 100); got != tc.want {
			t.Errorf("distance(%q, %q) = %d, want %d (not symmetric)", tc.b, tc.a, got, tc.want)
		}
		if got := distance(tc.a, tc.b, 2); got != min(tc.want, 2) {
			t.Errorf("distance(%q, %q, max 2) = %d, want %d", tc.a, tc.b, got, min(tc.want, 2))
		}
	}
}

func TestNearest(t *testing.T) {
	flags := []string{"format", "output", "config", "no-color", "fail-on", "only", "verbose", "help"}
	for _, tc := range []struct {
		word  string
		cands []string
		want  string
	}{
		{"fromat", flags, "format"},
		{"FORMAT", flags, ""}, // the same name, differently cased, is not a typo of itself
		{"formt", flags, "format"},
		{"verbos", flags, "verbose"},
		{"v", flags, ""},    // too short to guess from
		{"frob", flags, ""}, // nothing close
		{"outptu", flags, "output"},
		{"onyl", flags, "only"},
		{"max_line", []string{"max_lines", "max_history", "max_state_bullets", "max_file_size"}, "max_lines"},
		{"chek", []string{"check", "ci", "scan"}, "check"},
		{"abc", []string{"abd", "abe"}, "abd"}, // ties: first in sorted order
		{"abc", []string{"abe", "abd"}, "abd"},
	} {
		got, ok := Nearest(tc.word, tc.cands)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("Nearest(%q) = %q, %v; want %q", tc.word, got, ok, tc.want)
		}
	}
	if got := DidYouMean("fromat", flags, "--%s"); got != " (did you mean `--format`?)" {
		t.Errorf("DidYouMean = %q", got)
	}
	if got := DidYouMean("zzzzzz", flags, "--%s"); got != "" {
		t.Errorf("DidYouMean far = %q", got)
	}
}
