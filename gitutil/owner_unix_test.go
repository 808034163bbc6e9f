//go:build unix

package gitutil

import (
	"path/filepath"
	"testing"
)

// TestDiscoverLeavesOthersReposToGit: a repository another user owns is
// git's to refuse (safe.directory), since its configuration may run
// commands; with GIT_DIR given, git does not check, nor does discover.
func TestDiscoverLeavesOthersReposToGit(t *testing.T) {
	env := testEnv(t)
	dir := baseRepo(t, env)
	if _, ok := discover(dir, env); !ok {
		t.Fatal("discover declined a repository of the current user")
	}
	real := currentUID
	t.Cleanup(func() { currentUID = real })
	currentUID = func() int { return real() + 1 }
	if _, ok := discover(dir, env); ok {
		t.Error("discover answered for a repository another user owns")
	}
	if _, ok := discover(dir, with(env, "GIT_DIR="+filepath.Join(dir, ".git"))); !ok {
		t.Error("discover declined with GIT_DIR given")
	}
}
