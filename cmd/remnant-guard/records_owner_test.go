//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRecordsAnotherUserMade: the Decisions record under .git/remnant-guard
// made unreadable or unwritable by another user (root running remnant-guard
// in the checkout, a root devcontainer) is a warning saying what to do,
// never a blocked commit. Run as root, the test makes the records as root
// and commits as nobody, the real case; run as another user, it takes the
// records' permissions away with chmod, which denies that user the same way.
func TestRecordsAnotherUserMade(t *testing.T) {
	bin := buildBinary(t)
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	home := filepath.Join(base, "home")
	for _, d := range []string{repo, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	asRoot := os.Geteuid() == 0
	// Let nobody reach the binary and the repository.
	for d := base; asRoot && d != "/" && d != os.TempDir(); d = filepath.Dir(d) {
		os.Chmod(d, 0o755)
	}
	os.Chmod(filepath.Dir(bin), 0o755)
	env := append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "NO_COLOR=1",
		"GIT_AUTHOR_NAME=Ada", "GIT_AUTHOR_EMAIL=ada@example.com",
		"GIT_COMMITTER_NAME=Ada", "GIT_COMMITTER_EMAIL=ada@example.com",
		// root runs in a checkout it does not own, as sudo would.
		"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=safe.directory", "GIT_CONFIG_VALUE_0=*")
	run := func(owner bool, args ...string) (string, int) {
		t.Helper()
		if owner && asRoot {
			args = append([]string{"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"}, args...)
		}
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return string(out), ee.ExitCode()
		}
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		return string(out), 0
	}
	must := func(owner bool, args ...string) {
		t.Helper()
		if out, code := run(owner, args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, out)
		}
	}
	must(false, "git", "init", "-q", "-b", "main")
	must(false, bin, "init")
	if err := os.WriteFile(filepath.Join(repo, "REMNANT.md"), []byte(ownerRemnant), 0o644); err != nil {
		t.Fatal(err)
	}
	must(false, "git", "add", "-A")
	must(false, "git", "commit", "-q", "-m", "init")
	if asRoot {
		must(false, "chown", "-R", "65534:65534", repo, home)
	}
	records := filepath.Join(repo, ".git", "remnant-guard")

	// Someone else's run leaves records the owner cannot read.
	must(false, bin, "check", "REMNANT.md")
	matches, _ := filepath.Glob(filepath.Join(records, "decisions-*"))
	if len(matches) != 1 {
		t.Fatalf("want one Decisions record after check, got %v", matches)
	}
	if !asRoot {
		os.Chmod(matches[0], 0)
		defer os.Chmod(matches[0], 0o600)
	}
	if err := os.WriteFile(filepath.Join(repo, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if asRoot {
		must(false, "chown", "65534:65534", filepath.Join(repo, "a.txt"))
	}
	must(true, "git", "add", "a.txt")
	out, code := run(true, bin, "pre-commit")
	if code != 0 {
		t.Errorf("pre-commit with an unreadable record: exit %d, want 0\n%s", code, out)
	}
	if !strings.Contains(out, "remnant-decisions-record-unusable") || !strings.Contains(out, "could not be read") {
		t.Errorf("pre-commit with an unreadable record does not warn about it:\n%s", out)
	}
	if strings.Contains(out, "permission denied") && !strings.Contains(out, "warning") {
		t.Errorf("the permission error is not a warning:\n%s", out)
	}

	// A records folder the owner cannot write to.
	if err := os.Remove(matches[0]); err != nil {
		t.Fatal(err)
	}
	if !asRoot {
		os.Chmod(records, 0o555)
		defer os.Chmod(records, 0o755)
	}
	out, code = run(true, bin, "pre-commit")
	if code != 0 {
		t.Errorf("pre-commit with an unwritable records folder: exit %d, want 0\n%s", code, out)
	}
	if !strings.Contains(out, "remnant-decisions-record-unusable") || !strings.Contains(out, "could not be written") {
		t.Errorf("pre-commit with an unwritable records folder does not warn about it:\n%s", out)
	}
	out, code = run(true, bin, "check", "REMNANT.md")
	if code == 2 || !strings.Contains(out, "remnant-decisions-record-unusable") {
		t.Errorf("check with an unwritable records folder: exit %d\n%s", code, out)
	}
}

const ownerRemnant = `# Remnant - repo

## Session
- version: 2
- date: 2026-05-05T14:00:00Z
- agent: claude-code
- duration: 30

## History
- [feat] 2026-05-04 (codex, 90m): started

## Done
- Started.

## Failed
- None.

## State
- Started.

## Next
- Go on.

## Blockers
- None.

## Decisions
- 2026-05-04 — Keep it small — one binary.

## Map
- a.txt — a file
`
