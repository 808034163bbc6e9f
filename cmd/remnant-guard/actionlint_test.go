package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

// TestProjectWorkflows lints the repository's own workflows with
// actionlint, as .ci/run does, and a copy with a typo fails.
func TestProjectWorkflows(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(sourceRoot(t), ".github", "workflows", "*.yml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no workflows in .github/workflows: %v", err)
	}
	bin := buildActionlint(t)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		wf := writeWorkflow(t, dir, filepath.Base(f), data)
		if out, err := actionlint(bin, dir, wf); err != nil {
			t.Errorf("actionlint %s: %v\n%s", filepath.Base(f), err, out)
		}
		writeWorkflow(t, dir, filepath.Base(f), []byte(strings.Replace(string(data), "permissions:", "permisions:", 1)))
		if out, err := actionlint(bin, dir, wf); err == nil {
			t.Errorf("actionlint passed a broken %s:\n%s", filepath.Base(f), out)
		}
	}
}

// usesLine is a uses: line of a workflow or action.yml.
var usesLine = regexp.MustCompile(`(?m)^\s*(?:-\s+)?uses:\s*(\S+)(.*)$`)

// TestActionsPinned checks that the repository's workflows and action.yml
// use every action by a full commit hash, with the version it is in a
// comment (# vX.Y.Z), and that one action is pinned alike everywhere.
func TestActionsPinned(t *testing.T) {
	root := sourceRoot(t)
	files, err := filepath.Glob(filepath.Join(root, ".github", "workflows", "*.yml"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join(root, "action.yml"))
	pinned := regexp.MustCompile(`^([\w.-]+/[\w./-]+)@([0-9a-f]{40})$`)
	comment := regexp.MustCompile(`^\s*# v\d+\.\d+\.\d+$`)
	seen := map[string]string{}
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range usesLine.FindAllStringSubmatch(string(data), -1) {
			n++
			if strings.HasPrefix(m[1], "./") {
				continue
			}
			p := pinned.FindStringSubmatch(m[1])
			if p == nil || !comment.MatchString(m[2]) {
				t.Errorf("%s: uses %s%s: want OWNER/REPO@<40-hex commit> # vX.Y.Z", filepath.Base(f), m[1], m[2])
				continue
			}
			repo := strings.Join(strings.SplitN(p[1], "/", 3)[:2], "/")
			if prev, ok := seen[repo]; ok && prev != p[2]+m[2] {
				t.Errorf("%s: %s pinned at %s%s here, %s elsewhere", filepath.Base(f), repo, p[2], m[2], prev)
			}
			seen[repo] = p[2] + m[2]
		}
	}
	if n < 5 {
		t.Fatalf("found %d uses: lines; the pattern no longer matches the files", n)
	}
}
