package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// hookNames returns the git hook names (pre-*) a text names, in order,
// once each.
func hookNames(text string) []string {
	var out []string
	for _, h := range regexp.MustCompile(`\bpre-(?:commit|merge-commit|applypatch|push)\b`).FindAllString(text, -1) {
		if !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	slices.Sort(out)
	return out
}

// TestDocsInstalledHooks: every place that says which hooks install
// writes by default names the hooks it does write, and the table of which
// check sees which commit gives git am the hook git runs for it.
func TestDocsInstalledHooks(t *testing.T) {
	// No global or system git configuration: a core.hooksPath there would
	// take the hooks out of the test's repository.
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	repo := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	t.Chdir(repo)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"install"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("install: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	entries, err := os.ReadDir(filepath.Join(repo, ".git", "hooks"))
	if err != nil {
		t.Fatal(err)
	}
	var written []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".sample") {
			written = append(written, e.Name())
		}
	}
	slices.Sort(written)
	if len(written) < 2 {
		t.Fatalf("install wrote %v", written)
	}

	stdout.Reset()
	if code := run([]string{"help", "install"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("help install: exit %d", code)
	}
	help := stdout.String()
	_, about, _ := strings.Cut(help, "\n\n")
	about, _, _ = strings.Cut(about, "\n\nFlags:")
	_, example, _ := strings.Cut(help, "\n  remnant-guard install\n")
	example, _, _ = strings.Cut(example, "\n  remnant-guard")
	for _, c := range []struct{ where, text string }{
		{"install's help", about},
		{"install's first example", example},
		{"README's Plain git hook", docSection(t, "README.md", "\n### Plain git hook\n", "A hook that was")},
		{"docs/commands.md's install row", docSection(t, "docs/commands.md", "| `install [--force]", "\n")},
		{"docs/commit-hook.md's first example", docSection(t, "docs/commit-hook.md", "remnant-guard install  ", "\n")},
		{"docs/ci.md's table header", strings.Split(docSection(t, "docs/ci.md", "| how the commit is made or moved |", "\n"), "|")[0]},
	} {
		if got := hookNames(c.text); !slices.Equal(got, written) {
			t.Errorf("%s names the hooks %v; install writes %v", c.where, got, written)
		}
	}
	row := docSection(t, "docs/ci.md", "| `git am` | ", "\n")
	if got := hookNames(strings.SplitN(row, "|", 2)[0]); !slices.Equal(got, []string{"pre-applypatch"}) || !slices.Contains(written, "pre-applypatch") {
		t.Errorf("docs/ci.md's git am row names %v; git runs pre-applypatch, and install writes %v", got, written)
	}
}

// TestDocsCIFormats: the ci flag table of docs/ci.md lists every output
// format.
func TestDocsCIFormats(t *testing.T) {
	row := docSection(t, "docs/ci.md", "| `--format` | `text` | ", "\n")
	var got []string
	for _, m := range regexp.MustCompile("`([a-z]+)`").FindAllStringSubmatch(row, -1) {
		got = append(got, m[1])
	}
	if !slices.Equal(got, formats) {
		t.Errorf("docs/ci.md's --format row lists %v, the tool has %v", got, formats)
	}
}

// TestREADMEHostileFiles: each test script README's Hostile files section
// names exists and is one docs/trust.md names for its guarantees.
func TestREADMEHostileFiles(t *testing.T) {
	section := docSection(t, "README.md", "\n## Hostile files\n", "\n## ")
	trust := docSection(t, "docs/trust.md", "", "\n## Not covered yet\n")
	scripts := regexp.MustCompile("`([a-z0-9_]+\\.txtar)`").FindAllStringSubmatch(section, -1)
	if len(scripts) < 5 {
		t.Fatalf("README's Hostile files section names %d test scripts", len(scripts))
	}
	for _, m := range scripts {
		if _, err := os.Stat(filepath.Join("testdata", "script", m[1])); err != nil {
			t.Errorf("README names %s: %v", m[1], err)
		}
		if !strings.Contains(trust, m[1]) {
			t.Errorf("README names %s, which docs/trust.md does not", m[1])
		}
	}
}
