package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
	s.env = append(s.env, "HOME="+s.dir, "XDG_CONFIG_HOME="+filepath.Join(s.dir, ".config"), "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=Ada", "GIT_AUTHOR_EMAIL=ada@example.com", "GIT_COMMITTER_NAME=Ada", "GIT_COMMITTER_EMAIL=ada@example.com",
		"NO_COLOR=1", "REMNANT_GUARD=", "REMNANT_GUARD_ALLOW=", "GITHUB_ACTIONS=", "GITHUB_EVENT_PATH=", "GITLAB_CI=", "CI_MERGE_REQUEST_IID=")
	work := filepath.Join(s.dir, "week")
	os.MkdirAll(work, 0o755)
	out, ok := s.run(work, "sh", script, work, "remnant-guard")
	if !ok || !strings.Contains(out, "firstweek: ok") {
		t.Fatalf("first week:\n%s", out)
	}
}
