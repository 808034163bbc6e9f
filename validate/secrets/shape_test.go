package secrets

import (
	"strings"
	"testing"
)

func TestShape(t *testing.T) {
	for _, tc := range []struct {
		regex string
		group int
		want  string
	}{
		{`(?:^|[^A-Za-z0-9])(?P<secret>(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})(?:$|[^A-Za-z0-9])`, 0, "`AKIA`, `ASIA`, `ABIA` or `ACCA` + 16 of [2-7A-Z]"},
		{`\bghp_[0-9a-zA-Z]{36}\b`, 0, "`ghp_` + 36 of [0-9A-Za-z]"},
		{`key=([a-f0-9]{32,})`, 1, "32 or more of [0-9a-f]"},
		{`(?i)tok_(?P<secret>[a-f0-9]{8,12})`, 0, "8 to 12 of [0-9A-Fa-f]"},
		{`(?i)\b(?P<secret>sk_[a-z]{4})`, 0, "`SK_` (any case) + 4 of [A-Za-z]"},
		{`(?P<secret>[A-Za-z0-9/+]{40})`, 0, "40 of [+/0-9A-Za-z]"},
		{`(?P<secret>[^\s"'@]{3,8})`, 0, `3 to 8 of [^\t\n\x{c}\r "'@]`},
		{`(?P<secret>x[-_]?y+z*)`, 0, "`x` + optionally [\\-_] + 1 or more of `y` + any number of `z`"},
		{`(?P<secret>a(?:-b\d)?)`, 0, "`a` + optionally (`-b` + [0-9])"},
		{``, 0, ""},
		{`(?P<secret>` + strings.Repeat(`[a-f]{2}-`, 80) + `)`, 0, ""}, // past maxShape
	} {
		got, ok := RuleDef{Regex: tc.regex, SecretGroup: tc.group}.Shape()
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("Shape(%q) = %q, %v; want %q", tc.regex, got, ok, tc.want)
		}
	}
}

// TestBadExamplesShowShapes: a built-in rule's bad example, as `rules` and
// SARIF's help show it, holds the secret's shape, never the secret: the
// rules find nothing in it, and none of its true-positive
// examples' secrets appears in it.
func TestBadExamplesShowShapes(t *testing.T) {
	e := builtinEngine(t)
	defs := BuiltinRulesWithExamples()
	rules := Rules(defs)
	shaped := 0
	for i, d := range defs {
		bad := rules[i].Bad
		if _, ok := d.Shape(); !ok {
			if d.Regex != "" {
				t.Errorf("%s: a regex rule without a shape", d.ID)
			}
			continue
		}
		shaped++
		if !strings.Contains(bad, "<secret>") {
			t.Errorf("%s: bad example %q shows no shape", d.ID, bad)
		}
		if fs := scanExample(e, d, bad); len(fs) != 0 {
			t.Errorf("%s: rules %v find a secret in the bad example %q", d.ID, ruleIDs(fs), bad)
		}
		if bad == first(d.TP) {
			t.Errorf("%s: bad example is the true positive itself", d.ID)
		}
	}
	if shaped < len(defs)*9/10 {
		t.Errorf("%d of %d rules have a shape, want nine in ten", shaped, len(defs))
	}
}
