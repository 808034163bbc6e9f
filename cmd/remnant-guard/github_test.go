package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestGitHubGolden(t *testing.T) {
	var b bytes.Buffer
	if err := writeGitHub(&b, goldenReport()); err != nil {
		t.Fatal(err)
	}
	golden(t, "github.golden", b.Bytes())
	b.Reset()
	if err := writeStepSummary(&b, goldenReport()); err != nil {
		t.Fatal(err)
	}
	golden(t, "github-summary.golden", b.Bytes())
}

func TestGitHubEscaping(t *testing.T) {
	if got, want := ghProperty("a:b,c%d\ne\r"), "a%3Ab%2Cc%25d%0Ae%0D"; got != want {
		t.Errorf("ghProperty = %q, want %q", got, want)
	}
	if got, want := ghData("a:b,c%d\ne"), "a:b,c%25d%0Ae"; got != want {
		t.Errorf("ghData = %q, want %q", got, want)
	}
}

func TestStepSummaryAppends(t *testing.T) {
	path := filepath.Join(t.TempDir(), "summary.md")
	if err := os.WriteFile(path, []byte("earlier\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := appendStepSummary(path, goldenReport()); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !bytes.HasPrefix(data, []byte("earlier\n### remnant-guard")) || !bytes.Contains(data, []byte("`secret-github-pat`")) {
		t.Errorf("summary file:\n%s", data)
	}
	if err := appendStepSummary("", goldenReport()); err != nil {
		t.Errorf("no summary file: %v", err)
	}
}
