package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// TestDocsPullRequestAccept: what docs/ci.md says a pull request's own
// accepted finding looks like is what the formats write, and every case
// it says accepts nothing is one testdata/script/ci_pr_accept.txtar
// runs.
func TestDocsPullRequestAccept(t *testing.T) {
	doc := docSection(t, "docs/ci.md", "### A false positive in a pull request", "\n### ")
	rep := &report.Report{Suppressed: []report.Suppressed{
		{Finding: validate.Finding{RuleID: "secret-github-pat", Severity: validate.Error, Path: "fixtures/gh.txt", Line: 1, Column: 9, Message: "m"}, Kind: "external", Justification: "j"},
		{Finding: validate.Finding{RuleID: "secret-github-pat", Severity: validate.Error, Path: "b.txt", Line: 2, Column: 1, Message: "m"}, Kind: "inSource", Justification: "k"},
	}}
	var text, gh, js, sarif bytes.Buffer
	if err := report.WriteText(&text, rep, report.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteGitHub(&gh, rep); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteSARIF(&sarif, rep, nil, "(devel)"); err != nil {
		t.Fatal(err)
	}
	for _, claim := range []string{"**accepted in this pull\nrequest**", "`note:` line in text", "`::notice` annotation", "a `suppressed` list in JSON"} {
		if !strings.Contains(doc, claim) {
			t.Errorf("docs/ci.md no longer says %q", claim)
		}
	}
	if !strings.Contains(text.String(), "fixtures/gh.txt:1:9: note: "+report.SuppressedNote) {
		t.Errorf("text: %s", text.String())
	}
	if !strings.HasPrefix(gh.String(), "::notice file=fixtures/gh.txt,line=1,") {
		t.Errorf("github: %s", gh.String())
	}
	for _, s := range []string{`"suppressed": [`, `"kind": "external"`, `"justification": "j"`} {
		if !strings.Contains(js.String(), s) {
			t.Errorf("json lacks %s:\n%s", s, js.String())
		}
	}
	for _, s := range []string{`"kind": "external"`, `"kind": "inSource"`, `"status": "accepted"`, `"justification": "k"`} {
		if !strings.Contains(sarif.String(), s) {
			t.Errorf("SARIF lacks %s", s)
		}
		if k := strings.TrimPrefix(s, `"kind": `); k != s && !strings.Contains(doc, k) {
			t.Errorf("docs/ci.md does not name the SARIF kind %s", k)
		}
	}
	if !strings.Contains(doc, `"status":`+"\n"+`"accepted"`) && !strings.Contains(doc, `"status": "accepted"`) {
		t.Error(`docs/ci.md does not give the SARIF status "accepted"`)
	}

	// Every case said to accept nothing is run by the script.
	script, err := os.ReadFile(filepath.Join("testdata", "script", "ci_pr_accept.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for claim, step := range map[string]string{
		"without\na path":                   "'every path'",
		"with a glob (`fixtures/*`)":        "'a glob'",
		"an entry without its rule":         "'no rule'",
		"with another rule":                 "'another rule'",
		"the same\nsecret in another file":  "'same token elsewhere'",
		"a salt that replaces the base's":   "'the fixture and its entry, with a salt of its own'",
		"own `.remnant-guard.toml`":         "'rule off'",
		"has it on allowed lines only":      "'again'",
		"accepts\n  a secret finding":       "'accept the fixture'",
		"earlier commit added accepts that": "'mark the fixture'",
	} {
		if !strings.Contains(regexp.MustCompile(`\s+`).ReplaceAllString(doc, " "), regexp.MustCompile(`\s+`).ReplaceAllString(claim, " ")) {
			t.Errorf("docs/ci.md no longer says %q", claim)
		}
		if !bytes.Contains(script, []byte(step)) {
			t.Errorf("ci_pr_accept.txtar has no step %s for %q", step, claim)
		}
	}
}
