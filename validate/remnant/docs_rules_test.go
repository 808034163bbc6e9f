package remnant

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/doctable"
)

var updateDocs = flag.Bool("update", false, "rewrite the rule tables of docs/remnant-rules.md from the code")

// TestDocRules keeps the rule tables of docs/remnant-rules.md as the rule lists
// make them: every rule, its severity and its summary.
func TestDocRules(t *testing.T) {
	doc := filepath.Join("..", "..", "docs", "remnant-rules.md")
	var rows [][]string
	for _, r := range RemnantRules() {
		rows = append(rows, []string{doctable.Code(r.ID), r.Severity.String(), r.Summary})
	}
	doctable.Check(t, doc, "remnant-rules", doctable.Table([]string{"rule", "severity", "what it reports"}, rows), *updateDocs)
	rows = nil
	for _, r := range GitRules() {
		judges := "the commit"
		if r.Local {
			judges = "the local working tree"
		}
		rows = append(rows, []string{doctable.Code(r.ID), r.Severity.String(), judges, r.Summary})
	}
	doctable.Check(t, doc, "remnant-git-rules", doctable.Table([]string{"rule", "severity", "judges", "what it reports"}, rows), *updateDocs)
	// The details beside the table name rules that exist.
	known := map[string]bool{}
	for _, r := range append(RemnantRules(), GitRules()...) {
		known[r.ID] = true
	}
	details := doctable.DetailIDs(t, doc, "remnant-rules")
	if len(details) == 0 {
		t.Errorf("%s has no details list", doc)
	}
	for _, id := range details {
		if !known[id] {
			t.Errorf("%s details %s, which is not a rule", doc, id)
		}
	}
}
