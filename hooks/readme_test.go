package hooks

import (
	"os"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/validate"
)

// TestReadmeConfigExample keeps the configuration example of README.md
// true: it must parse, and set what it says.
func TestReadmeConfigExample(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "\n## Configuration\n")
	if !ok {
		t.Fatal("README.md has no Configuration section")
	}
	_, rest, ok = strings.Cut(rest, "```toml\n")
	example, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("no toml example in the Configuration section")
	}
	cfg, err := config.Parse("README.md", []byte(example), allRules())
	if err != nil {
		t.Fatalf("the README example does not parse: %v", err)
	}
	if cfg.Custodian.StaleCommits != 5 || len(cfg.Secrets.Rules) != 1 || cfg.Paths[0] != "packages/*/REMNANT.md" {
		t.Errorf("the README example parsed to %+v", cfg)
	}
	engine, err := newJudge(cfg, nil).newEngine(func(string) ([]byte, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	rule := cfg.Secrets.Rules[0]
	for _, ex := range rule.TP {
		if fs, _ := engine.ScanFile("x.env", []byte(ex+"\n")); !found(fs, rule.ID) {
			t.Errorf("the README's rule misses its true example %q", ex)
		}
	}
	for _, ex := range rule.FP {
		if fs, _ := engine.ScanFile("x.env", []byte(ex+"\n")); found(fs, rule.ID) {
			t.Errorf("the README's rule reports its false example %q", ex)
		}
	}
}

func found(fs []validate.Finding, id string) bool {
	for _, f := range fs {
		if f.RuleID == id {
			return true
		}
	}
	return false
}
