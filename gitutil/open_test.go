package gitutil

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestOpenPlainAndSubdirectory(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "sub/dir/a.txt", "a\n")
	commitAll(t, dir, env, "init")
	top := realPath(t, dir)
	for _, tc := range []struct{ start, prefix string }{
		{dir, ""},
		{filepath.Join(dir, "sub", "dir"), "sub/dir/"},
	} {
		r := open(t, tc.start, env)
		want := repoFields{TopLevel: top, GitDir: filepath.Join(top, ".git"), CommonDir: filepath.Join(top, ".git"),
			IndexFile: filepath.Join(top, ".git", "index"), HooksDir: filepath.Join(top, ".git", "hooks"),
			Prefix: tc.prefix, ObjectFormat: "sha1"}
		checkRepo(t, r, want)
	}
}

// repoFields is the exported part of a Repo, comparable with ==.
type repoFields struct {
	TopLevel, GitDir, CommonDir, IndexFile, HooksDir, Prefix string
	Bare                                                     bool
	ObjectFormat                                             string
}

func checkRepo(t *testing.T, r *Repo, want repoFields) {
	t.Helper()
	got := repoFields{TopLevel: r.TopLevel, GitDir: r.GitDir, CommonDir: r.CommonDir, IndexFile: r.IndexFile,
		HooksDir: r.HooksDir, Prefix: r.Prefix, Bare: r.Bare, ObjectFormat: r.ObjectFormat}
	if got != want {
		t.Errorf("Open:\n got %+v\nwant %+v", got, want)
	}
}

func TestOpenLinkedWorktree(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "a.txt", "a\n")
	commitAll(t, dir, env, "init")
	wt := filepath.Join(t.TempDir(), "wt")
	git(t, dir, env, "worktree", "add", "-q", wt)
	top, wtTop := realPath(t, dir), realPath(t, wt)
	r := open(t, wt, env)
	checkRepo(t, r, repoFields{TopLevel: wtTop, GitDir: filepath.Join(top, ".git", "worktrees", "wt"),
		CommonDir: filepath.Join(top, ".git"), IndexFile: filepath.Join(top, ".git", "worktrees", "wt", "index"),
		HooksDir: filepath.Join(top, ".git", "hooks"), ObjectFormat: "sha1"})
	if got, want := r.GitPath("remnant-guard"), filepath.Join(r.GitDir, "remnant-guard"); got != want {
		t.Errorf("GitPath(remnant-guard) = %s, want %s", got, want)
	}
	if got, want := r.GitPath("info/exclude"), filepath.Join(r.CommonDir, "info", "exclude"); got != want {
		t.Errorf("GitPath(info/exclude) = %s, want %s", got, want)
	}
	// The environment git gives a hook in a linked worktree names the same repository.
	r2 := open(t, wt, append(testEnv(t), "GIT_DIR="+r.GitDir, "GIT_INDEX_FILE="+r.IndexFile))
	checkRepo(t, r2, repoFields{TopLevel: r.TopLevel, GitDir: r.GitDir, CommonDir: r.CommonDir,
		IndexFile: r.IndexFile, HooksDir: r.HooksDir, ObjectFormat: "sha1"})
}

func TestOpenSubmodule(t *testing.T) {
	env := testEnv(t)
	sub := newRepo(t, env)
	writeFile(t, sub, "s.txt", "s\n")
	commitAll(t, sub, env, "sub")
	super := newRepo(t, env)
	writeFile(t, super, "a.txt", "a\n")
	commitAll(t, super, env, "init")
	git(t, super, env, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "mod")
	top := realPath(t, super)
	r := open(t, filepath.Join(super, "mod"), env)
	mod := filepath.Join(top, ".git", "modules", "mod")
	checkRepo(t, r, repoFields{TopLevel: filepath.Join(top, "mod"), GitDir: mod, CommonDir: mod,
		IndexFile: filepath.Join(mod, "index"), HooksDir: filepath.Join(mod, "hooks"), ObjectFormat: "sha1"})
}

func TestOpenEnvironment(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "a.txt", "a\n")
	commitAll(t, dir, env, "init")
	top := realPath(t, dir)
	elsewhere := t.TempDir()

	r := open(t, elsewhere, append(testEnv(t), "GIT_DIR="+filepath.Join(dir, ".git"), "GIT_WORK_TREE="+dir))
	if r.TopLevel != top || r.GitDir != filepath.Join(top, ".git") {
		t.Errorf("GIT_DIR+GIT_WORK_TREE: top %s gitdir %s", r.TopLevel, r.GitDir)
	}
	alt := filepath.Join(elsewhere, "alt-index")
	r = open(t, dir, append(testEnv(t), "GIT_INDEX_FILE="+alt))
	if r.IndexFile != realPath(t, elsewhere)+"/alt-index" && r.IndexFile != alt {
		t.Errorf("GIT_INDEX_FILE: IndexFile = %s, want %s", r.IndexFile, alt)
	}
	// git hands `git commit` hooks a relative GIT_INDEX_FILE.
	r = open(t, dir, append(testEnv(t), "GIT_INDEX_FILE=.git/index"))
	if r.IndexFile != filepath.Join(top, ".git", "index") {
		t.Errorf("relative GIT_INDEX_FILE: IndexFile = %s", r.IndexFile)
	}
	// A hook runs at the top: GIT_PREFIX does not change what file names
	// it is given are relative to.
	r = open(t, dir, append(testEnv(t), "GIT_PREFIX=sub/dir/"))
	if r.Prefix != "" {
		t.Errorf("GIT_PREFIX: Prefix = %q, want \"\"", r.Prefix)
	}
}

func TestOpenHooksPath(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	git(t, dir, env, "config", "core.hooksPath", ".githooks")
	r := open(t, dir, env)
	if want := filepath.Join(realPath(t, dir), ".githooks"); r.HooksDir != want {
		t.Errorf("HooksDir = %s, want %s", r.HooksDir, want)
	}
}

func TestOpenBareAndOutside(t *testing.T) {
	env := testEnv(t)
	bare := filepath.Join(t.TempDir(), "b.git")
	git(t, t.TempDir(), env, "init", "-q", "--bare", bare)
	_, err := OpenEnv(bare, env)
	if !errors.Is(err, ErrBareRepository) {
		t.Errorf("bare: err = %v, want ErrBareRepository", err)
	}
	outside := t.TempDir()
	_, err = OpenEnv(outside, append(env, "GIT_CEILING_DIRECTORIES="+filepath.Dir(outside)))
	if !errors.Is(err, ErrNotRepository) {
		t.Errorf("outside: err = %v, want ErrNotRepository", err)
	}
}

func TestOpenUnusualPath(t *testing.T) {
	env := testEnv(t)
	dir := filepath.Join(t.TempDir(), "my repo ünïcode")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, dir, env, "init", "-q", "-b", "main")
	writeFile(t, dir, "dir with space/é.txt", "x\n")
	commitAll(t, dir, env, "init")
	r := open(t, filepath.Join(dir, "dir with space"), env)
	if r.TopLevel != realPath(t, dir) || r.Prefix != "dir with space/" {
		t.Errorf("top %q prefix %q", r.TopLevel, r.Prefix)
	}
	if _, ok, err := r.Head(); !ok || err != nil {
		t.Errorf("Head: ok=%v err=%v", ok, err)
	}
}

func TestVersionLess(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"2.30.9", "2.31", true}, {"2.31.0", "2.31", false}, {"2.39.5.windows.1", "2.31", false},
		{"1.9", "2.31", true}, {"2.4", "2.31", true}, {"3.0", "2.31", false},
	} {
		if got := versionLess(tc.a, tc.b); got != tc.want {
			t.Errorf("versionLess(%s, %s) = %v", tc.a, tc.b, got)
		}
	}
	e := &GitTooOldError{Have: "2.25.1", Need: "2.31"}
	if e.Error() != "git 2.25.1 is too old: version 2.31 or newer is needed" {
		t.Errorf("GitTooOldError: %s", e)
	}
}
