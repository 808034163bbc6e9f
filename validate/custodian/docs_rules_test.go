package custodian

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
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

// TestDocProjectIDHowTo: docs/custodian.md gives the commands the
// project_id error gives.
func TestDocProjectIDHowTo(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "custodian.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(data)), " ")
	for _, cmd := range []string{"`python3 -c 'import uuid; print(uuid.uuid4())'`", "`uuidgen | tr A-F a-f`"} {
		if !strings.Contains(projectIDHowTo, cmd) || !strings.Contains(doc, cmd) {
			t.Errorf("%s is not in both the project_id error and docs/custodian.md", cmd)
		}
	}
}
