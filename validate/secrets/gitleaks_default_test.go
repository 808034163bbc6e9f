package secrets

import "testing"

// TestGitleaksDefaultIDWithRegex: a rule with a default rule's ID and a
// regex of its own is a rule of its own; the built-in rule stays.
func TestGitleaksDefaultIDWithRegex(t *testing.T) {
	config := "[extend]\nuseDefault = true\n[[rules]]\nid = \"github-pat\"\nregex = '''corp_[a-z0-9]{20}'''\nkeywords = [\"corp_\"]\n"
	e := glEngine(t, config, nil)
	fs, _ := e.ScanFile("a.txt", []byte("a = corp_k3j9x2m8q7w1z5r4t6y0\nb = "+fakePAT+"\n"))
	if len(fs) != 2 || fs[0].RuleID != "secret-gitleaks-github-pat" || fs[1].RuleID != "secret-github-pat" {
		t.Errorf("findings %v", ruleIDs(fs))
	}
}
