package gitutil

import (
	"os"
	"path/filepath"
	"testing"
)

// headRefOf resolves HEAD in process for the repository at dir.
func headRefOf(t *testing.T, dir string, env []string) (string, bool, error) {
	t.Helper()
	return open(t, dir, env).headRef()
}

func checkHeadRef(t *testing.T, dir string, env []string) {
	t.Helper()
	got, ok, err := headRefOf(t, dir, env)
	if want := git(t, dir, env, "rev-parse", "HEAD"); err != nil || !ok || got != want {
		t.Fatalf("headRef = %q, %v, %v; want %s", got, ok, err, want)
	}
}

func TestHeadRef(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	if h, ok, err := headRefOf(t, dir, env); ok || err != nil {
		t.Fatalf("unborn: %q, %v, %v", h, ok, err)
	}
	commitAll(t, dir, env, "one")
	commitAll(t, dir, env, "two")
	t.Run("loose", func(t *testing.T) { checkHeadRef(t, dir, env) })
	git(t, dir, env, "pack-refs", "--all")
	if _, err := os.Stat(filepath.Join(dir, ".git", "refs", "heads", "main")); err == nil {
		t.Fatal("pack-refs left the loose ref")
	}
	t.Run("packed", func(t *testing.T) { checkHeadRef(t, dir, env) })
	wt := filepath.Join(t.TempDir(), "wt")
	git(t, dir, env, "worktree", "add", "-q", "-b", "side", wt, "HEAD~1")
	t.Run("worktree", func(t *testing.T) { checkHeadRef(t, wt, env) })
	commitAll(t, wt, env, "three")
	t.Run("worktree commit", func(t *testing.T) { checkHeadRef(t, wt, env) })
	t.Run("main after worktree commit", func(t *testing.T) { checkHeadRef(t, dir, env) })
	git(t, dir, env, "symbolic-ref", "refs/heads/alias", "refs/heads/side")
	git(t, dir, env, "symbolic-ref", "HEAD", "refs/heads/alias")
	t.Run("symbolic chain", func(t *testing.T) { checkHeadRef(t, dir, env) })
	git(t, dir, env, "checkout", "-q", "--detach", "main~1")
	t.Run("detached", func(t *testing.T) { checkHeadRef(t, dir, env) })
	git(t, dir, env, "symbolic-ref", "HEAD", "refs/heads/none")
	if h, ok, err := headRefOf(t, dir, env); ok || err != nil {
		t.Fatalf("unborn branch: %q, %v, %v", h, ok, err)
	}
}

func TestHeadRefUnusual(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	commitAll(t, dir, env, "one")
	refs := filepath.Join(dir, ".git", "refs", "heads")
	writeFile(t, refs, "a", "ref: refs/heads/b\n")
	writeFile(t, refs, "b", "ref: refs/heads/a\n")
	r := open(t, dir, env) // git opens no repository whose HEAD is broken
	for name, head := range map[string]string{
		"loop":        "ref: refs/heads/a\n",
		"outside":     "ref: ../../etc/passwd\n",
		"short hash":  "0123456789abcdef\n",
		"upper hash":  "0123456789ABCDEF0123456789ABCDEF01234567\n",
		"bad ref":     "ref: refs/heads/a..b\n",
		"not refs/":   "ref: worktrees/x/HEAD\n",
		"empty":       "",
		"no ref: tag": "refs/heads/main\n",
	} {
		t.Run(name, func(t *testing.T) {
			writeFile(t, dir, ".git/HEAD", head)
			if h, ok, err := r.headRef(); err == nil || ok {
				t.Errorf("HEAD %q: %q, %v, %v; want an error", head, h, ok, err)
			}
		})
	}
	writeFile(t, dir, ".git/HEAD", "ref: refs/heads/main\n")
	checkHeadRef(t, dir, env)
	if err := os.Mkdir(filepath.Join(dir, ".git", "reftable"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, _, err := headRefOf(t, dir, env); err == nil {
		t.Error("reftable directory: no error")
	}
}

// TestReplaceRefsIgnored: a commit stores the objects themselves, whatever
// refs/replace says, and pushes them: the reader shows those, in process or
// through git (GIT_NO_REPLACE_OBJECTS).
func TestReplaceRefsIgnored(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "f", "original\n")
	commitAll(t, dir, env, "one")
	orig := git(t, dir, env, "rev-parse", "HEAD:f")
	writeFile(t, dir, "g", "replacement\n")
	repl := git(t, dir, env, "hash-object", "-w", "g")
	git(t, dir, env, "replace", orig, repl)
	for _, packed := range []bool{false, true} {
		if packed {
			git(t, dir, env, "pack-refs", "--all")
		}
		r := open(t, dir, env)
		blob, err := r.ReadBlob(orig)
		if err != nil || string(blob) != "original\n" {
			t.Errorf("packed %v: ReadBlob = %q, %v; want the object itself", packed, blob, err)
		}
		objs, err := r.batchObjects([]string{orig})
		if err != nil || len(objs) != 1 || string(objs[0].data) != "original\n" {
			t.Errorf("packed %v: through git: %v, %v; want the object itself", packed, objs, err)
		}
	}
}
