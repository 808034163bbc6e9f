package hooks

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// With --base given, ci takes the merge base from the list of the range
// when the base is an ancestor of the head, and asks git merge-base only
// for a base that is not: both give the merge base git would.
func TestCIAsksMergeBaseOnlyForADivergedBase(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("sh is not installed: the git that notes its commands is a shell script")
	}
	real, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	env := append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@example.com")
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(real, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "-b", "main")
	commit := func(name string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(name+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", name)
		git("commit", "-q", "-m", name)
	}
	commit("a")
	git("tag", "cut")
	commit("b")
	git("branch", "side", "cut")
	git("checkout", "-q", "side")
	commit("c")
	git("checkout", "-q", "main")
	commit("d")

	// A git that notes each command it runs, then runs git.
	bin := filepath.Join(t.TempDir(), "bin")
	calls := filepath.Join(bin, "calls")
	os.MkdirAll(bin, 0o755)
	script := "#!/bin/sh\necho \"$*\" >> " + calls + "\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && (k == "HOME" || strings.HasPrefix(k, "GIT_")) {
			t.Setenv(k, v)
		}
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, tc := range []struct {
		base, head string
		asked      bool
	}{{"cut", "main", false}, {"cut", "side", false}, {"side", "main", true}, {"main", "side", true}} {
		os.Remove(calls)
		_, rng, err := CI(CIOptions{Options: Options{Dir: dir}, Base: tc.base, Head: tc.head})
		if err != nil {
			t.Fatalf("ci --base %s --head %s: %v", tc.base, tc.head, err)
		}
		if want := git("merge-base", tc.base, tc.head); rng.MergeBase != want {
			t.Errorf("ci --base %s --head %s: merge base %s, git: %s", tc.base, tc.head, rng.MergeBase, want)
		}
		log, _ := os.ReadFile(calls)
		if asked := strings.Contains(string(log), "merge-base"); asked != tc.asked {
			t.Errorf("ci --base %s --head %s: git merge-base run: %v, want %v\n%s", tc.base, tc.head, asked, tc.asked, log)
		}
	}
}
