package secrets

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/doctable"
)

var updateDocs = flag.Bool("update", false, "rewrite the rule table of docs/secret-rules.md from the code")

// TestDocRules keeps the table of docs/secret-rules.md as the built-in
// rules make it: every rule, what it finds and the keywords that wake it.
func TestDocRules(t *testing.T) {
	var rows [][]string
	for _, d := range BuiltinRules() {
		var kw []string
		for _, k := range d.Keywords {
			kw = append(kw, doctable.Code(k))
		}
		rows = append(rows, []string{doctable.Code(d.ID), d.Description, strings.Join(kw, " ")})
	}
	doctable.Check(t, filepath.Join("..", "..", "docs", "secret-rules.md"), "secret-rules",
		doctable.Table([]string{"rule", "what it finds", "keywords"}, rows), *updateDocs)
}
