package report

import (
	"bytes"
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
