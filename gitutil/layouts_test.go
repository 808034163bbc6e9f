package gitutil

import (
	"bytes"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// indexLayout is one way git writes the index: set up once on a fresh
// repository, refreshed after every staging (some layouts are written by
// `git status`), and recognised in the file by its header or extensions.
type indexLayout struct {
	name    string
	setup   func(t *testing.T, dir string, env []string)
	refresh func(t *testing.T, dir string, env []string)
	has     func(index []byte) bool
}

func hasExtension(sig string) func([]byte) bool {
	return func(index []byte) bool { return bytes.Contains(index[12:], []byte(sig)) }
}

func version(v byte) func([]byte) bool {
	return func(index []byte) bool { return len(index) > 8 && index[7] == v }
}

func v2or3(index []byte) bool { return version(2)(index) || version(3)(index) }

func gitStatus(t *testing.T, dir string, env []string) {
	git(t, dir, env, "status", "--porcelain", "-uall")
}

// fsmonitorHook answers git's fsmonitor queries (protocol 2): a new token,
// then "/" for "anything may have changed", so git stays correct and still
// writes the FSMN extension.
const fsmonitorHook = "#!/bin/sh\nprintf 'token-%s\\0/\\0' \"$(date +%s%N)\"\n"

var indexLayouts = []indexLayout{
	{"v2", func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "config", "index.version", "2")
		git(t, dir, env, "update-index", "--index-version", "2")
	}, nil, v2or3}, // git writes 3 while an intent-to-add entry needs it
	{"v3", func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "config", "index.version", "3")
		git(t, dir, env, "update-index", "--index-version", "3")
	}, nil, v2or3},
	{"v4", func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "config", "index.version", "4")
		git(t, dir, env, "update-index", "--index-version", "4")
	}, nil, version(4)},
	{"split", func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "config", "core.splitIndex", "true")
		git(t, dir, env, "update-index", "--split-index")
	}, nil, hasExtension("link")},
	{"sparse", func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "sparse-checkout", "init", "--cone", "--sparse-index")
		git(t, dir, env, "sparse-checkout", "set", "a", "z")
	}, nil, hasExtension("sdir")},
	{"skip-hash", nil, nil, func(index []byte) bool { return true }},
	{"untracked cache", func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "config", "core.untrackedCache", "true")
		git(t, dir, env, "update-index", "--untracked-cache")
		gitStatus(t, dir, env)
	}, gitStatus, hasExtension("UNTR")},
	{"fsmonitor", func(t *testing.T, dir string, env []string) {
		hook := filepath.Join(t.TempDir(), "fsmonitor")
		if err := os.WriteFile(hook, []byte(fsmonitorHook), 0o755); err != nil {
			t.Fatal(err)
		}
		git(t, dir, env, "config", "core.fsmonitor", hook)
		git(t, dir, env, "config", "core.fsmonitorHookVersion", "2")
		gitStatus(t, dir, env)
	}, gitStatus, hasExtension("FSMN")},
}

// TestStagedChangesEveryLayout runs the staged-change reader the hook uses
// (OpenStaged, then StagedChanges: in process where it can, diff-index
// otherwise) against `git diff-index --cached` over rounds of random
// edits, in every index layout git writes. git 2.39 writes no skip-hash
// index (index.skipHash came in 2.40), so that layout is made as 2.40
// makes it: the trailing checksum zeroed, after git has given its answer.
func TestStagedChangesEveryLayout(t *testing.T) {
	env := testEnv(t)
	for _, name := range []string{"HOME", "GIT_CONFIG_NOSYSTEM", "XDG_CONFIG_HOME", "GIT_AUTHOR_NAME",
		"GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL"} {
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, name+"="); ok {
				t.Setenv(name, v)
			}
		}
	}
	rounds := testtier.Pick(4, 12)
	for i, l := range indexLayouts {
		t.Run(l.name, func(t *testing.T) { layoutRounds(t, env, l, int64(i), rounds) })
	}
}

func layoutRounds(t *testing.T, env []string, l indexLayout, seed int64, rounds int) {
	dir := newRepo(t, env)
	rng := rand.New(rand.NewSource(seed))
	w := &randomTree{t: t, dir: dir, rng: rng}
	for range 120 {
		w.write(w.newPath())
	}
	commitAll(t, dir, env, "init")
	if l.setup != nil {
		l.setup(t, dir, env)
	}
	indexPath := filepath.Join(dir, ".git", "index")
	for round := range rounds {
		touched := w.edit(1 + rng.Intn(6))
		stageLoosely(dir, env, rng, touched)
		if rng.Intn(4) == 0 {
			if p := w.newPath(); w.write(p) {
				runLoosely(dir, env, "add", "-N", "--", ":(literal)"+p)
			}
		}
		if l.refresh != nil {
			l.refresh(t, dir, env)
		}
		index, err := os.ReadFile(indexPath)
		if err != nil {
			t.Fatal(err)
		}
		if !l.has(index) {
			t.Fatalf("round %d: the index is not in the %s layout", round, l.name)
		}
		want, err := parseRaw([]byte(git(t, dir, env, diffIndexArgs("HEAD")...)))
		if err != nil {
			t.Fatal(err)
		}
		if l.name == "skip-hash" {
			zeroed := slices.Clone(index)
			clear(zeroed[len(zeroed)-20:])
			if err := os.WriteFile(indexPath, zeroed, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got := stagedOf(t, dir)
		if l.name == "skip-hash" {
			if err := os.WriteFile(indexPath, index, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: staged changes differ from git's:\n%s", round, changeDiff(got, want))
		}
		if l.name != "skip-hash" {
			compareInIndex(t, dir, env, w)
		}
		if rng.Intn(3) == 0 {
			git(t, dir, env, "commit", "-q", "--allow-empty", "-m", "round")
		}
	}
}

func stagedOf(t *testing.T, dir string) []Change {
	t.Helper()
	r, err := OpenStaged(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got, err := r.StagedChanges()
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// stageLoosely stages everything or the touched paths; in a sparse
// checkout git refuses paths outside the cone, which leaves the index as
// it is, a state like any other.
func stageLoosely(dir string, env []string, rng *rand.Rand, touched []string) {
	if rng.Intn(2) == 0 {
		runLoosely(dir, env, "add", "-A")
		return
	}
	args := []string{"add", "-A", "--ignore-missing", "--"}
	for _, p := range touched {
		args = append(args, ":(literal)"+p)
	}
	runLoosely(dir, env, args...)
}

func runLoosely(dir string, env []string, args ...string) {
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.Run()
}

// compareInIndex asks InIndex about files, directories and absent paths
// twice: through the index the in-process diff kept (a binary search), and
// through HEAD's trees and the staged changes; both must agree.
func compareInIndex(t *testing.T, dir string, env []string, w *randomTree) {
	t.Helper()
	r := open(t, dir, env)
	changes, err := r.StagedChanges()
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range w.files() {
		paths = append(paths, f, filepath.ToSlash(filepath.Dir(f)))
	}
	for range 20 {
		paths = append(paths, w.newPath())
	}
	fast, err := r.InIndex(paths, changes)
	if err != nil {
		t.Fatal(err)
	}
	if r.sorted == nil {
		return // the in-process diff did not answer: nothing kept
	}
	r.sorted.close()
	r.sorted = nil
	slow, err := r.InIndex(paths, changes)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		if fast[p] != slow[p] {
			t.Fatalf("InIndex(%q): index lookup %v, HEAD's trees %v", p, fast[p], slow[p])
		}
	}
}
