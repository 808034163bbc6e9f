package gitutil

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"
)

// linearHistory commits n files, one a commit, and leaves its objects
// loose.
func linearHistory(t *testing.T, env []string, n int, initArgs ...string) string {
	t.Helper()
	dir := newRepo(t, env, initArgs...)
	importCommits(t, dir, env, n, func(i int) map[string]string {
		return map[string]string{fmt.Sprintf("f%d.txt", i): fmt.Sprintf("content %d\n", i)}
	})
	unpackAll(t, dir, env)
	return dir
}

// faultRepo is a linear history of 80 commits for a test whose git is
// a bash script (what names what the script does), and what one git log
// of revs reads there.
func faultRepo(t *testing.T, what string, revs ...string) (*Repo, []CommitChanges) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skipf("bash is not installed: %s by a bash script named git", what)
	}
	env := testEnv(t)
	r := open(t, linearHistory(t, env, 80), env)
	want, err := oneLog(r, revs...)
	if err != nil {
		t.Fatal(err)
	}
	return r, want
}

// oneLog reads revs with one git log, as before a second git was used.
func oneLog(r *Repo, revs ...string) ([]CommitChanges, error) {
	l := r.StartLog(revs...)
	l.split.cancel()
	l.split = nil
	defer l.Stop()
	var out []CommitChanges
	err := l.Each(func(c CommitChanges) error {
		out = append(out, keepLines(c))
		return nil
	})
	return out, err
}

// splitLog reads revs as Log does, and tells whether the second git was
// read.
// The first log is read once settle has happened: 0 at once, 1 once the
// list is made, 2 once the second git has also ended.
func splitLog(t *testing.T, r *Repo, settle int, revs ...string) (cs []CommitChanges, switched bool, err error) {
	t.Helper()
	l := r.StartLog(revs...)
	defer l.Stop()
	if settle > 0 {
		<-l.split.ready
	}
	for settle > 1 && l.split.tail != nil && !l.split.spool.ended() {
		time.Sleep(time.Millisecond)
	}
	err = l.Each(func(c CommitChanges) error {
		cs = append(cs, keepLines(c))
		return nil
	})
	return cs, l.switched, err
}

// wrapGit puts a git first on PATH that runs script (bash, $REAL is the
// real git, "$@" its arguments) and then the real git.
func wrapGit(t *testing.T, script string) {
	t.Helper()
	real, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	text := "#!/bin/bash\nREAL=" + real + "\n" + script + "\nexec \"$REAL\" \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// A rev-list or a second git log that is slow, fails, or prints other
// than git log would, never changes what is handed over without an
// error: the first log prints it all, or the second git's failure is
// the error.
func TestLogSplitFaults(t *testing.T) {
	r, want := faultRepo(t, "the faults are injected", "HEAD")
	const tail = `case " $* " in *" --no-walk=unsorted "*) `
	for _, tc := range []struct {
		name, script string
		settle       int // see splitLog
		switched     bool
		err          string // "": no error, the same commits
	}{
		{"rev-list slow", `[ "$1" = rev-list ] && sleep 1`, 0, false, ""},
		{"rev-list fails", `[ "$1" = rev-list ] && { "$REAL" "$@"; exit 1; }`, 1, false, ""},
		{"rev-list order differs", `[ "$1" = rev-list ] && { "$REAL" "$@" | sed '2{h;d};3G'; exit; }`, 1, false, ""},
		{"second git fails at once", tail + `echo "fatal: out of memory" >&2; exit 128;; esac`, 2, false, ""},
		{"second git fails late", tail + `sleep 1; echo "fatal: out of memory" >&2; exit 128;; esac`, 1, true, "out of memory"},
		{"second git prints too little", tail + `sleep 1; "$REAL" "$@" | head -c 3000; exit 0;; esac`, 1, true, "log:"},
		{"second git dies mid-way", tail + `sleep 1; "$REAL" "$@" | head -c 3001; echo "fatal: killed mid-way" >&2; exit 128;; esac`, 1, true, "killed mid-way"},
		{"first log dies mid-way", `case " $* " in *" log --reverse "*) "$REAL" "$@" | head -c 3001; echo "fatal: killed mid-way" >&2; exit 128;; esac`, 1, false, "killed mid-way"},
		{"second git prints nothing", tail + `sleep 1; exit 0;; esac`, 1, true, "listed commits missing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wrapGit(t, tc.script)
			got, switched, err := splitLog(t, r, tc.settle, "HEAD")
			if switched != tc.switched {
				t.Errorf("read from a second git: %v, want %v", switched, tc.switched)
			}
			if tc.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				if g, w := commitsText(got), commitsText(want); !slices.Equal(g, w) {
					t.Errorf("%d commits, want %d; first difference at %d", len(g), len(w), firstDiff(g, w))
				}
				return
			}
			var ce *CommandError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("error %v, want a git error with %q", err, tc.err)
			}
		})
	}
}

// gitChildren lists the git processes this process started and has not
// waited for.
func gitChildren(t *testing.T) []string {
	t.Helper()
	var out []string
	lists, _ := filepath.Glob("/proc/self/task/*/children")
	for _, f := range lists {
		b, _ := os.ReadFile(f)
		for _, pid := range strings.Fields(string(b)) {
			if stat, err := os.ReadFile("/proc/" + pid + "/stat"); err == nil && strings.Contains(string(stat), "(git)") {
				out = append(out, pid)
			}
		}
	}
	return out
}

// noGitLeft returns a check that no git child started since it was
// called is still there.
func noGitLeft(t *testing.T) func(when string) {
	t.Helper()
	if _, err := os.Stat("/proc/self/task"); err != nil {
		t.Skip("no /proc: child processes cannot be listed")
	}
	before := gitChildren(t)
	return func(when string) {
		t.Helper()
		for _, pid := range gitChildren(t) {
			if !slices.Contains(before, pid) {
				t.Fatalf("%s: git %s still there", when, pid)
			}
		}
	}
}

// Stopped at any moment, or by the caller at any commit, the log leaves
// no git running or unwaited.
func TestLogSplitLeavesNoGit(t *testing.T) {
	env := testEnv(t)
	dir := linearHistory(t, env, 100)
	r := open(t, dir, env)
	left := noGitLeft(t)
	for i := range 60 {
		l := r.StartLog("HEAD")
		time.Sleep(time.Duration(i*i) * 10 * time.Microsecond)
		l.Stop()
		left(fmt.Sprintf("stopped after %d µs", i*i*10))
	}
	for at := 1; at <= 100; at += 3 {
		l := eachUntil(t, r, at)
		left(fmt.Sprintf("stopped at commit %d", at))
		l.Stop()
	}
	l := r.StartLog("HEAD")
	if err := l.Each(func(CommitChanges) error { return nil }); err != nil {
		t.Fatal(err)
	}
	left("read to the end")
	l.Stop()
}

// A SHA-256 repository is split like any other.
func TestLogSplitSHA256(t *testing.T) {
	env := testEnv(t)
	dir := linearHistory(t, env, 60, "--object-format=sha256")
	r := open(t, dir, env)
	want, err := oneLog(r, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	l := r.StartLog("HEAD")
	<-l.split.ready
	var got []CommitChanges
	err = l.Each(func(c CommitChanges) error {
		got = append(got, keepLines(c))
		return nil
	})
	l.Stop()
	if err != nil || !l.switched || len(want[0].Hash) != 64 {
		t.Fatalf("err %v, read from a second git: %v, hash %s", err, l.switched, want[0].Hash)
	}
	if g, w := commitsText(got), commitsText(want); !slices.Equal(g, w) {
		t.Errorf("%d commits, want %d; first difference at %d", len(g), len(w), firstDiff(g, w))
	}
}

// An object missing from the newer part of the range is git's error,
// with what git said, as with one git log: the second git's, or, when it
// failed before the first log reached the cut, the first log's.
func TestLogSplitMissingObject(t *testing.T) {
	env := testEnv(t)
	dir := linearHistory(t, env, 80)
	blob := git(t, dir, env, "rev-parse", "HEAD~9:f70.txt")
	if err := os.Remove(filepath.Join(dir, ".git", "objects", blob[:2], blob[2:])); err != nil {
		t.Fatal(err)
	}
	r := open(t, dir, env)
	l := r.StartLog("HEAD")
	<-l.split.ready
	err := l.Each(func(CommitChanges) error { return nil })
	l.Stop()
	var ce *CommandError
	if !errors.As(err, &ce) || !strings.Contains(ce.Stderr, blob) {
		t.Errorf("error %v, want git's about %s", err, blob)
	}
}

// With a section limit, the newer part read from the second git is cut
// where one git log's would be.
func TestLogSplitSectionLimit(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	for i := range 60 {
		writeFile(t, dir, fmt.Sprintf("f%d.txt", i%7), strings.Repeat(fmt.Sprintf("line %d of commit %d\n", i, i), i*3))
		commitAll(t, dir, env, fmt.Sprint("c", i))
	}
	r := open(t, dir, env)
	read := func(split bool) ([]string, bool) {
		l := r.StartLog("HEAD")
		defer l.Stop()
		if split {
			<-l.split.ready
		} else {
			l.split.cancel()
			l.split = nil
		}
		l.SetSectionLimit(1000)
		var got []CommitChanges
		if err := l.Each(func(c CommitChanges) error {
			got = append(got, keepLines(c))
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range got {
			for _, fc := range c.Changes {
				out = append(out, fmt.Sprintf("%s %s truncated=%v lines=%d", c.Hash, fc.Path, fc.Truncated, len(fc.Added)))
			}
		}
		return out, l.switched
	}
	want, _ := read(false)
	got, switched := read(true)
	if !switched || !slices.Equal(got, want) || !strings.Contains(strings.Join(want, "\n"), "truncated=true") {
		t.Errorf("read from a second git: %v; first difference at %d of %d", switched, firstDiff(got, want), len(want))
	}
}

// The spool holds at most its limit and one block while its reader is
// slow, and hands over every byte in order.
func TestSpoolBounded(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	const limit, total = 3 << 20, 400 * 100 << 10
	go func() {
		block := make([]byte, 100<<10)
		for i := 0; i < total/len(block); i++ {
			for j := range block {
				block[j] = byte(i + j)
			}
			pw.Write(block)
		}
		pw.Close()
	}()
	s := newSpool(pr, limit)
	defer pr.Close()
	buf := make([]byte, 64<<10)
	n, most := 0, 0
	for {
		time.Sleep(time.Millisecond)
		s.mu.Lock()
		most = max(most, s.held)
		s.mu.Unlock()
		m, err := s.Read(buf)
		for j := range m {
			i := n + j
			if buf[j] != byte(i/(100<<10)+i%(100<<10)) {
				t.Fatalf("byte %d differs", i)
			}
		}
		n += m
		if err != nil {
			if err != io.EOF || n != total {
				t.Fatalf("read %d of %d bytes: %v", n, total, err)
			}
			break
		}
	}
	s.close()
	if most > limit+spoolBlock || most < limit {
		t.Errorf("held %d bytes, limit %d", most, limit)
	}
}

// A branch moved by another process between git log's start and the
// list's hands over one of the two histories whole, never a mix.
func TestLogSplitRefMoved(t *testing.T) {
	r, before := faultRepo(t, "the ref is moved", "main")
	after := before[:70]
	flag := filepath.Join(t.TempDir(), "moved")
	wrapGit(t, `[ "$1" = rev-list ] && [ ! -e `+flag+` ] && { touch `+flag+`; "$REAL" update-ref refs/heads/main `+after[69].Hash+`; }`)
	got, switched, err := splitLog(t, r, 1, "main")
	if err != nil {
		t.Fatal(err)
	}
	g := commitsText(got)
	t.Logf("%d commits, read from a second git: %v", len(got), switched)
	if !slices.Equal(g, commitsText(before)) && !slices.Equal(g, commitsText(after)) {
		t.Errorf("%d commits (read from a second git: %v): neither the %d before the move nor the %d after", len(got), switched, len(before), len(after))
	}
}

// Stopped at once, before the list is made, the log leaves no pipe open.
func TestLogSplitStopLeavesNoPipe(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc: open files cannot be listed")
	}
	env := testEnv(t)
	dir := linearHistory(t, env, 40)
	r := open(t, dir, env)
	// Without collections, no finalizer closes what was left open.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	open := func() int {
		fds, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Fatal(err)
		}
		return len(fds)
	}
	r.StartLog("HEAD").Stop()
	before := open()
	for range 50 {
		r.StartLog("HEAD").Stop()
	}
	if after := open(); after > before+2 {
		t.Errorf("%d files open after 50 logs stopped at once, %d before", after, before)
	}
}
