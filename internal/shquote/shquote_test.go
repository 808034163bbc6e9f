package shquote

import "testing"

func TestArg(t *testing.T) {
	for in, want := range map[string]string{
		"a/b.md:12":  "a/b.md:12",
		"user@host":  "user@host",
		"a b":        "'a b'",
		"":           "''",
		"it's":       `'it'\''s'`,
		"x;rm -r /":  "'x;rm -r /'",
		"$(id).md:1": "'$(id).md:1'",
	} {
		if got := Arg(in); got != want {
			t.Errorf("Arg(%q) = %s, want %s", in, got, want)
		}
	}
}
