package gitutil

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitIn runs git with stdin and returns its output.
func gitIn(t testing.TB, dir string, env []string, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env, cmd.Stdin = dir, env, strings.NewReader(stdin)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimRight(string(out), "\n")
}

// The header-only type reader agrees with git for every object of a
// repository with tags of every kind, loose and then packed with deltas.
// (Peel itself is compared with git in TestPeelMatchesGitEverywhere.)
func TestObjectKindMatchesGit(t *testing.T) {
	env := testEnv(t)
	dir, _ := peelRepo(t, env)
	for _, packed := range []bool{false, true} {
		if packed {
			git(t, dir, env, "repack", "-adf", "--depth=50", "--window=50")
		}
		r := open(t, dir, env)
		o := r.odbLocked()
		all := strings.Fields(gitIn(t, dir, env, "", "rev-list", "--objects", "--all", "--no-object-names"))
		tags := strings.Fields(git(t, dir, env, "for-each-ref", "--format=%(objectname)", "refs/tags"))
		for _, h := range append(all, tags...) {
			want := git(t, dir, env, "cat-file", "-t", h)
			if got := o.kind(h); got != want {
				t.Errorf("packed=%v kind(%s) = %q, git: %q", packed, h, got, want)
			}
		}
		r.Close()
	}
}

// peelRepo makes a repository with tags of every kind of object, tags of
// tags among them, and returns it with names to peel: hashes (full, upper
// case, short), revisions, missing objects and names shaped like options.
func peelRepo(t *testing.T, env []string, initArgs ...string) (dir string, names []string) {
	t.Helper()
	dir = newRepo(t, env, initArgs...)
	body := strings.Repeat("a line of text that repeats, so that packing makes deltas\n", 200)
	for i := range 6 {
		writeFile(t, dir, "f.txt", body+fmt.Sprintf("change %d\n", i))
		writeFile(t, dir, fmt.Sprintf("d/%d.txt", i), body)
		commitAll(t, dir, env, fmt.Sprintf("commit %d", i))
	}
	blob := git(t, dir, env, "rev-parse", "HEAD:f.txt")
	tree := git(t, dir, env, "rev-parse", "HEAD^{tree}")
	git(t, dir, env, "tag", "-a", "-m", "c", "tc", "HEAD~2")
	git(t, dir, env, "tag", "-a", "-m", "b", "tb", blob)
	git(t, dir, env, "tag", "-a", "-m", "t", "tt", tree)
	git(t, dir, env, "tag", "-a", "-m", "tag of a tag", "ttag", "tt")
	git(t, dir, env, "tag", "-a", "-m", "tag of a tag of a tag", "tttag", "ttag")
	git(t, dir, env, "tag", "-a", "-m", "tag of a blob's tag", "tbtag", "tb")
	git(t, dir, env, "tag", "light", blob)
	names = []string{"HEAD", "HEAD~3", "main", "tc", "ttag^{}", "HEAD:f.txt", "nosuch", "-n", "--all", "HEAD~1 HEAD",
		blob, tree, strings.Repeat("0", 40), strings.Repeat("0", 64)}
	for _, h := range strings.Fields(git(t, dir, env, "for-each-ref", "--format=%(objectname)", "refs/tags")) {
		names = append(names, h, strings.ToUpper(h))
	}
	for _, c := range strings.Fields(git(t, dir, env, "rev-list", "--all")) {
		names = append(names, c, c[:12])
	}
	return dir, names
}

// peelLikeGit checks Peel against `git cat-file --batch-check` on rev^{}.
func peelLikeGit(t *testing.T, what, dir string, env, names []string) {
	t.Helper()
	r := open(t, dir, env)
	for _, n := range names {
		kind, hash, ok, err := r.Peel(n)
		if err != nil {
			t.Errorf("%s: Peel(%q): %v", what, n, err)
			continue
		}
		want := strings.Fields(gitIn(t, dir, env, n+"^{}\n", "cat-file", "--batch-check=%(objecttype) %(objectname)"))
		if last := want[len(want)-1]; last == "missing" || last == "ambiguous" {
			if ok {
				t.Errorf("%s: Peel(%q) = %s %s, git: %v", what, n, kind, hash, want)
			}
		} else if !ok || kind != want[0] || hash != want[1] {
			t.Errorf("%s: Peel(%q) = %s %s %v, git: %v", what, n, kind, hash, ok, want)
		}
	}
}

// Peel agrees with git in SHA-1 and SHA-256 repositories, loose, packed
// with offset deltas, packed with reference deltas (which the reader
// leaves to git), and through alternates.
func TestPeelMatchesGitEverywhere(t *testing.T) {
	env := testEnv(t)
	for _, format := range []string{"sha1", "sha256"} {
		dir, names := peelRepo(t, env, "--object-format="+format)
		peelLikeGit(t, format+" loose", dir, env, names)
		git(t, dir, env, "repack", "-adf", "--depth=50", "--window=50")
		peelLikeGit(t, format+" packed", dir, env, names)

		refDelta := newRepo(t, env, "--object-format="+format)
		objects := gitIn(t, dir, env, "", "rev-list", "--objects", "--all")
		// Without --delta-base-offset pack-objects writes reference deltas.
		gitIn(t, dir, env, objects+"\n", "pack-objects", "--window=50", "--depth=50",
			filepath.Join(refDelta, ".git", "objects", "pack", "pack"))
		for _, l := range strings.Split(git(t, dir, env, "for-each-ref", "--format=%(objectname) %(refname)"), "\n") {
			f := strings.Fields(l)
			git(t, refDelta, env, "update-ref", f[1], f[0])
		}
		peelLikeGit(t, format+" reference deltas", refDelta, env, names)

		alt := newRepo(t, env, "--object-format="+format)
		writeFile(t, alt, ".git/objects/info/alternates", filepath.Join(dir, ".git", "objects")+"\n")
		peelLikeGit(t, format+" alternates", alt, env, names)
	}
}

// A hash is peeled through its tags without git: with git unable to find
// the repository, Peel still answers for every tag, commit, tree and blob.
func TestPeelFollowsTagsInProcess(t *testing.T) {
	env := testEnv(t)
	dir, _ := peelRepo(t, env)
	for _, packed := range []bool{false, true} {
		if packed {
			git(t, dir, env, "repack", "-adf")
		}
		all := strings.Fields(git(t, dir, env, "for-each-ref", "--format=%(objectname)", "refs/tags"))
		all = append(all, strings.Fields(git(t, dir, env, "rev-list", "--objects", "--all", "--no-object-names"))...)
		want := map[string]string{}
		for _, h := range all {
			want[h] = gitIn(t, dir, env, h+"^{}\n", "cat-file", "--batch-check=%(objecttype) %(objectname)")
		}
		r := open(t, dir, env)
		r.mu.Lock()
		r.odbLocked()
		r.mu.Unlock()
		r.env = append(r.env[:len(r.env):len(r.env)], "GIT_DIR="+filepath.Join(dir, "nowhere"))
		for _, h := range all {
			kind, hash, ok, err := r.Peel(h)
			if got := kind + " " + hash; err != nil || !ok || got != want[h] {
				t.Errorf("packed=%v Peel(%s) = %q %v %v, git: %q", packed, h, got, ok, err, want[h])
			}
		}
	}
}
