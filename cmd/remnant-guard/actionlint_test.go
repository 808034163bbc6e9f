package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// actionlintVersion is the actionlint the example workflow is linted with.
const actionlintVersion = "v1.7.12"

// TestExampleWorkflow lints the GitHub Actions example the README shows
// with actionlint, built from the module proxy (it is not a dependency of
// this module). Without network access it is skipped, unless CI is set.
func TestExampleWorkflow(t *testing.T) {
	workflow, err := os.ReadFile(filepath.Join("..", "..", "testdata", "workflows", "remnant-guard.yml"))
	if err != nil {
		t.Fatal(err)
	}
	checkREADMEShows(t, workflow)
	bin := buildActionlint(t)
	dir := t.TempDir()
	wf := filepath.Join(dir, ".github", "workflows", "remnant-guard.yml")
	if err := os.MkdirAll(filepath.Dir(wf), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(wf, workflow, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-no-color", wf)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil || len(bytes.TrimSpace(out)) > 0 {
		t.Fatalf("actionlint: %v\n%s", err, out)
	}
	// The linter does find problems: a broken copy fails.
	broken := strings.Replace(string(workflow), "runs-on:", "runs-onn:", 1)
	if err := os.WriteFile(wf, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "-no-color", wf).CombinedOutput(); err == nil {
		t.Fatalf("actionlint passed a broken workflow:\n%s", out)
	}
}

// buildActionlint installs actionlint into a temporary GOBIN.
func buildActionlint(t *testing.T) string {
	t.Helper()
	gobin := t.TempDir()
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	cmd := exec.Command(goCmd, "install", "github.com/rhysd/actionlint/cmd/actionlint@"+actionlintVersion)
	cmd.Env = append(os.Environ(), "GOBIN="+gobin, "GOFLAGS=-mod=mod", "GOWORK=off")
	cmd.Dir = t.TempDir()
	if out, err := cmd.CombinedOutput(); err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("cannot build actionlint (no network?): %v\n%s", err, out)
		}
		t.Fatalf("building actionlint: %v\n%s", err, out)
	}
	return filepath.Join(gobin, "actionlint")
}

// checkREADMEShows checks that the README, once it has the GitHub Actions
// example, shows the workflow file verbatim.
func checkREADMEShows(t *testing.T, workflow []byte) {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil || !bytes.Contains(readme, []byte("uses: remnant-guard/remnant-guard@")) {
		return
	}
	if !bytes.Contains(readme, []byte("```yaml\n"+string(workflow)+"```")) {
		t.Error("README.md does not show testdata/workflows/remnant-guard.yml verbatim")
	}
}
