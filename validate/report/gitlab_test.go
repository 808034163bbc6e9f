package report

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestGitLabGolden(t *testing.T) {
	var b bytes.Buffer
	if err := WriteGitLab(&b, goldenReport()); err != nil {
		t.Fatal(err)
	}
	golden(t, "gitlab.golden", b.Bytes())
	b.Reset()
	if err := WriteGitLab(&b, &Report{}); err != nil || b.String() != "[]\n" {
		t.Fatalf("empty report: %q, %v", b.String(), err)
	}
}

// TestGitLabSuppressed: a finding a merge request accepts itself is an
// info issue naming why, never a major one.
func TestGitLabSuppressed(t *testing.T) {
	rep := goldenReport()
	f := rep.Findings[0]
	rep.Findings = nil
	rep.Suppressed = []Suppressed{{Finding: f, Kind: "external", Justification: ".remnant-guard-ignore line 4, added in this pull request"}}
	var b bytes.Buffer
	if err := WriteGitLab(&b, rep); err != nil {
		t.Fatal(err)
	}
	var issues []gitlabIssue
	if err := json.Unmarshal(b.Bytes(), &issues); err != nil {
		t.Fatal(err)
	}
	if len(issues) != 1 || issues[0].Severity != "info" || !bytes.Contains([]byte(issues[0].Description), []byte("added in this pull request")) ||
		!bytes.HasPrefix([]byte(issues[0].Description), []byte(SuppressedNote)) {
		t.Fatalf("got %+v", issues)
	}
}
