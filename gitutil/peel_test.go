package gitutil

import (
	"fmt"
	"os/exec"
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

// Peel and the header-only type reader agree with git for every object of
// a repository, loose and then packed with deltas, and for tags of every
// kind of object, tags of tags included.
func TestPeelMatchesGit(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
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
	git(t, dir, env, "tag", "-a", "-m", "tag of a tag", "ttag", "tb")
	git(t, dir, env, "tag", "light", blob)
	names := []string{"HEAD", "HEAD~3", blob, tree, "tc", "tb", "tt", "ttag", "light", "nosuch", strings.Repeat("0", 40)}
	for _, packed := range []bool{false, true} {
		if packed {
			git(t, dir, env, "repack", "-adf", "--depth=50", "--window=50")
		}
		for _, n := range names {
			n := n
			if n != "HEAD" && n != "HEAD~3" && n != "nosuch" && len(n) != 40 {
				n = git(t, dir, env, "rev-parse", n) // a push names objects by hash
			}
			r := open(t, dir, env)
			kind, hash, ok, err := r.Peel(n)
			r.Close()
			if err != nil {
				t.Fatalf("Peel(%s): %v", n, err)
			}
			want := strings.Fields(gitIn(t, dir, env, n+"^{}\n", "cat-file", "--batch-check=%(objecttype) %(objectname)"))
			if len(want) == 2 && want[1] == "missing" {
				if ok {
					t.Errorf("packed=%v Peel(%s) = %s %s, git: missing", packed, n, kind, hash)
				}
				continue
			}
			if !ok || kind != want[0] || hash != want[1] {
				t.Errorf("packed=%v Peel(%s) = %s %s %v, git: %v", packed, n, kind, hash, ok, want)
			}
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
