package main

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

func TestPseudoCommit(t *testing.T) {
	for v, want := range map[string]string{
		"v0.0.0-20260501120000-abcdef123456":              "abcdef123456",
		"v1.2.4-0.20260501120000-abcdef123456":            "abcdef123456",
		"v1.2.3-pre.0.20260501120000-abcdef123456":        "abcdef123456",
		"v2.0.0-20260501120000-abcdef123456+incompatible": "abcdef123456",
		"v0.1.0":                             "",
		"":                                   "",
		"(devel)":                            "",
		"v0.0.0-2026050112000-abcdef123456":  "", // 13 digits
		"v0.0.0-20260501120000-abcdef12345g": "",
		"v0.0.0-20260501120000-ABCDEF123456": "",
		"v0.0.0_20260501120000-abcdef123456": "",
		"v0.0.0-20260501120000_abcdef123456": "",
		"20260501120000-abcdef123456":        "",
		"x-2026050112000a-abcdef123456":      "",
	} {
		if got := pseudoCommit(v); got != want {
			t.Errorf("pseudoCommit(%q) = %q, want %q", v, got, want)
		}
	}
}

// pseudoVersionRegexp is the definition pseudoCommit implements by hand:
// the commit at the end of a pseudo-version.
var pseudoVersionRegexp = regexp.MustCompile(`[-.]\d{14}-([0-9a-f]{12})(?:\+incompatible)?$`)

// TestPseudoCommitIsTheRegexp compares pseudoCommit with the regexp on
// generated strings: near-miss pseudo-versions (digit and hash counts one
// off, other separators, doubled suffixes, a trailing newline) and random
// runs of the pieces they are made of.
func TestPseudoCommitIsTheRegexp(t *testing.T) {
	pieces := []string{"-", ".", "_", "0", "9", "a", "f", "g", "A", "+", "+incompatible", "v1.2.3",
		"20260501120000", "abcdef123456", "٣", "\xff", "\n"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		var b strings.Builder
		if r.IntN(2) == 0 {
			for range r.IntN(12) {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
		} else {
			b.WriteString(pieces[r.IntN(len(pieces))])
			b.WriteString([]string{"-", ".", "_", ""}[r.IntN(4)])
			for range 13 + r.IntN(3) {
				b.WriteByte("0123456789a"[r.IntN(11)])
			}
			b.WriteString([]string{"-", ".", "_"}[r.IntN(3)])
			for range 11 + r.IntN(3) {
				b.WriteByte("0123456789abcdefgA"[r.IntN(18)])
			}
			b.WriteString([]string{"", "", "+incompatible", "+incompatible+incompatible", "+incompatibl", "\n"}[r.IntN(6)])
		}
		v := b.String()
		want := ""
		if m := pseudoVersionRegexp.FindStringSubmatch(v); m != nil {
			want = m[1]
		}
		if got := pseudoCommit(v); got != want {
			t.Fatalf("pseudoCommit(%q) = %q, the regexp: %q", v, got, want)
		}
	}
}
