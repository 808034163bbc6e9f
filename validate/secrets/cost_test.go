package secrets

import (
	"fmt"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

// A sealed ignore file seals a finding's secret only when an entry could
// match it by the rule its comment names and its glob, and at most
// SealBudget secrets a run; the rest are not compared, and say so.
func TestIgnoreSealsOnlyWhatCouldMatch(t *testing.T) {
	salt := "salt " + strings.Repeat("ab", 32) + "\n"
	s, _ := NewSealer([]byte(strings.Repeat("\xab", 32)))
	accepted := Fingerprint("secret-github-pat", "ghp_accepted")
	file := salt + s.Seal(accepted) + " fixtures/** # secret-github-pat at fixtures/a.txt:1\n" +
		"0123456789abcdef0123456789abcdef # secret-generic at app.env:3\n"
	ig, err := ParseIgnore("ign", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if ig.Budget() != SealBudget(2) || SealBudget(2) != 20 || SealBudget(1e6) != MaxSealBudget {
		t.Fatalf("budget %d", ig.Budget())
	}
	find := func(rule, path, secret string) validate.Finding {
		return validate.Finding{RuleID: rule, Path: path, Fingerprint: Fingerprint(rule, secret)}
	}
	if !ig.Match(find("secret-github-pat", "fixtures/x/b.txt", "ghp_accepted")) {
		t.Error("the accepted secret is not matched in fixtures/")
	}
	if ig.Match(find("secret-github-pat", "src/a.txt", "ghp_accepted")) {
		t.Error("the accepted secret is matched outside its glob")
	}
	for _, f := range []validate.Finding{
		find("secret-github-pat", "src/a.txt", "ghp_other"), // outside the glob
		find("secret-npm-token", "fixtures/a.txt", "npm_x"), // a rule no entry names
	} {
		if ig.Match(f) {
			t.Errorf("%s at %s matched", f.RuleID, f.Path)
		}
		if _, sealed := ig.sealer.Sealed(f.Fingerprint); sealed {
			t.Errorf("%s at %s was sealed, though no entry could match it", f.RuleID, f.Path)
		}
	}
	// secret-generic findings anywhere could match: the budget applies.
	var last validate.Finding
	for i := 0; i < ig.Budget()+5; i++ {
		last = find("secret-generic", "app.env", fmt.Sprint("pw", i))
		ig.Match(last)
	}
	if !ig.Uncompared(last.Fingerprint) || ig.Uncompared(find("secret-generic", "app.env", "pw0").Fingerprint) {
		t.Error("past the budget, findings are not marked as not compared (or the first one is)")
	}
	if ig.Match(find("secret-github-pat", "fixtures/b.txt", "ghp_accepted")) != true {
		t.Error("a secret sealed before the budget ran out is still compared")
	}
}

func TestCommentRule(t *testing.T) {
	for line, want := range map[string]string{
		"0123 # secret-generic at app.env:3":    "secret-generic",
		"0123 a/** # secret-x at a/b:1":         "secret-x",
		"0123 # accepted in 2025":               "",
		"0123 # secret-generic, a test fixture": "",
		"0123":                                  "",
	} {
		if got := commentRule([]byte(line)); got != want {
			t.Errorf("%q: rule %q, want %q", line, got, want)
		}
	}
}

// Scans sharing an engine and its ignore file may run at once: the count
// of slow hashes and the findings' cap are shared safely (go test -race).
func TestIgnoreSharedByScans(t *testing.T) {
	ig, err := ParseIgnore("ign", []byte("salt "+strings.Repeat("cd", 32)+"\n0123456789abcdef0123456789abcdef # secret-github-pat at a.txt:1\n"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewEngine(BuiltinRules(), Options{Ignore: ig})
	if err != nil {
		t.Fatal(err)
	}
	src := []byte("ghp_8r6Jk2LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq\nghp_Zq8Lm2Nw4Xr6Ty1Ub3Vc5Hd7Je9Kf0Ga2Pb4\n")
	done := make(chan int)
	for i := 0; i < 4; i++ {
		go func() {
			fs, _ := e.ScanFile(fmt.Sprintf("f%d.txt", i), src)
			done <- len(fs)
		}()
	}
	for i := 0; i < 4; i++ {
		if n := <-done; n != 2 {
			t.Errorf("%d findings, want 2", n)
		}
	}
}
