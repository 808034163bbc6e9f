package custodian

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/doctable"
)

var updateDocs = flag.Bool("update", false, "rewrite the rule table of docs/custodian.md from the code")

// TestDocRules keeps the rule table of docs/custodian.md as the rule list
// makes it: every rule, its severity and its summary.
func TestDocRules(t *testing.T) {
	var rows [][]string
	for _, r := range Rules() {
		rows = append(rows, []string{doctable.Code(r.ID), r.Severity.String(), r.Summary})
	}
	doc := filepath.Join("..", "..", "docs", "custodian.md")
	doctable.Check(t, doc, "custodian-rules",
		doctable.Table([]string{"rule", "severity", "fires when"}, rows), *updateDocs)
	// The details beside the table name rules that exist.
	known := map[string]bool{}
	for _, r := range Rules() {
		known[r.ID] = true
	}
	details := doctable.DetailIDs(t, doc, "custodian-rules")
	if len(details) == 0 {
		t.Errorf("%s has no details list", doc)
	}
	for _, id := range details {
		if !known[id] {
			t.Errorf("%s details %s, which is not a rule", doc, id)
		}
	}
}
