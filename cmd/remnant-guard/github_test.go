package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// stepReport holds one secret finding.
func stepReport() *report.Report {
	return &report.Report{Findings: []validate.Finding{{RuleID: "secret-github-pat", Severity: validate.Error, Path: "src/app.go", Line: 4,
		Message: `GitHub personal access token (40 chars, starts "ghp_")`, Fingerprint: "00112233445566778899aabbccddeeff"}}}
}

func TestStepSummaryAppends(t *testing.T) {
	path := filepath.Join(t.TempDir(), "summary.md")
	if err := os.WriteFile(path, []byte("earlier\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := appendStepSummary(path, stepReport(), judge.NewMasker()); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !bytes.HasPrefix(data, []byte("earlier\n### remnant-guard")) || !bytes.Contains(data, []byte("`secret-github-pat`")) {
		t.Errorf("summary file:\n%s", data)
	}
	if err := appendStepSummary("", stepReport(), judge.NewMasker()); err != nil {
		t.Errorf("no summary file: %v", err)
	}
}
