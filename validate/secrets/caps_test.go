package secrets

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
	"github.com/remnant-guard/remnant-guard/validate"
)

// denseEngine runs one rule of one-letter matches, and no other.
func denseEngine(t testing.TB) *Engine {
	e, err := NewEngine(nil, Options{Extra: []RuleDef{{ID: "secret-letter", Description: "a letter", Regex: "[a-z]", KeepFakes: true}}})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func letters(n int, sep string) []byte {
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		b.WriteByte(byte('a' + i%26))
		b.WriteString(sep)
	}
	return b.Bytes()
}

// A file reports at most MaxFileFindings findings, then one capped
// finding at the first match not shown that says how many were not.
func TestFileFindingsCapped(t *testing.T) {
	e := denseEngine(t)
	for _, sep := range []string{" ", "\n", ""} {
		fs, _ := e.ScanFile("a.txt", letters(MaxFileFindings+250, sep))
		if len(fs) != MaxFileFindings+1 {
			t.Fatalf("sep %q: %d findings, want %d", sep, len(fs), MaxFileFindings+1)
		}
		c := fs[len(fs)-1]
		if c.RuleID != CappedRule || c.Severity != validate.Error || !strings.HasPrefix(c.Message, "250 more ") {
			t.Fatalf("sep %q: last finding %+v", sep, c)
		}
		if c.EndLine != c.Line || c.EndColumn != c.Column {
			t.Errorf("sep %q: the capped finding at %d:%d ends at %d:%d, want where it starts", sep, c.Line, c.Column, c.EndLine, c.EndColumn)
		}
		if last := fs[len(fs)-2]; validate.Compare(last, c) >= 0 {
			t.Errorf("sep %q: the capped finding %d:%d is not after the last shown %d:%d", sep, c.Line, c.Column, last.Line, last.Column)
		}
	}
	fs, _ := e.ScanFile("a.txt", letters(MaxFileFindings, " "))
	if len(fs) != MaxFileFindings || fs[len(fs)-1].RuleID == CappedRule {
		t.Errorf("exactly the cap: %d findings, last %s", len(fs), fs[len(fs)-1].RuleID)
	}
	b := &LineBatch{}
	b.AddFile("b.txt")
	for i := 0; i < 3; i++ {
		b.AddLine(10+i, letters(MaxFileFindings/2, " "))
	}
	out := e.ScanBatch(b)
	if got := out[0]; len(got) != MaxFileFindings+1 || got[len(got)-1].RuleID != CappedRule || got[len(got)-1].Line != 12 {
		t.Errorf("batch: %d findings, last %+v", len(got), got[len(got)-1])
	}
}

// Matches that the rule's checks drop do not count toward the cap: a rule
// whose matches are mostly filtered out still judges the whole file.
func TestCapCountsFindingsNotMatches(t *testing.T) {
	e, err := NewEngine(nil, Options{Extra: []RuleDef{{ID: "secret-word", Description: "a word", Regex: `[a-z0-9]{6}`, Entropy: 2.5}}})
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Repeat("aaaaaa ", 5*MaxFileFindings) + "k3x9qz\n"
	fs, _ := e.ScanFile("a.txt", []byte(src))
	if len(fs) != 1 || fs[0].RuleID != "secret-word" {
		t.Errorf("findings %v", fs)
	}
}

// Accepted findings weigh a sixteenth toward the cap: a fixture file of
// 1,500 accepted secrets reports nothing, not a capped finding.
func TestAcceptedFindingsWeighLess(t *testing.T) {
	ig, err := ParseIgnore("ign", []byte(Fingerprint("secret-qz", "QZ1")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewEngine(nil, Options{Ignore: ig, Extra: []RuleDef{{ID: "secret-qz", Description: "a code", Regex: "QZ[0-9]", KeepFakes: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if fs, _ := e.ScanFile("a.txt", []byte(strings.Repeat("QZ1 ", 1500))); len(fs) != 0 {
		t.Errorf("%d findings, the last %+v", len(fs), fs[len(fs)-1])
	}
	fs, _ := e.ScanFile("a.txt", []byte(strings.Repeat("QZ1 ", 1500)+strings.Repeat("QZ2 ", 1500)))
	if len(fs) < MaxFileFindings*8/10 || len(fs) > MaxFileFindings+1 || fs[len(fs)-1].RuleID != CappedRule {
		t.Errorf("accepted and reported together: %d findings", len(fs))
	}
}

// SecretSpans reports where judging stopped: the caller masks the rest.
func TestSecretSpansRest(t *testing.T) {
	e := denseEngine(t)
	src := letters(MaxFileFindings+10, " ")
	spans, rest := e.SecretSpans(src)
	if len(spans) != MaxFileFindings || rest != 2*MaxFileFindings {
		t.Errorf("%d spans, rest at %d", len(spans), rest)
	}
	if _, rest := e.SecretSpans([]byte("ab")); rest != 2 {
		t.Errorf("all judged: rest %d", rest)
	}
}

// The overlaps are resolved as comparing every pair of hits resolves them.
func TestOutrankedMatchesPairs(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 200; round++ {
		hits := make([]hit, 1+rng.Intn(4*pairwiseMax))
		for i := range hits {
			s := rng.Intn(60)
			hits[i] = hit{s: s, e: s + 1 + rng.Intn(12), rank: rng.Intn(2), match: rng.Intn(4), order: rng.Intn(5)}
			hits[i].f.RuleID = fmt.Sprint(hits[i].order)
		}
		got := outrankedHits(hits)
		for i, h := range hits {
			want := false
			for _, o := range hits {
				if o.order != h.order && o.s < h.e && h.s < o.e && o.beats(&h) {
					want = true
				}
			}
			if got[i] != want {
				t.Fatalf("round %d hit %d %+v: outranked %v, want %v", round, i, h, got[i], want)
			}
		}
	}
}

// A dense rule's work grows with the file: below the cap, at it, and far
// past it (on one long line too), 8 times the input allocates about 8
// times as much.
func TestDenseRuleLinear(t *testing.T) {
	e := denseEngine(t)
	for _, c := range []struct {
		name string
		n    int
		sep  string
	}{
		{"below the cap", 100, " "},
		{"past the cap", 2048, " "},
		{"past the cap, one line", 2048, ""},
		{"past the cap, lines", 2048, "\n"},
	} {
		small, large := letters(c.n, c.sep), letters(8*c.n, c.sep)
		heapcost.Finishes(t, c.name, func() {
			heapcost.CheckLinear(t, c.name, func() { e.ScanFile("a.txt", small) }, func() { e.ScanFile("a.txt", large) })
			heapcost.CheckLinear(t, c.name+", spans", func() { e.SecretSpans(small) }, func() { e.SecretSpans(large) })
		})
	}
	heapcost.Finishes(t, "a 4 MB line of letters", func() { e.ScanFile("a.txt", letters(4<<20, "")) })
}

// BenchmarkDenseRule scans 2 KB and 100 KB of letters with a rule that
// matches each.
func BenchmarkDenseRule(b *testing.B) {
	for _, size := range []int{2 << 10, 100 << 10} {
		src := letters(size/2, " ")
		b.Run(fmt.Sprintf("%dKB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				denseEngine(b).ScanFile("a.txt", src)
			}
		})
	}
}

// BenchmarkManyTokensSalted scans 10,000 distinct tokens with no ignore
// file and with a salted one of 50 entries for another rule.
func BenchmarkManyTokensSalted(b *testing.B) {
	rng := rand.New(rand.NewSource(7))
	const chars = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"
	var src bytes.Buffer
	for i := 0; i < 10000; i++ {
		src.WriteString("ghp_")
		for j := 0; j < 36; j++ {
			src.WriteByte(chars[rng.Intn(len(chars))])
		}
		src.WriteByte('\n')
	}
	file := "salt " + strings.Repeat("ab", 32) + "\n"
	for i := 0; i < 50; i++ {
		file += fmt.Sprintf("%032x # secret-generic at config/app%d.env:3\n", i+1, i)
	}
	ig, err := ParseIgnore("ign", []byte(file))
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		ig   *Ignore
	}{{"unsalted", nil}, {"salted-50", ig}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				e, err := NewEngine(BuiltinRules(), Options{Ignore: c.ig})
				if err != nil {
					b.Fatal(err)
				}
				e.ScanFile("tokens.txt", src.Bytes())
			}
		})
	}
}

// A rule whose window spans several lines (a PEM block's) sees the same
// match from each keyword line before it: it is judged and counted toward
// the cap once. A file of many keys, five lines each, reports every key,
// and no capped finding, far below the cap.
func TestWindowMatchCountedOnce(t *testing.T) {
	e := builtinEngine(t)
	const n = 120
	var b bytes.Buffer
	for i := range n {
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.New(rand.NewSource(int64(i))))
		if err != nil {
			t.Fatal(err)
		}
		der, err := x509.MarshalPKCS8PrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		pem.Encode(&b, &pem.Block{Type: "PRIVATE KEY", Bytes: der})
	}
	fs, _ := e.ScanFile("keys.pem", b.Bytes())
	keys := 0
	for _, f := range fs {
		switch f.RuleID {
		case "secret-private-key":
			keys++
		case CappedRule:
			t.Errorf("a capped finding at line %d: %s", f.Line, f.Message)
		}
	}
	if keys != n {
		t.Errorf("%d private keys found, want %d", keys, n)
	}
}
