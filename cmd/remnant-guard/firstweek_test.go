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

// TestFirstWeek runs testdata/firstweek.sh: a team's first week with the
// plain git hook and ci over a pull request, following every hint as
// printed (see the script for the days).
func TestFirstWeek(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Fatal("sh is not installed: the first-week script cannot run")
	}
	s := newSandbox(t)
	s.withBin()
	script, err := filepath.Abs(filepath.Join("testdata", "firstweek.sh"))
	if err != nil {
		t.Fatal(err)
	}
	s.env = append(s.env, replayEnv(s.dir)...)
	t.Run("script", func(t *testing.T) {
		s := s.with(t)
		work := filepath.Join(s.dir, "week")
		os.MkdirAll(work, 0o755)
		out, ok := s.run(work, "sh", script, work, "remnant-guard")
		if !ok || !strings.Contains(out, "firstweek: ok") {
			t.Fatalf("first week:\n%s", out)
		}
	})

	// The script writes the framework's hook as pre-commit 3 does; here
	// the real client writes it.
	t.Run("pre-commit-client", func(t *testing.T) {
		testtier.Slow(t)
		needTool(t, "pre-commit")
		s := s.with(t)
		repo := s.newRepo("framework")
		s.write(filepath.Join(repo, ".pre-commit-config.yaml"), "repos: []\n")
		s.must(repo, "pre-commit", "install")
		hook := filepath.Join(repo, ".git", "hooks", "pre-commit")
		before, err := os.ReadFile(hook)
		if err != nil {
			t.Fatal(err)
		}
		out, ok := s.run(repo, "remnant-guard", "install")
		if ok || !strings.Contains(out, "is the pre-commit framework's hook: add remnant-guard to the pre-commit framework instead") ||
			!strings.Contains(out, "id: remnant-guard") {
			t.Errorf("install over the hook pre-commit install wrote: passed %v, want refused with the framework's snippet:\n%s", ok, out)
		}
		if after, err := os.ReadFile(hook); err != nil || !bytes.Equal(after, before) {
			t.Errorf("install changed the framework's hook (%v)", err)
		}
	})
}
