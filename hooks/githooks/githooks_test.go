package githooks

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// These tests install hooks into real repositories made with the git CLI
// and let git run them. The binary the hooks run is a shell script that
// logs how it was called (the hook's name, its arguments, its stdin) to
// $LOG and exits with $FAKE_EXIT; a foreign hook logs the same way and
// exits with $FOREIGN_EXIT.

const fakeBinary = `#!/bin/sh
printf 'bin %s %s\n' "$REMNANT_GUARD_HOOK" "$*" >>"$LOG"
if [ "$1" = pre-push ]; then cat >"$LOG.bin-stdin"; fi
exit "${FAKE_EXIT:-0}"
`

const foreignHook = `#!/bin/sh
# a hook of the team's own
printf 'foreign %s\n' "$*" >>"$LOG"
case "$0" in *pre-push*) cat >"$LOG.foreign-stdin" ;; esac
exit "${FOREIGN_EXIT:-0}"
`

// testRepo is a repository with one commit, the fake binary beside it and
// the log its hooks write.
type testRepo struct {
	t      *testing.T
	dir    string // the working tree
	binary string
	log    string
	home   string
}

func newRepo(t *testing.T) *testRepo {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the hooks are POSIX shell scripts; git for Windows runs them through its own sh")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	base := t.TempDir()
	r := &testRepo{t: t, dir: filepath.Join(base, "repo"), binary: filepath.Join(base, "bin", "remnant-guard"),
		log: filepath.Join(base, "log"), home: filepath.Join(base, "home")}
	for _, d := range []string{r.dir, r.home, filepath.Dir(r.binary)} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeExec(t, r.binary, fakeBinary)
	r.git("init", "-q", "-b", "main")
	r.commitFile("README", "hello\n", nil)
	return r
}

func (r *testRepo) env(extra []string) []string {
	env := append(os.Environ(), "HOME="+r.home, "XDG_CONFIG_HOME="+r.home, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"LOG="+r.log)
	return append(env, extra...)
}

// run runs git in dir and returns its combined output and error.
func (r *testRepo) run(dir string, extra []string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = r.env(extra)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (r *testRepo) git(args ...string) string {
	r.t.Helper()
	out, err := r.run(r.dir, nil, args...)
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(out)
}

// commitFile commits a file with the hooks running; the error is git's.
func (r *testRepo) commitFile(name, content string, extra []string) (string, error) {
	r.t.Helper()
	if err := os.WriteFile(filepath.Join(r.dir, name), []byte(content), 0o644); err != nil {
		r.t.Fatal(err)
	}
	r.git("add", name)
	return r.run(r.dir, extra, "commit", "-q", "-m", "change "+name)
}

// takeLog returns what the hooks logged since the last call, and clears it.
func (r *testRepo) takeLog() string {
	r.t.Helper()
	data, err := os.ReadFile(r.log)
	if err != nil && !os.IsNotExist(err) {
		r.t.Fatal(err)
	}
	os.Remove(r.log)
	return string(data)
}

func (r *testRepo) hooksDir() string { return filepath.Join(r.dir, ".git", "hooks") }

// write writes a file of the work tree, making its folder.
func (r *testRepo) write(name, content string) {
	r.t.Helper()
	p := filepath.Join(r.dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

func (r *testRepo) install(hooks []string, force bool) ([]string, error) {
	return Install(InstallOptions{Dir: r.dir, Hooks: hooks, Force: force, Binary: r.binary})
}

func writeExec(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o755); err != nil {
		t.Fatal(err)
	}
}

func readString(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

func wantMessages(t *testing.T, got []string, want ...string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("messages:\n %q\nwant\n %q", got, want)
	}
}

func TestInstallWritesHooksGitRuns(t *testing.T) {
	r := newRepo(t)
	hd := r.hooksDir()
	msgs, err := r.install(nil, false)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs, hd+"/pre-commit: installed", hd+"/pre-merge-commit: installed", hd+"/pre-applypatch: installed")
	for _, name := range defaultHooks {
		data := readString(t, filepath.Join(hd, name))
		if classify([]byte(data)) != hookOurs {
			t.Errorf("%s is not a hook of ours as written:\n%s", name, data)
		}
		if fi, _ := os.Stat(filepath.Join(hd, name)); fi.Mode().Perm()&0o111 != 0o111 {
			t.Errorf("%s has mode %v, not executable", name, fi.Mode())
		}
	}
	if exists(filepath.Join(hd, "pre-push")) {
		t.Error("pre-push was installed without being asked for")
	}

	// git runs the hook, which runs the binary's pre-commit with the hook
	// named in REMNANT_GUARD_HOOK; the binary's failure fails the commit.
	if out, err := r.commitFile("a.txt", "a\n", nil); err != nil {
		t.Fatalf("commit: %v\n%s", err, out)
	}
	if got := r.takeLog(); got != "bin pre-commit pre-commit\n" {
		t.Errorf("the hook ran %q", got)
	}
	head := r.git("rev-parse", "HEAD")
	if out, err := r.commitFile("b.txt", "b\n", []string{"FAKE_EXIT=1"}); err == nil {
		t.Fatalf("the commit went through a failing hook:\n%s", out)
	}
	if r.git("rev-parse", "HEAD") != head {
		t.Error("HEAD moved")
	}
	r.takeLog()

	// A merge commit runs pre-merge-commit, which runs pre-commit too.
	r.git("checkout", "-q", "-b", "side")
	r.commitFile("side.txt", "s\n", nil)
	r.git("checkout", "-q", "main")
	r.commitFile("main.txt", "m\n", nil)
	r.takeLog()
	if out, err := r.run(r.dir, nil, "merge", "-q", "--no-edit", "--no-ff", "side"); err != nil {
		t.Fatalf("merge: %v\n%s", err, out)
	}
	if got := r.takeLog(); got != "bin pre-merge-commit pre-commit\n" {
		t.Errorf("a merge ran %q", got)
	}

	msgs, err = r.install(nil, false)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs, hd+"/pre-commit: already installed", hd+"/pre-merge-commit: already installed", hd+"/pre-applypatch: already installed")

	msgs, err = Uninstall(r.dir, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs, hd+"/pre-commit: removed", hd+"/pre-merge-commit: removed", hd+"/pre-applypatch: removed")
	for _, name := range allHooks {
		if exists(filepath.Join(hd, name)) {
			t.Errorf("%s is still there", name)
		}
	}
	if out, err := r.commitFile("c.txt", "c\n", []string{"FAKE_EXIT=1"}); err != nil || r.takeLog() != "" {
		t.Errorf("a hook still runs after uninstall: %v\n%s", err, out)
	}
	if msgs, err := Uninstall(r.dir, nil, false); err != nil || len(msgs) != 0 {
		t.Errorf("uninstall with nothing installed: %q, %v", msgs, err)
	}
}

func TestInstallChainsForeignHooks(t *testing.T) {
	r := newRepo(t)
	hd := r.hooksDir()
	bare := filepath.Join(filepath.Dir(r.dir), "remote.git")
	if out, err := r.run(filepath.Dir(r.dir), nil, "init", "-q", "--bare", bare); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	r.git("remote", "add", "origin", bare)
	for _, name := range []string{"pre-commit", "pre-push"} {
		writeExec(t, filepath.Join(hd, name), foreignHook)
	}
	msgs, err := r.install([]string{"pre-commit", "pre-push"}, false)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs,
		hd+"/pre-commit: installed; the existing hook runs first (kept as pre-commit.remnant-guard-chained)",
		hd+"/pre-push: installed; the existing hook runs first (kept as pre-push.remnant-guard-chained)")
	for _, name := range []string{"pre-commit", "pre-push"} {
		if got := readString(t, filepath.Join(hd, name+chainedSuffix)); got != foreignHook {
			t.Errorf("the kept %s differs from the team's hook:\n%s", name, got)
		}
	}

	// The team's hook runs first, with the hook's arguments; its failure
	// fails the commit before remnant-guard runs.
	if out, err := r.commitFile("a.txt", "a\n", nil); err != nil {
		t.Fatalf("commit: %v\n%s", err, out)
	}
	if got := r.takeLog(); got != "foreign \nbin pre-commit pre-commit\n" {
		t.Errorf("the hooks ran %q", got)
	}
	if out, err := r.commitFile("b.txt", "b\n", []string{"FOREIGN_EXIT=3"}); err == nil {
		t.Fatalf("the commit went through a failing team hook:\n%s", out)
	}
	if got := r.takeLog(); got != "foreign \n" {
		t.Errorf("after the team's hook failed, the hooks ran %q", got)
	}
	r.git("reset", "-q")

	// pre-push: both read the same refs on stdin and get git's arguments.
	if out, err := r.run(r.dir, nil, "push", "-q", "origin", "main"); err != nil {
		t.Fatalf("push: %v\n%s", err, out)
	}
	if got, want := r.takeLog(), fmt.Sprintf("foreign origin %s\nbin pre-push pre-push origin %s\n", bare, bare); got != want {
		t.Errorf("the push hooks ran %q, want %q", got, want)
	}
	fin, bin := readString(t, r.log+".foreign-stdin"), readString(t, r.log+".bin-stdin")
	if fin != bin || !strings.Contains(bin, "refs/heads/main "+r.git("rev-parse", "HEAD")) {
		t.Errorf("pre-push stdin: the team's hook read %q, remnant-guard %q", fin, bin)
	}

	// Uninstall puts the team's hooks back, byte for byte and executable.
	msgs, err = Uninstall(r.dir, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs, hd+"/pre-commit: removed; the earlier hook is restored", hd+"/pre-push: removed; the earlier hook is restored")
	for _, name := range []string{"pre-commit", "pre-push"} {
		p := filepath.Join(hd, name)
		if got := readString(t, p); got != foreignHook {
			t.Errorf("%s after uninstall:\n%s", name, got)
		}
		if fi, _ := os.Stat(p); fi.Mode().Perm()&0o111 == 0 {
			t.Errorf("%s lost its execute bit", name)
		}
		if exists(p + chainedSuffix) {
			t.Errorf("%s is left behind", name+chainedSuffix)
		}
	}
	if msgs, err := Uninstall(r.dir, nil, false); err != nil || len(msgs) != 0 {
		t.Errorf("uninstall again: %q, %v", msgs, err)
	}
}

// TestMarkerQuotedElsewhereIsForeign: only a hook whose second line is the
// marker is ours; one that mentions it elsewhere is chained, not replaced.
func TestMarkerQuotedElsewhereIsForeign(t *testing.T) {
	r := newRepo(t)
	hd := r.hooksDir()
	quoting := "#!/bin/sh\n# a hook of the team's own\n# " + managedMarker + " (pre-commit)\nexit 0\n"
	writeExec(t, filepath.Join(hd, "pre-commit"), quoting)
	msgs, err := r.install([]string{"pre-commit"}, false)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs, hd+"/pre-commit: installed; the existing hook runs first (kept as pre-commit.remnant-guard-chained)")
	if readString(t, filepath.Join(hd, "pre-commit"+chainedSuffix)) != quoting {
		t.Error("the team's hook was not kept as it was")
	}
}

// TestDanglingLinkIsKept: a hook that is a link to nowhere is someone's:
// chained (as a link) and put back by uninstall.
func TestDanglingLinkIsKept(t *testing.T) {
	r := newRepo(t)
	hd := r.hooksDir()
	p := filepath.Join(hd, "pre-commit")
	if err := os.Symlink("../../tools/missing-hook", p); err != nil {
		t.Fatal(err)
	}
	msgs, err := r.install([]string{"pre-commit"}, false)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs, hd+"/pre-commit: installed; the existing hook runs first (kept as pre-commit.remnant-guard-chained)")
	if target, err := os.Readlink(p + chainedSuffix); err != nil || target != "../../tools/missing-hook" {
		t.Errorf("kept link: %q, %v", target, err)
	}
	// The chained hook is not executable (nothing there): the commit runs
	// remnant-guard alone.
	if out, err := r.commitFile("a.txt", "a\n", nil); err != nil || r.takeLog() != "bin pre-commit pre-commit\n" {
		t.Errorf("commit: %v\n%s", err, out)
	}
	if _, err := Uninstall(r.dir, []string{"pre-commit"}, false); err != nil {
		t.Fatal(err)
	}
	if target, err := os.Readlink(p); err != nil || target != "../../tools/missing-hook" {
		t.Errorf("restored link: %q, %v", target, err)
	}
}

func TestEditedHookIsLeftAloneUnlessForced(t *testing.T) {
	r := newRepo(t)
	hd := r.hooksDir()
	p := filepath.Join(hd, "pre-commit")
	if _, err := r.install([]string{"pre-commit"}, false); err != nil {
		t.Fatal(err)
	}
	edited := readString(t, p) + "echo 'a line of my own'\n"
	writeExec(t, p, edited)

	for _, try := range []func() ([]string, error){
		func() ([]string, error) { return r.install([]string{"pre-commit"}, false) },
		func() ([]string, error) { return Uninstall(r.dir, []string{"pre-commit"}, false) },
	} {
		_, err := try()
		var ee *EditedHookError
		if !errors.As(err, &ee) || ee.Path != p {
			t.Fatalf("got %v, want an EditedHookError for %s", err, p)
		}
		if !strings.Contains(err.Error(), "--force") || !strings.Contains(err.Error(), "pre-commit.remnant-guard-backup") {
			t.Errorf("the error does not say how to proceed: %v", err)
		}
		if readString(t, p) != edited {
			t.Fatal("the edited hook was changed")
		}
	}

	msgs, err := r.install([]string{"pre-commit"}, true)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs, hd+"/pre-commit: updated; the edited hook is kept as pre-commit.remnant-guard-backup")
	if readString(t, p+backupSuffix) != edited {
		t.Error("the backup is not the edited hook")
	}
	if classify([]byte(readString(t, p))) != hookOurs {
		t.Error("the forced install did not write our hook")
	}

	// A second forced change keeps a second copy under a free name.
	edited2 := readString(t, p) + "# another edit\n"
	writeExec(t, p, edited2)
	msgs, err = Uninstall(r.dir, []string{"pre-commit"}, true)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs, hd+"/pre-commit: removed; the edited hook is kept as pre-commit.remnant-guard-backup.1")
	if exists(p) || readString(t, p+backupSuffix) != edited || readString(t, p+backupSuffix+".1") != edited2 {
		t.Error("uninstall --force did not remove the hook and keep both copies")
	}
}

// TestLegacyHookIsKeptWhenReplaced: a hook an earlier version wrote, with
// no checksum, may hold edits that cannot be told apart: a copy is kept.
func TestLegacyHookIsKeptWhenReplaced(t *testing.T) {
	r := newRepo(t)
	hd := r.hooksDir()
	p := filepath.Join(hd, "pre-commit")
	legacy := "#!/bin/sh\n" + managedMarker + " (pre-commit). Remove it with: remnant-guard uninstall\nexec remnant-guard pre-commit\n"
	writeExec(t, p, legacy)
	msgs, err := r.install([]string{"pre-commit"}, false)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs, hd+"/pre-commit: updated; it was written by an earlier version, which kept no checksum: a copy is kept as pre-commit.remnant-guard-backup")
	if readString(t, p+backupSuffix) != legacy || classify([]byte(readString(t, p))) != hookOurs {
		t.Error("the legacy hook was not kept, or ours not written")
	}
}

// TestChecksumNoticesEveryEdit: a hook as written is ours; changing any
// one byte from the checksum line on makes it no longer ours.
func TestChecksumNoticesEveryEdit(t *testing.T) {
	for _, name := range []string{"pre-commit", "pre-push"} {
		for _, chain := range []bool{false, true} {
			script := hookScript(name, "/opt/it's here/$HOME/remnant-guard", chain)
			if classify([]byte(script)) != hookOurs {
				t.Fatalf("%s (chain %v) is not ours as written:\n%s", name, chain, script)
			}
			if chains([]byte(script)) != chain {
				t.Errorf("%s: chains() = %v, want %v", name, !chain, chain)
			}
			start := strings.Index(script, "\n"+checksumPrefix) + 1
			for i := start; i < len(script); i++ {
				b := []byte(script)
				b[i] ^= 0x20
				// A changed checksum prefix reads as a hook without one
				// (kept as a copy when replaced); any other change is an edit.
				switch s := classify(b); {
				case s == hookOurs:
					t.Fatalf("%s: byte %d (%q) changed and still ours", name, i, script[i])
				case i >= start+len(checksumPrefix) && s != hookEdited:
					t.Fatalf("%s: byte %d (%q) changed: state %d, want edited", name, i, script[i], s)
				}
			}
			if s := classify([]byte(script + "\n")); s != hookEdited {
				t.Errorf("%s: a line added at the end: state %d", name, s)
			}
		}
	}
}

// TestBinaryPathIsQuoted: the binary's path is run as it is, with nothing
// in it expanded by the shell.
func TestBinaryPathIsQuoted(t *testing.T) {
	r := newRepo(t)
	odd := filepath.Join(filepath.Dir(r.binary), "it's a $(touch pwned) `touch pwned2` dir", "remnant-guard")
	writeExec(t, odd, fakeBinary)
	if _, err := Install(InstallOptions{Dir: r.dir, Hooks: []string{"pre-commit"}, Binary: odd}); err != nil {
		t.Fatal(err)
	}
	if out, err := r.commitFile("a.txt", "a\n", nil); err != nil {
		t.Fatalf("commit: %v\n%s", err, out)
	}
	if got := r.takeLog(); got != "bin pre-commit pre-commit\n" {
		t.Errorf("the hook ran %q", got)
	}
	for _, p := range []string{filepath.Join(r.dir, "pwned"), filepath.Join(r.dir, "pwned2"), filepath.Join(r.dir, ".git", "hooks", "pwned")} {
		if exists(p) {
			t.Errorf("the shell expanded the binary's path: %s exists", p)
		}
	}
}

// TestBinaryGone: when the installed binary is gone the hook runs
// remnant-guard from PATH, and fails the commit, saying so, when there is
// none.
func TestBinaryGone(t *testing.T) {
	r := newRepo(t)
	gone := filepath.Join(filepath.Dir(r.binary), "moved", "remnant-guard")
	if _, err := Install(InstallOptions{Dir: r.dir, Hooks: []string{"pre-commit"}, Binary: gone}); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("remnant-guard"); err == nil {
		t.Log("remnant-guard is on PATH: the failing case is not run")
	} else {
		out, err := r.commitFile("a.txt", "a\n", nil)
		if err == nil || !strings.Contains(out, "the binary is gone from "+gone) || !strings.Contains(out, "REMNANT_GUARD=0") {
			t.Errorf("commit with the binary gone: %v\n%s", err, out)
		}
		r.git("reset", "-q")
	}
	path := "PATH=" + filepath.Dir(r.binary) + string(os.PathListSeparator) + os.Getenv("PATH")
	if out, err := r.commitFile("b.txt", "b\n", []string{path}); err != nil || r.takeLog() != "bin pre-commit pre-commit\n" {
		t.Errorf("commit with remnant-guard on PATH: %v\n%s", err, out)
	}
}

func TestUnknownHookName(t *testing.T) {
	r := newRepo(t)
	_, err := r.install([]string{"pre-commit", "post-commit"}, false)
	if err == nil || !strings.Contains(err.Error(), `"post-commit"`) {
		t.Errorf("install of post-commit: %v", err)
	}
	if exists(filepath.Join(r.hooksDir(), "pre-commit")) {
		t.Error("a hook was written before the bad name was refused")
	}
	if _, err := Uninstall(r.dir, []string{"commit-msg"}, false); err == nil || !strings.Contains(err.Error(), `"commit-msg"`) {
		t.Errorf("uninstall of commit-msg: %v", err)
	}
}

// TestHooksPath: an absolute core.hooksPath is the one folder; a relative
// one is resolved from each worktree's top, so every worktree gets hooks.
func TestHooksPath(t *testing.T) {
	r := newRepo(t)
	abs := filepath.Join(filepath.Dir(r.dir), "shared-hooks")
	r.git("config", "core.hooksPath", abs)
	msgs, err := r.install([]string{"pre-commit"}, false)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs, abs+"/pre-commit: installed")
	if exists(filepath.Join(r.hooksDir(), "pre-commit")) {
		t.Error("a hook was written to .git/hooks, which git does not run")
	}
	if out, err := r.commitFile("a.txt", "a\n", nil); err != nil || r.takeLog() != "bin pre-commit pre-commit\n" {
		t.Errorf("commit: %v\n%s", err, out)
	}
	if _, err := Uninstall(r.dir, nil, false); err != nil || exists(filepath.Join(abs, "pre-commit")) {
		t.Errorf("uninstall: %v", err)
	}

	wt := filepath.Join(filepath.Dir(r.dir), "linked")
	r.git("worktree", "add", "-q", "-b", "feature", wt)
	r.git("config", "core.hooksPath", ".githooks")
	msgs, err = r.install([]string{"pre-commit"}, false)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs, filepath.Join(r.dir, ".githooks", "pre-commit")+": installed", filepath.Join(wt, ".githooks", "pre-commit")+": installed")
	if err := os.WriteFile(filepath.Join(wt, "w.txt"), []byte("w\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := r.run(wt, nil, "add", "w.txt"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out, err := r.run(wt, nil, "commit", "-q", "-m", "w"); err != nil || r.takeLog() != "bin pre-commit pre-commit\n" {
		t.Errorf("commit in the linked worktree: %v\n%s", err, out)
	}
	msgs, err = Uninstall(wt, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	wantMessages(t, msgs, filepath.Join(wt, ".githooks", "pre-commit")+": removed", filepath.Join(r.dir, ".githooks", "pre-commit")+": removed")
}

// TestHookManagers: a hooks folder that husky or lefthook owns is refused,
// naming the manager and what to add to it, unless forced.
func TestHookManagers(t *testing.T) {
	t.Run("husky", func(t *testing.T) {
		r := newRepo(t)
		r.git("config", "core.hooksPath", ".husky/_")
		_, err := r.install(nil, false)
		var me *ManagerError
		if !errors.As(err, &me) || me.Manager != "husky" || !strings.Contains(me.Snippet, "remnant-guard pre-commit") || !strings.Contains(err.Error(), "install --force") {
			t.Fatalf("got %v, want husky's ManagerError", err)
		}
		if exists(filepath.Join(r.dir, ".husky")) {
			t.Error("husky's folder was written to")
		}
		if msgs, err := r.install([]string{"pre-commit"}, true); err != nil || len(msgs) != 1 || !exists(filepath.Join(r.dir, ".husky", "_", "pre-commit")) {
			t.Errorf("forced: %q, %v", msgs, err)
		}
	})
	t.Run("lefthook config", func(t *testing.T) {
		r := newRepo(t)
		r.git("config", "core.hooksPath", ".hooks")
		if err := os.WriteFile(filepath.Join(r.dir, "lefthook.yml"), []byte("pre-commit:\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := r.install(nil, false)
		var me *ManagerError
		if !errors.As(err, &me) || me.Manager != "lefthook" || !strings.Contains(me.Snippet, "lefthook.yml") {
			t.Fatalf("got %v, want lefthook's ManagerError", err)
		}
	})
	t.Run("lefthook hook", func(t *testing.T) {
		r := newRepo(t)
		p := filepath.Join(r.hooksDir(), "pre-commit")
		hook := "#!/bin/sh\n# generated\nexec lefthook run pre-commit \"$@\"\n"
		writeExec(t, p, hook)
		_, err := r.install(nil, false)
		var me *ManagerError
		if !errors.As(err, &me) || me.Manager != "lefthook" || !strings.Contains(err.Error(), p) {
			t.Fatalf("got %v, want lefthook's ManagerError naming %s", err, p)
		}
		if readString(t, p) != hook || exists(p+chainedSuffix) {
			t.Error("lefthook's hook was touched")
		}
	})
}

// TestHookManagersConfigured: the pre-commit framework is a manager as
// husky and lefthook are, by its hook or by a config that names
// remnant-guard; a manager whose files already name remnant-guard is said
// to run it (Configured), with the command that installs its hooks.
func TestHookManagersConfigured(t *testing.T) {
	const frameworkHook = "#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\n# ID: 138fd403232d2ddd5efb44317e38bf03\nexec pre-commit hook-impl \"$@\"\n"
	const config = "repos:\n  - repo: local\n    hooks:\n      - id: remnant-guard\n"
	for _, tc := range []struct {
		name       string
		setup      func(r *testRepo)
		manager    string
		configured string
		hint       string
	}{
		{"framework hook", func(r *testRepo) {
			writeExec(t, filepath.Join(r.hooksDir(), "pre-commit"), frameworkHook)
		}, "the pre-commit framework", "", "pre-commit install"},
		{"framework hook and config", func(r *testRepo) {
			writeExec(t, filepath.Join(r.hooksDir(), "pre-commit"), frameworkHook)
			r.write(".pre-commit-config.yaml", config)
		}, "the pre-commit framework", ".pre-commit-config.yaml", "pre-commit install"},
		{"framework config alone", func(r *testRepo) {
			r.write(".pre-commit-config.yaml", config)
		}, "the pre-commit framework", ".pre-commit-config.yaml", "pre-commit install"},
		{"husky configured", func(r *testRepo) {
			r.git("config", "core.hooksPath", ".husky/_")
			r.write(".husky/pre-commit", "npm test\nremnant-guard pre-commit\n")
		}, "husky", ".husky/pre-commit", "npm install"},
		{"husky not configured", func(r *testRepo) {
			r.git("config", "core.hooksPath", ".husky/_")
			r.write(".husky/pre-commit", "npm test\n")
		}, "husky", "", "npm install"},
		{"lefthook configured", func(r *testRepo) {
			r.git("config", "core.hooksPath", ".hooks")
			r.write("lefthook.yml", "pre-commit:\n  commands:\n    remnant-guard:\n      run: remnant-guard pre-commit\n")
		}, "lefthook", "lefthook.yml", "lefthook install"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRepo(t)
			tc.setup(r)
			_, err := r.install(nil, false)
			var me *ManagerError
			if !errors.As(err, &me) || me.Manager != tc.manager || me.Configured != tc.configured || me.InstallHint != tc.hint {
				t.Fatalf("got %v (%+v), want %s's ManagerError, configured %q", err, me, tc.manager, tc.configured)
			}
			if tc.configured != "" && !strings.Contains(err.Error(), "nothing to install") {
				t.Errorf("configured, but the error reads %q", err)
			}
			if tc.configured == "" && !strings.Contains(err.Error(), "add remnant-guard to "+tc.manager) {
				t.Errorf("not configured, but the error reads %q", err)
			}
		})
	}
	// A config that does not name remnant-guard, with no framework hook,
	// leaves the plain hook to install.
	r := newRepo(t)
	r.write(".pre-commit-config.yaml", "repos: []\n")
	if _, err := r.install(nil, false); err != nil {
		t.Fatalf("a config without remnant-guard: %v", err)
	}
}

// TestInstallsTakeTurns: installs and uninstalls started at once in one
// hooks folder hold its lock in turn: each sees the state another left,
// none fails, and the team's hook is chained once and restored once.
func TestInstallsTakeTurns(t *testing.T) {
	r := newRepo(t)
	hd := r.hooksDir()
	p := filepath.Join(hd, "pre-commit")
	writeExec(t, p, foreignHook)
	// A temporary file of an install that was killed is cleaned up under
	// the lock; anything else of that name that is not a file is not.
	writeExec(t, filepath.Join(hd, ".remnant-guard-123.tmp"), "half a hook")
	if err := os.Mkdir(filepath.Join(hd, ".remnant-guard-dir.tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	const n = 6
	for round := range testtier.Pick(3, 30) {
		for _, op := range []string{"install", "uninstall"} {
			var wg sync.WaitGroup
			msgs := make([][]string, n)
			errs := make([]error, n)
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if op == "install" {
						msgs[i], errs[i] = r.install([]string{"pre-commit"}, false)
					} else {
						msgs[i], errs[i] = Uninstall(r.dir, []string{"pre-commit"}, false)
					}
				}()
			}
			wg.Wait()
			var all []string
			for i := range n {
				if errs[i] != nil {
					t.Fatalf("round %d, %s %d: %v", round, op, i, errs[i])
				}
				all = append(all, msgs[i]...)
			}
			slices.Sort(all)
			var want []string
			if op == "install" {
				want = append(want, p+": installed; the existing hook runs first (kept as pre-commit.remnant-guard-chained)")
				for range n - 1 {
					want = append([]string{p + ": already installed"}, want...)
				}
			} else {
				want = []string{p + ": removed; the earlier hook is restored"}
			}
			if !slices.Equal(all, want) {
				t.Fatalf("round %d, %s:\n %q\nwant\n %q", round, op, all, want)
			}
		}
		if readString(t, p) != foreignHook || exists(p+chainedSuffix) {
			t.Fatalf("round %d: the team's hook is not back as it was", round)
		}
	}
	left, _ := filepath.Glob(filepath.Join(hd, ".remnant-guard-*"))
	if !slices.Equal(left, []string{filepath.Join(hd, ".remnant-guard-dir.tmp")}) {
		t.Errorf("left in the hooks folder: %q", left)
	}
	entries, _ := os.ReadDir(hd)
	for _, e := range entries {
		if bytes.HasSuffix([]byte(e.Name()), []byte(backupSuffix)) {
			t.Errorf("a backup was made: %s", e.Name())
		}
	}
}
