package hooks

import (
	"os"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/validate"
)

// TestDocsConfigExample keeps the configuration example of
// docs/configuration.md true: it must parse, and set what it says.
func TestDocsConfigExample(t *testing.T) {
	data, err := os.ReadFile("../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "```toml\n")
	example, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("no toml example in docs/configuration.md")
	}
	cfg, err := config.Parse("docs/configuration.md", []byte(example), allRules())
	if err != nil {
		t.Fatalf("the example does not parse: %v", err)
	}
	if cfg.Custodian.StaleCommits != 5 || len(cfg.Secrets.Rules) != 1 || cfg.Paths[0] != "packages/*/REMNANT.md" ||
		!cfg.Excludes("remnant-staged", "testdata/x/REMNANT.md") || cfg.Excludes("remnant-staged", "REMNANT.md") {
		t.Errorf("the example parsed to %+v", cfg)
	}
	engine, err := judge.New(cfg, nil).NewEngine(func(string) ([]byte, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	rule := cfg.Secrets.Rules[0]
	for _, ex := range rule.TP {
		if fs, _ := engine.ScanFile("x.env", []byte(ex+"\n")); !found(fs, rule.ID) {
			t.Errorf("the example's rule misses its true example %q", ex)
		}
	}
	for _, ex := range rule.FP {
		if fs, _ := engine.ScanFile("x.env", []byte(ex+"\n")); found(fs, rule.ID) {
			t.Errorf("the example's rule reports its false example %q", ex)
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
