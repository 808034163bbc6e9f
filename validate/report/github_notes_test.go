package report

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestGitHubNotes: each note is a notice annotation without a file, as
// docs/output.md says, its text escaped as workflow data.
func TestGitHubNotes(t *testing.T) {
	var b bytes.Buffer
	if err := WriteGitHub(&b, &Report{Notes: []string{"one: 50% done", "two"}}); err != nil {
		t.Fatal(err)
	}
	want := "::notice title=remnant-guard%3A note::one: 50%25 done\n::notice title=remnant-guard%3A note::two\n"
	if b.String() != want {
		t.Errorf("github notes:\n%s\nwant\n%s", b.String(), want)
	}
	doc, err := os.ReadFile("../../docs/output.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "is a `::notice title=remnant-guard: note::...` each") {
		t.Error("docs/output.md no longer says how notes are written with --format github")
	}
}
