package gitutil

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// testEnv is a clean environment for git in tests: no variables from a git
// process that may be running the tests, an empty HOME, fixed identities.
func testEnv(t testing.TB, extra ...string) []string {
	t.Helper()
	home := t.TempDir()
	env := filterEnv(ForeignEnv(os.Environ()), func(name string) bool {
		return name == "HOME" || name == "XDG_CONFIG_HOME" || isTraceVar(name) ||
			strings.HasPrefix(name, "GIT_AUTHOR_") || strings.HasPrefix(name, "GIT_COMMITTER_")
	})
	env = append(env, "HOME="+home, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=Test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=Test", "GIT_COMMITTER_EMAIL=test@example.com",
		"GIT_ALLOW_PROTOCOL=file")
	return append(env, extra...)
}

// git runs git in dir and returns its trimmed stdout; failure ends the test.
func git(t testing.TB, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		stderr := ""
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr)
	}
	return strings.TrimRight(string(out), "\n")
}

// newRepo creates a repository with branch main in a fresh directory.
func newRepo(t testing.TB, env []string, initArgs ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "repo")
	git(t, t.TempDir(), env, append([]string{"init", "-q", "-b", "main"}, append(initArgs, dir)...)...)
	return dir
}

func writeFile(t testing.TB, dir, rel, content string) {
	t.Helper()
	name := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// twoSides commits files (path to content) on a new branch side, then
// other files on main, both from the current commit, and leaves main
// checked out: a merge of side comes next.
func twoSides(t testing.TB, dir string, env []string, side, main map[string]string) {
	t.Helper()
	commit := func(branch string, files map[string]string) {
		for rel, content := range files {
			writeFile(t, dir, rel, content)
		}
		commitAll(t, dir, env, branch)
	}
	git(t, dir, env, "checkout", "-q", "-b", "side")
	commit("side", side)
	git(t, dir, env, "checkout", "-q", "main")
	commit("main", main)
}

// commitAll stages everything and commits it.
func commitAll(t testing.TB, dir string, env []string, msg string) {
	t.Helper()
	git(t, dir, env, "add", "-A")
	git(t, dir, env, "commit", "-q", "--allow-empty", "-m", msg)
}

func open(t testing.TB, dir string, env []string) *Repo {
	t.Helper()
	r, err := OpenEnv(dir, env)
	if err != nil {
		t.Fatalf("OpenEnv(%s): %v", dir, err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// realPath resolves symbolic links (t.TempDir may live under one).
func realPath(t testing.TB, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// mergeUnrelated makes a branch "lone" with a history of its own and
// merges it into main, which is checked out after.
func mergeUnrelated(t testing.TB, dir string, env []string) {
	t.Helper()
	git(t, dir, env, "checkout", "-q", "--orphan", "lone")
	git(t, dir, env, "rm", "-q", "-r", "-f", ".")
	writeFile(t, dir, "lone.txt", "lone\n")
	commitAll(t, dir, env, "lone root")
	git(t, dir, env, "checkout", "-q", "main")
	git(t, dir, env, "merge", "-q", "--allow-unrelated-histories", "-m", "merge lone", "lone")
}

// errEnough stops a log's Each early.
var errEnough = errors.New("enough")

// eachUntil reads the log of HEAD until the at-th commit, where fn's
// error stops it, and returns the log, not yet stopped.
func eachUntil(t testing.TB, r *Repo, at int) *LogProcess {
	t.Helper()
	l := r.StartLog("HEAD")
	n := 0
	err := l.Each(func(CommitChanges) error {
		if n++; n == at {
			return errEnough
		}
		return nil
	})
	if err != errEnough {
		t.Fatalf("stopped at %d: %v", at, err)
	}
	return l
}

// importCommits makes n commits on the branch HEAD names, after its
// current commit if it has one, in one run of git fast-import instead of
// two git processes a commit: commit i writes the files that files(i)
// returns (path to content) over the tree before it. Committer and author
// times count up a second a commit from a fixed instant. The index and the
// working tree are then reset to the new HEAD, as commitAll leaves them.
func importCommits(t testing.TB, dir string, env []string, n int, files func(i int) map[string]string) {
	t.Helper()
	branch := git(t, dir, env, "symbolic-ref", "HEAD")
	var in strings.Builder
	from := ""
	head := exec.Command("git", "rev-parse", "-q", "--verify", "HEAD^{commit}")
	head.Dir, head.Env = dir, env
	if out, err := head.Output(); err == nil {
		from = strings.TrimSpace(string(out))
	}
	const start = 1767225600 // 2026-01-01T00:00:00Z
	for i := range n {
		fmt.Fprintf(&in, "commit %s\n", branch)
		who := fmt.Sprintf("Test <test@example.com> %d +0000\n", start+i)
		in.WriteString("author " + who + "committer " + who)
		msg := fmt.Sprintf("c%d\n", i)
		fmt.Fprintf(&in, "data %d\n%s", len(msg), msg)
		if from != "" {
			fmt.Fprintf(&in, "from %s\n", from)
			from = ""
		}
		fs := files(i)
		paths := make([]string, 0, len(fs))
		for p := range fs {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			fmt.Fprintf(&in, "M 100644 inline %s\ndata %d\n%s\n", p, len(fs[p]), fs[p])
		}
		in.WriteString("\n")
	}
	cmd := exec.Command("git", "fast-import", "--quiet", "--done")
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdin = strings.NewReader(in.String() + "done\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git fast-import: %v\n%s", err, out)
	}
	git(t, dir, env, "reset", "-q", "--hard", "HEAD")
}

// unpackAll turns the packs of dir into loose objects, as commits made
// one by one leave them.
func unpackAll(t testing.TB, dir string, env []string) {
	t.Helper()
	packs, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.pack"))
	for _, p := range packs {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{p, strings.TrimSuffix(p, ".pack") + ".idx"} {
			if err := os.Remove(f); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command("git", "unpack-objects", "-q")
		cmd.Dir, cmd.Env, cmd.Stdin = dir, env, bytes.NewReader(data)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git unpack-objects: %v\n%s", err, out)
		}
	}
}
