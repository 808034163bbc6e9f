package main

import (
	"bytes"
	"testing"

	"github.com/remnant-guard/remnant-guard/hooks"
)

func TestGitLabGolden(t *testing.T) {
	var b bytes.Buffer
	if err := writeGitLab(&b, goldenReport()); err != nil {
		t.Fatal(err)
	}
	golden(t, "gitlab.golden", b.Bytes())
	b.Reset()
	if err := writeGitLab(&b, &hooks.Report{}); err != nil || b.String() != "[]\n" {
		t.Fatalf("empty report: %q, %v", b.String(), err)
	}
}
