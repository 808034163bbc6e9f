package secrets

import (
	"errors"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

func TestIgnore(t *testing.T) {
	fp := Fingerprint("secret-github-pat", fakePAT)
	other := Fingerprint("secret-npm-token", "npm_x")
	data := "# accepted\n\n" + fp + "  # test fixture\n" + strings.ToUpper(other) + " testdata/**\n"
	ig, err := ParseIgnore(".remnant-guard-ignore", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		f    validate.Finding
		want bool
	}{
		{validate.Finding{Fingerprint: fp, Path: "any/where.go"}, true},
		{validate.Finding{Fingerprint: other, Path: "testdata/a/b.txt"}, true},
		{validate.Finding{Fingerprint: other, Path: "src/b.txt"}, false},
		{validate.Finding{Fingerprint: "00000000000000000000000000000000", Path: "x"}, false},
	}
	for i, c := range cases {
		if got := ig.Match(c.f); got != c.want {
			t.Errorf("case %d: Match = %v", i, got)
		}
	}
}

func TestIgnoreErrors(t *testing.T) {
	for _, bad := range []string{
		"ghp_8r6Jk2LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq\n",
		"0123456789abcdef0123456789abcdef a b\n",
		"0123456789abcdef0123456789abcdef [\n",
	} {
		_, err := ParseIgnore("ign", []byte("# ok\n"+bad))
		var ie *IgnoreError
		if !errors.As(err, &ie) || ie.Line != 2 || ie.File != "ign" {
			t.Errorf("%q: error %v", bad, err)
			continue
		}
		if strings.Contains(err.Error(), "8r6Jk2") {
			t.Errorf("error echoes a secret: %v", err)
		}
	}
}

func TestFormatIgnoreLine(t *testing.T) {
	f := validate.Finding{RuleID: "secret-github-pat", Path: "a b.go", Line: 3, Fingerprint: Fingerprint("secret-github-pat", fakePAT)}
	line := FormatIgnoreLine(f)
	if strings.Contains(line, fakePAT[4:]) || !strings.Contains(line, "secret-github-pat") || !strings.Contains(line, "a b.go:3") {
		t.Errorf("line %q", line)
	}
	ig, err := ParseIgnore("x", []byte(line+"\n"))
	if err != nil || !ig.Match(f) {
		t.Errorf("round trip: %v", err)
	}
	odd := f
	odd.Path = "a\n\x1b[2J\u202e.go"
	if line := FormatIgnoreLine(odd); line != f.Fingerprint+` # secret-github-pat at a\n\x1b[2J\u202e.go:3` {
		t.Errorf("a path with controls gives the line %q", line)
	}
	e, err := NewEngine(BuiltinRulesWithExamples(), Options{Ignore: ig})
	if err != nil {
		t.Fatal(err)
	}
	if fs, _ := e.ScanFile("a", []byte(fakePAT)); len(fs) != 0 {
		t.Errorf("ignored finding reported: %v", fs)
	}
}

// ParseSalt reads the salt line as ParseIgnore does: with a comment after
// it, CRLF line ends or a byte-order mark, it is the same salt, so that
// --write-ignore never draws a second one.
func TestParseSaltReadsLikeParseIgnore(t *testing.T) {
	salt := strings.Repeat("ab", 32)
	for _, file := range []string{
		"salt " + salt + "\n",
		"salt " + salt + " # keep this line\n",
		"\ufeff# accepted findings\r\nsalt " + salt + "\r\n",
		"\ufeffsalt " + salt,
		"  salt\t" + salt + "#x\n",
	} {
		ig, err := ParseIgnore("f", []byte(file))
		if err != nil {
			t.Fatalf("%q: %v", file, err)
		}
		if got := ParseSalt([]byte(file)); got != salt || ig.Sealer() == nil || ig.Sealer().Salt() != got {
			t.Errorf("%q: ParseSalt %q, ParseIgnore's salt %v", file, got, ig.Sealer())
		}
	}
}

// A path and line or a path glob where a fingerprint goes is said back as
// typed, with what to write instead; a pasted key is never echoed.
func TestIgnoreErrorsSayPathsAsTyped(t *testing.T) {
	for line, want := range map[string]string{
		"testdata/creds.ini:2\n": `"testdata/creds.ini:2" is a path and line, not a fingerprint: run remnant-guard allow testdata/creds.ini:2`,
		".env:1\n":               `".env:1" is a path and line`,
		"fixtures/**\n":          `"fixtures/**" is a path, not a fingerprint: an entry is a fingerprint, then optionally a path glob it is limited to (FINGERPRINT fixtures/**)`,
		"*.pem\n":                `"*.pem" is a path`,
		"wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ2kLm9Tn4Rb\n": `"wJal..." is not a fingerprint`,
		"AKIAQ3EGUVJMXQ7TN2RB\n":                       `"AKIA..." is not a fingerprint`,
		"sk_live_puRaurb11nWT4Ws5qpSzja94PbJo:12\n":    `"sk_l..." is not a fingerprint`,
	} {
		_, err := ParseIgnore(".remnant-guard-ignore", []byte(line))
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), ".remnant-guard-ignore:1: ") {
			t.Errorf("%q: error %v, want it to hold %q", line, err, want)
		}
	}
}
