package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/validate"
)

// goldenReport is a fixed report: a secret with a span, a whole-file
// finding in a commit, a warning with a hint, a path that needs escaping
// and a skipped file.
func goldenReport() *hooks.Report {
	return &hooks.Report{
		Findings: []validate.Finding{
			{RuleID: "secret-github-pat", Severity: validate.Error, Path: "src/app.go", Line: 4, Column: 11, EndLine: 4, EndColumn: 50,
				Message: `GitHub personal access token (40 chars, starts "ghp_")`, Hint: "remove the secret and rotate it",
				Commit: "0123456789abcdef0123456789abcdef01234567", Fingerprint: "00112233445566778899aabbccddeeff"},
			{RuleID: "remnant-staged", Severity: validate.Error, Path: "docs/REMNANT.md",
				Message: "docs/REMNANT.md is added to the commit: REMNANT.md is local memory and is never committed",
				Hint:    "unstage it:  git rm --cached -- docs/REMNANT.md", Commit: "fedcba9876543210fedcba9876543210fedcba98"},
			{RuleID: "remnant-title", Severity: validate.Warning, Path: "a dir/x,y:z%.md", Line: 1, Column: 3, EndLine: 1, EndColumn: 10,
				Message: "title | is 100% odd\nsecond line"},
		},
		Skipped: []validate.Skipped{{Path: "img/logo.png", Reason: "binary file"}},
		Checked: 3,
	}
}

// golden compares got with testdata/golden/name, rewriting it when
// REMNANT_GUARD_UPDATE_GOLDEN is set.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if os.Getenv("REMNANT_GUARD_UPDATE_GOLDEN") != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with REMNANT_GUARD_UPDATE_GOLDEN=1 to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

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

func TestSARIFGolden(t *testing.T) {
	var b bytes.Buffer
	if err := writeSARIF(&b, goldenReport(), hooks.RulesWithExamples()); err != nil {
		t.Fatal(err)
	}
	golden(t, "sarif.golden", b.Bytes())
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
