package secrets

import (
	"bytes"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

// TestSealer checks that a sealed fingerprint is stable for one salt,
// differs between salts, is never the unsalted fingerprint, and that the
// ignore file's salt line makes Match compare sealed forms.
func TestSealer(t *testing.T) {
	raw := Fingerprint("secret-generic", "Winter2024!")
	a, err := NewSealer(bytes.Repeat([]byte{1}, saltLen))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewSealer(bytes.Repeat([]byte{2}, saltLen))
	if first, again := a.Seal(raw), a.Seal(raw); first != again || len(first) != 32 {
		t.Errorf("sealing is not stable: %s", a.Seal(raw))
	}
	if a.Seal(raw) == b.Seal(raw) || a.Seal(raw) == raw {
		t.Error("two salts, or no salt, give the same fingerprint")
	}
	if _, err := NewSealer([]byte("short")); err == nil {
		t.Error("a short salt is accepted")
	}
	file := "salt " + a.Salt() + "\n" + a.Seal(raw) + " # secret-generic at app.env:1\n"
	ig, err := ParseIgnore(".remnant-guard-ignore", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if !ig.Match(fakeFinding(raw)) || ig.Legacy() {
		t.Error("a sealed entry does not match the finding it seals")
	}
	if ig.Match(fakeFinding(Fingerprint("secret-generic", "Summer2024!"))) {
		t.Error("a sealed entry matches another secret")
	}
	legacy, _ := ParseIgnore(".remnant-guard-ignore", []byte(raw+"\n"))
	if !legacy.Match(fakeFinding(raw)) || !legacy.Legacy() {
		t.Error("an unsalted file does not keep working, or is not told apart")
	}
	for _, bad := range []string{"salt zz\n", "salt " + strings.Repeat("ab", 31) + "\n", file + "salt " + a.Salt() + "\n"} {
		if _, err := ParseIgnore("f", []byte(bad)); err == nil {
			t.Errorf("%q is accepted", bad)
		}
	}
}

// BenchmarkSeal is what one guess at a secret costs, and what
// remnant-guard pays once per distinct secret in a salted repository.
func BenchmarkSeal(b *testing.B) {
	s, _ := NewSealer(NewSalt())
	raw := Fingerprint("secret-generic", "Winter2024!")
	for i := 0; i < b.N; i++ {
		s.memo = map[string]string{}
		s.Seal(raw)
	}
}

func fakeFinding(fp string) validate.Finding {
	return validate.Finding{RuleID: "secret-generic", Path: "app.env", Fingerprint: fp}
}
