package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// actionlintVersion is the actionlint the workflows are linted with.
const actionlintVersion = "v1.7.12"

// TestExampleWorkflow lints the GitHub Actions example docs/ci.md shows
// for a published release with actionlint, built from the module proxy (it is not a dependency of
// this module). Without network access it is skipped, unless CI is set.
func TestExampleWorkflow(t *testing.T) {
	workflow := readWorkflow(t, "remnant-guard.yml")
	checkDocShows(t, "docs/ci.md", workflow)
	bin := buildActionlint(t)
	dir := t.TempDir()
	wf := writeWorkflow(t, dir, "remnant-guard.yml", workflow)
	if out, err := actionlint(bin, dir, wf); err != nil {
		t.Fatalf("actionlint: %v\n%s", err, out)
	}
	// The linter does find problems: a broken copy fails.
	writeWorkflow(t, dir, "remnant-guard.yml", []byte(strings.Replace(string(workflow), "runs-on:", "runs-onn:", 1)))
	if out, err := actionlint(bin, dir, wf); err == nil {
		t.Fatalf("actionlint passed a broken workflow:\n%s", out)
	}
}

// TestLocalAction lints a workflow that uses this repository's action.yml
// as a local action (uses: ./): actionlint then parses action.yml and
// checks the inputs and outputs the workflow uses against it.
func TestLocalAction(t *testing.T) {
	workflow := readWorkflow(t, "local-action.yml")
	meta, err := os.ReadFile(filepath.Join(sourceRoot(t), "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	bin := buildActionlint(t)
	lint := func(meta []byte) ([]byte, error) {
		dir := t.TempDir()
		// actionlint reads local actions only inside a repository.
		if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
			t.Fatalf("git init: %v\n%s", err, out)
		}
		if err := os.WriteFile(filepath.Join(dir, "action.yml"), meta, 0o644); err != nil {
			t.Fatal(err)
		}
		return actionlint(bin, dir, writeWorkflow(t, dir, "local-action.yml", workflow))
	}
	if out, err := lint(meta); err != nil {
		t.Fatalf("actionlint: %v\n%s", err, out)
	}
	// What broke the action once: an unquoted ": " in a description.
	broken := strings.Replace(string(meta), `description: "Check the commits after this revision. Default: the pull request's base"`,
		`description: check the commits after this revision (default: the pull request's base)`, 1)
	if broken == string(meta) {
		t.Fatal("the base input's description changed: update this test")
	}
	if out, err := lint([]byte(broken)); err == nil {
		t.Fatalf("actionlint passed an action.yml that is not YAML:\n%s", out)
	}
	// An input the workflow passes and the action no longer has.
	if out, err := lint([]byte(strings.Replace(string(meta), "\n  go-version:\n", "\n  go-versio:\n", 1))); err == nil {
		t.Fatalf("actionlint passed a workflow passing an unknown input:\n%s", out)
	}
}

// TestMirrorWorkflow lints the workflow of README's GitHub Actions quick
// start, which uses the action by path from a second checkout (a mirror of
// this repository at .remnant-guard): actionlint reads the action.yml found
// there and checks the inputs the workflow passes.
func TestMirrorWorkflow(t *testing.T) {
	workflow := readWorkflow(t, "mirror-action.yml")
	checkDocShows(t, "README.md", workflow)
	meta, err := os.ReadFile(filepath.Join(sourceRoot(t), "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	bin := buildActionlint(t)
	lint := func(workflow, meta []byte) ([]byte, error) {
		dir := t.TempDir()
		if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
			t.Fatalf("git init: %v\n%s", err, out)
		}
		if err := os.MkdirAll(filepath.Join(dir, ".remnant-guard"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ".remnant-guard", "action.yml"), meta, 0o644); err != nil {
			t.Fatal(err)
		}
		return actionlint(bin, dir, writeWorkflow(t, dir, "remnant-guard.yml", workflow))
	}
	if out, err := lint(workflow, meta); err != nil {
		t.Fatalf("actionlint: %v\n%s", err, out)
	}
	// The check has teeth: an input the action at .remnant-guard does not
	// have fails, which actionlint can only know from that action.yml.
	if out, err := lint([]byte(strings.Replace(string(workflow), "upload-sarif: true", "upload-sarf: true", 1)), meta); err == nil {
		t.Fatalf("actionlint passed an unknown input:\n%s", out)
	}
}

func readWorkflow(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sourceRoot(t), "testdata", "workflows", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// writeWorkflow writes a workflow into dir/.github/workflows.
func writeWorkflow(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	wf := filepath.Join(dir, ".github", "workflows", name)
	if err := os.MkdirAll(filepath.Dir(wf), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(wf, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return wf
}

// actionlint lints one workflow in dir; any output is a failure.
func actionlint(bin, dir, wf string) ([]byte, error) {
	cmd := exec.Command(bin, "-no-color", wf)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err == nil && len(bytes.TrimSpace(out)) > 0 {
		err = os.ErrInvalid
	}
	return out, err
}

// buildActionlint installs actionlint into a temporary GOBIN.
func buildActionlint(t *testing.T) string {
	t.Helper()
	testtier.Slow(t) // builds actionlint from the module proxy
	gobin := t.TempDir()
	cmd := exec.Command("go", "install", "github.com/rhysd/actionlint/cmd/actionlint@"+actionlintVersion)
	cmd.Env = append(os.Environ(), "GOBIN="+gobin, "GOFLAGS=-mod=mod", "GOWORK=off")
	cmd.Dir = t.TempDir()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building actionlint: %v\n%s", err, out)
	}
	return filepath.Join(gobin, "actionlint")
}

// checkDocShows checks that a documentation file (a path relative to the
// repository root) shows the workflow file verbatim in a yaml block.
func checkDocShows(t *testing.T, file string, workflow []byte) {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(sourceRoot(t), filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(doc, []byte("```yaml\n"+string(workflow)+"```")) {
		t.Errorf("%s does not show the workflow verbatim:\n%s", file, workflow)
	}
}
