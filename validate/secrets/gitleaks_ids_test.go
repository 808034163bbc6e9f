package secrets

import (
	"slices"
	"testing"
)

// TestGitleaksIDsByCase: gitleaks keys its rules by the exact id, so "a",
// "A" and "a_" are three rules; each gets its own rule here, finds its own
// secrets, and an allowlist aimed at one leaves the others alone.
func TestGitleaksIDsByCase(t *testing.T) {
	const cfg = `
[[rules]]
id = "a"
regex = '''lower_[0-9]{12}'''

[[rules]]
id = "A"
regex = '''upper_[0-9]{12}'''
[[rules.allowlists]]
regexes = ['''upper_0{12}''']

[[rules]]
id = "a_"
regex = '''under_[0-9]{12}'''

[[rules]]
id = "a-2"
regex = '''dash_[0-9]{12}'''
`
	imp, err := ParseGitleaksConfig(".gitleaks.toml", []byte(cfg), nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, d := range imp.Rules {
		ids = append(ids, d.ID)
	}
	want := []string{"secret-gitleaks-a", "secret-gitleaks-a-2", "secret-gitleaks-a-3", "secret-gitleaks-a-2-2"}
	if !slices.Equal(ids, want) {
		t.Fatalf("ids %q, want %q", ids, want)
	}
	e, err := NewEngine(nil, Options{Extra: imp.Rules, Allowlists: imp.Allowlists})
	if err != nil {
		t.Fatalf("NewEngine: %v", err)
	}
	src := "x = lower_123456789012\ny = upper_123456789012\nz = under_123456789012\nw = dash_123456789012\nv = upper_000000000000\n"
	found, _ := e.ScanFile("f.txt", []byte(src))
	got := map[string][]int{}
	for _, f := range found {
		got[f.RuleID] = append(got[f.RuleID], f.Line)
	}
	for id, line := range map[string]int{want[0]: 1, want[1]: 2, want[2]: 3, want[3]: 4} {
		if !slices.Equal(got[id], []int{line}) {
			t.Errorf("rule %s found on lines %v, want [%d] (all: %v)", id, got[id], line, got)
		}
	}
}
