package gitutil

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDiscoverAgreesWithGit: wherever discover answers, it answers as
// `git rev-parse` does; where it cannot be sure, it declines.
func TestDiscoverAgreesWithGit(t *testing.T) {
	env := testEnv(t)
	main := baseRepo(t, env)
	wt := filepath.Join(t.TempDir(), "wt")
	git(t, main, env, "worktree", "add", "-q", wt)
	wtGitDir := git(t, wt, env, "rev-parse", "--absolute-git-dir")
	sha := newRepo(t, env, "--object-format=sha256")
	writeFile(t, sha, "a.txt", "a\n")
	commitAll(t, sha, env, "init")
	unborn := newRepo(t, env)
	packed := baseRepo(t, env)
	git(t, packed, env, "pack-refs", "--all")
	sub := filepath.Join(main, "d")
	bareInside := filepath.Join(main, "bare.git")
	git(t, main, env, "init", "-q", "--bare", bareInside)

	cases := []struct {
		name string
		dir  string
		env  []string
		want bool // discover answers (rather than declining)
	}{
		{"top", main, env, true},
		{"subdirectory", sub, env, true},
		{"linked worktree", wt, env, true},
		{"worktree as a hook sees it", wt, with(env, "GIT_DIR="+wtGitDir), true},
		{"sha256", sha, env, true},
		{"unborn", unborn, env, true},
		{"packed refs", packed, env, true},
		{"alternate index", main, with(env, "GIT_INDEX_FILE="+filepath.Join(main, ".git", "alt-index")), true},
		{"bare repository inside a work tree", bareInside, env, false},
		{"inside .git", filepath.Join(main, ".git"), env, false},
		{"inside .git/objects", filepath.Join(main, ".git", "objects"), env, false},
		{"config parameters", main, with(env, "GIT_CONFIG_PARAMETERS='core.worktree'='/x'"), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := discover(c.dir, c.env)
			if ok != c.want {
				t.Fatalf("discover ok = %v, want %v", ok, c.want)
			}
			if !ok {
				return
			}
			want, err := OpenEnv(c.dir, c.env)
			if err != nil {
				t.Fatal(err)
			}
			if got.TopLevel != want.TopLevel || got.GitDir != want.GitDir || got.CommonDir != want.CommonDir ||
				got.IndexFile != want.IndexFile || got.Prefix != want.Prefix || got.ObjectFormat != want.ObjectFormat ||
				(got.headShort == "") != (want.headShort == "") {
				t.Errorf("discover = %+v\n   git says %+v", got, want)
			}
		})
	}
}

// TestDiscoverDeclines: layouts whose answer only git knows.
func TestDiscoverDeclines(t *testing.T) {
	env := testEnv(t)
	for name, setup := range map[string]func(dir string){
		"core.worktree": func(dir string) { git(t, dir, env, "config", "core.worktree", dir) },
		"include":       func(dir string) { git(t, dir, env, "config", "include.path", "/dev/null") },
		// git refuses these repositories (or reads extensions the reader
		// does not know): only git can say what it makes of them.
		"v1-only extension in a version 0 repository": func(dir string) {
			git(t, dir, env, "config", "extensions.objectformat", "sha256")
		},
		"unknown extension": func(dir string) {
			git(t, dir, env, "config", "core.repositoryformatversion", "1")
			git(t, dir, env, "config", "extensions.frobnicate", "true")
		},
		"object format in upper case": func(dir string) {
			git(t, dir, env, "config", "core.repositoryformatversion", "1")
			git(t, dir, env, "config", "extensions.objectformat", "SHA1")
		},
		"repository format version 2": func(dir string) {
			git(t, dir, env, "config", "core.repositoryformatversion", "2")
		},
		"partial clone": func(dir string) {
			git(t, dir, env, "config", "extensions.partialclone", "origin")
		},
		"symbolic ref chain": func(dir string) {
			if err := os.WriteFile(filepath.Join(dir, ".git", "HEAD"), []byte("ref: refs/heads/alias\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, ".git", "refs", "heads", "alias"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := baseRepo(t, env)
			setup(dir)
			if _, ok := discover(dir, env); ok {
				t.Error("discover answered; want it to leave the answer to git")
			}
		})
	}
}

// with returns a copy of env with more variables.
func with(env []string, kv ...string) []string {
	return append(append([]string(nil), env...), kv...)
}
