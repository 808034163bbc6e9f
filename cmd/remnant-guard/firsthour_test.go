package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFirstHour runs testdata/firsthour.sh: a new user's first hour with
// the plain git hook, following every hint as printed. It runs with
// remnant-guard on PATH, and with a copy that is not (as the pre-commit
// framework keeps its own in its cache), where the hints must name that
// copy.
func TestFirstHour(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Fatal("sh is not installed: the first-hour script cannot run")
	}
	s := newSandbox(t)
	bin := s.withBin()
	script, err := filepath.Abs(filepath.Join("testdata", "firsthour.sh"))
	if err != nil {
		t.Fatal(err)
	}
	s.env = append(s.env, replayEnv(s.dir)...)

	t.Run("on-path", func(t *testing.T) {
		s := s.with(t)
		work := filepath.Join(s.dir, "on-path")
		os.MkdirAll(work, 0o755)
		out, ok := s.run(work, "sh", script, work, "remnant-guard")
		if !ok || !strings.Contains(out, "firsthour: ok") {
			t.Fatalf("first hour with remnant-guard on PATH:\n%s", out)
		}
	})

	t.Run("off-path", func(t *testing.T) {
		s := s.with(t)
		work := filepath.Join(s.dir, "off-path")
		cache := filepath.Join(s.dir, "cache", "repo1", "bin")
		os.MkdirAll(work, 0o755)
		os.MkdirAll(cache, 0o755)
		data, err := os.ReadFile(filepath.Join(bin, "remnant-guard"))
		if err != nil {
			t.Fatal(err)
		}
		self := filepath.Join(cache, "remnant-guard")
		if err := os.WriteFile(self, data, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, kv := range s.env {
			if p, ok := strings.CutPrefix(kv, "PATH="); ok {
				var keep []string
				for _, d := range filepath.SplitList(p) {
					if _, err := os.Stat(filepath.Join(d, "remnant-guard")); err != nil {
						keep = append(keep, d)
					}
				}
				s.env[i] = "PATH=" + strings.Join(keep, string(os.PathListSeparator))
			}
		}
		if got := s.lookPath("remnant-guard"); got != "remnant-guard" {
			t.Fatalf("remnant-guard is still on PATH: %s", got)
		}
		out, ok := s.run(work, "sh", script, work, self)
		if !ok || !strings.Contains(out, "firsthour: ok") {
			t.Fatalf("first hour with remnant-guard off PATH:\n%s", out)
		}
	})
}

// replayEnv is the environment of a replay script (testdata/replay.sh):
// a home of its own, a fixed author, no colour, and none of the switches
// that would skip or accept a check.
func replayEnv(home string) []string {
	return []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=Ada", "GIT_AUTHOR_EMAIL=ada@example.com", "GIT_COMMITTER_NAME=Ada", "GIT_COMMITTER_EMAIL=ada@example.com",
		"NO_COLOR=1", "REMNANT_GUARD=", "REMNANT_GUARD_ALLOW="}
}
