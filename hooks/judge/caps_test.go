package judge

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/heapcost"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

func secretFindings(n int) []validate.Finding {
	fs := make([]validate.Finding, n)
	for i := range fs {
		fs[i] = validate.Finding{RuleID: "secret-github-pat", Severity: validate.Error, Path: fmt.Sprintf("f%05d.txt", i),
			Line: 1, Column: 1, Message: "GitHub personal access token", Fingerprint: secrets.Fingerprint("secret-github-pat", fmt.Sprint(i))}
	}
	return fs
}

// A run reports at most maxRunFindings secret findings, then one finding
// that says how many were not shown; other findings are all kept, and a
// report is capped once.
func TestRunFindingsCapped(t *testing.T) {
	j := New(config.Default(), NewMasker())
	fs := append(secretFindings(maxRunFindings+7), validate.Finding{RuleID: "remnant-missing", Severity: validate.Error, Path: "REMNANT.md"})
	out := j.Apply(fs)
	var secret, capped, other int
	for _, f := range out {
		switch {
		case f.RuleID == secrets.CappedRule:
			capped++
			if !strings.HasPrefix(f.Message, "7 more secret findings in this run") || f.Severity != validate.Error || f.Path != fmt.Sprintf("f%05d.txt", maxRunFindings) {
				t.Errorf("capped finding %+v", f)
			}
		case f.RuleID == "secret-github-pat":
			secret++
		default:
			other++
		}
	}
	if secret != maxRunFindings || capped != 1 || other != 1 {
		t.Errorf("%d secret, %d capped, %d other findings", secret, capped, other)
	}
	if again := j.Apply(out); len(again) != len(out) {
		t.Errorf("a second apply: %d findings, then %d", len(out), len(again))
	}
}

// With a salt and no entry that could match, no fingerprint is computed
// to compare; up to maxShownFingerprints are computed to be shown, and
// past that none, the findings keeping theirs aside for --write-ignore and
// their hints naming them by their place.
func TestShownFingerprintsBounded(t *testing.T) {
	salt := strings.Repeat("ab", 32)
	ig, err := secrets.ParseIgnore(config.IgnoreName, []byte("salt "+salt+"\n0123456789abcdef0123456789abcdef # secret-generic at a.env:1\n"))
	if err != nil {
		t.Fatal(err)
	}
	j := New(config.Default(), nil)
	j.ignore = ig
	out := j.Apply(secretFindings(10))
	shown := 0
	for _, f := range out {
		if f.Fingerprint != "" {
			shown++
		} else if !strings.Contains(f.Hint, "allow "+f.Path+":") {
			t.Errorf("hint %q", f.Hint)
		}
	}
	if shown != 0 || len(j.unsealed) != 10 {
		t.Errorf("10 findings: %d fingerprints shown, %d kept aside", shown, len(j.unsealed))
	}
	j = New(config.Default(), nil)
	j.ignore = ig
	for _, f := range j.Apply(secretFindings(maxShownFingerprints)) {
		if f.Fingerprint == "" {
			t.Errorf("%d findings: one shows no fingerprint", maxShownFingerprints)
		}
	}
}

// Masking text that a dense rule matches all over (a report's JSON, say)
// grows with the text: the engine's cap stops the rule, and the rest of the
// text is masked whole.
func TestMaskDenseLinear(t *testing.T) {
	e, err := secrets.NewEngine(nil, secrets.Options{Extra: []secrets.RuleDef{{ID: "secret-letter", Description: "a letter", Regex: "[a-z]", KeepFakes: true}}})
	if err != nil {
		t.Fatal(err)
	}
	m := NewMasker()
	m.use(e)
	line := `{"rule_id": "secret-letter", "message": "a \"letter\" here"},` + "\n"
	small, large := strings.Repeat(line, 40), strings.Repeat(line, 320)
	heapcost.Finishes(t, "masking", func() {
		heapcost.CheckLinear(t, "mask dense", func() { m.Mask(small) }, func() { m.Mask(large) })
	})
	// The rest masked whole shows its first 4 characters, as a secret does.
	got := m.Mask(large)
	if countLetters(got) > 4 {
		t.Errorf("%d letters left unmasked", countLetters(got))
	}
}

func countLetters(s string) int {
	n := 0
	for _, c := range s {
		if c >= 'a' && c <= 'z' {
			n++
		}
	}
	return n
}

// Past the run's cap, the engine's scans of 2,000 more files, one token
// each, give one capped finding counting all 2,000, not one per file; a
// file that reached its own cap before is counted in it too.
func TestRunCapOneFinding(t *testing.T) {
	e, err := secrets.NewEngine(secrets.BuiltinRules(), secrets.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var fs []validate.Finding
	r := rand.New(rand.NewPCG(1, 2))
	const files = maxRunFindings + 2000
	for i := range files {
		tok := "ghp_" + randomToken(r, 36)
		found, _ := e.ScanFile(fmt.Sprintf("f%05d.txt", i), []byte("token "+tok+"\n"))
		fs = append(fs, found...)
	}
	if !e.RunFull() {
		t.Fatal("the engine's run is not full")
	}
	j := New(config.Default(), NewMasker())
	j.engine = e
	out := j.Apply(fs)
	secret, capped := 0, 0
	for _, f := range out {
		switch {
		case f.RuleID == secrets.CappedRule:
			capped++
			if !strings.HasPrefix(f.Message, "2000 more secret findings in this run") {
				t.Errorf("capped finding %+v", f)
			}
		case strings.HasPrefix(f.RuleID, "secret-github"):
			secret++
		}
	}
	if secret != maxRunFindings || capped != 1 {
		t.Errorf("%d secret findings, %d capped findings; want %d and 1", secret, capped, maxRunFindings)
	}
}

// randomToken is n random letters and digits.
func randomToken(r *rand.Rand, n int) string {
	const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = alnum[r.IntN(len(alnum))]
	}
	return string(b)
}
