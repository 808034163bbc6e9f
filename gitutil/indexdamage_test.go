package gitutil

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// damagedIndexLayouts are the index layouts a truncated file is tried in:
// the in-process reader's own (versions 2 and 4), and the split and sparse
// indexes, whose entries it walks before handing them to git.
var damagedIndexLayouts = []struct {
	name  string
	setup func(t *testing.T, dir string, env []string)
}{
	{"version 2", func(t *testing.T, dir string, env []string) {}},
	{"version 4", func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "update-index", "--index-version", "4")
	}},
	{"split index", func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "update-index", "--split-index")
	}},
	{"split index, version 4", func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "update-index", "--index-version", "4")
		git(t, dir, env, "update-index", "--split-index")
	}},
	{"sparse index", func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "sparse-checkout", "init", "--cone", "--sparse-index")
		git(t, dir, env, "sparse-checkout", "set", "a")
	}},
}

// stagedFresh is StagedChanges as the hook computes it, on a Repo found in
// process: the index read now, git asked only for what the reader hands on.
func stagedFresh(t *testing.T, dir string, env []string) ([]Change, error) {
	t.Helper()
	r, ok := discover(dir, env)
	if !ok {
		t.Fatal("discover failed")
	}
	r.env = commandEnv(env, r)
	defer r.Close()
	return r.StagedChanges()
}

// TestDamagedIndex cuts the index at every length short of its own: each
// cut is an IndexDamagedError naming the file, or, where only extensions
// are lost and every entry is intact, the same changes as the whole index.
// Git itself reads most of these cuts without an error, as entries made of
// the bytes that follow.
func TestDamagedIndex(t *testing.T) {
	for _, layout := range damagedIndexLayouts {
		t.Run(layout.name, func(t *testing.T) {
			env := testEnv(t)
			dir := wideRepo(t, env)
			layout.setup(t, dir, env)
			writeFile(t, dir, "a/b", "edited\n")
			writeFile(t, dir, "a/new.txt", "new\n")
			git(t, dir, env, "add", "a")
			path := git(t, dir, env, "rev-parse", "--path-format=absolute", "--git-path", "index")
			good := indexBytes(t, dir, env)
			want, err := stagedFresh(t, dir, env)
			if err != nil || len(want) != 2 {
				t.Fatalf("whole index: %v, %v", want, err)
			}
			damaged, intact := 0, 0
			for n := range len(good) {
				if err := os.WriteFile(path, good[:n], 0o644); err != nil {
					t.Fatal(err)
				}
				got, err := stagedFresh(t, dir, env)
				var de *IndexDamagedError
				switch {
				case errors.As(err, &de):
					if de.Path != path || !strings.Contains(err.Error(), path) {
						t.Fatalf("cut at %d: error names %q, want %q", n, de.Path, path)
					}
					damaged++
				case err == nil && reflect.DeepEqual(got, want):
					intact++
				default:
					t.Fatalf("cut at %d of %d: changes %v, error %v; want an IndexDamagedError", n, len(good), got, err)
				}
			}
			if damaged < len(good)-4 {
				t.Errorf("%d of %d cuts reported damaged", damaged, len(good))
			}
			t.Logf("%d cuts damaged, %d keep every entry", damaged, intact)
		})
	}
}

// TestIndexChecksumNotVerified: a corrupted trailing checksum over intact
// entries is read as git reads it (git verifies it only in fsck): the
// commit git would make is the one the entries describe.
func TestIndexChecksumNotVerified(t *testing.T) {
	env := testEnv(t)
	dir := wideRepo(t, env)
	writeFile(t, dir, "a/b", "edited\n")
	git(t, dir, env, "add", "a")
	path := git(t, dir, env, "rev-parse", "--path-format=absolute", "--git-path", "index")
	want, err := stagedFresh(t, dir, env)
	if err != nil {
		t.Fatal(err)
	}
	good := indexBytes(t, dir, env)
	bad := append([]byte(nil), good...)
	bad[len(bad)-1] ^= 0xff
	if err := os.WriteFile(path, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := stagedFresh(t, dir, env)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("corrupted checksum: %v, %v; want %v", got, err, want)
	}
	if gitSays := git(t, dir, env, "diff-index", "--cached", "--name-only", "HEAD"); gitSays != "a/b" {
		t.Errorf("git diff-index on the same index: %q", gitSays)
	}
}

// TestDamagedIndexOpenStaged: the hook's own entry point reports the
// damage from the index it reads at once, and asks no git process.
func TestDamagedIndexOpenStaged(t *testing.T) {
	env := testEnv(t)
	dir := wideRepo(t, env)
	path := git(t, dir, env, "rev-parse", "--path-format=absolute", "--git-path", "index")
	good := indexBytes(t, dir, env)
	if err := os.WriteFile(path, good[:len(good)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		t.Setenv(name, value)
	}
	r, err := OpenStaged(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.early != nil {
		t.Error("a diff-index process was started for a damaged index")
	}
	var de *IndexDamagedError
	if _, err := r.StagedChanges(); !errors.As(err, &de) {
		t.Errorf("StagedChanges: %v, want an IndexDamagedError", err)
	}
}

// TestDamagedSharedIndex: a split index's shared file, cut short, is an
// error naming it (git checks that file's checksum against its name).
func TestDamagedSharedIndex(t *testing.T) {
	env := testEnv(t)
	dir := wideRepo(t, env)
	git(t, dir, env, "update-index", "--split-index")
	writeFile(t, dir, "a/b", "edited\n")
	git(t, dir, env, "add", "a")
	shared, err := filepath.Glob(dir + "/.git/sharedindex.*")
	if err != nil || len(shared) != 1 {
		t.Fatalf("shared index: %v %v", shared, err)
	}
	data, err := os.ReadFile(shared[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 30, len(data) / 2, len(data) - 21} {
		if err := os.WriteFile(shared[0], data[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := stagedFresh(t, dir, env); err == nil || !strings.Contains(err.Error(), "sharedindex.") {
			t.Errorf("shared index cut at %d: %v", n, err)
		}
	}
}

// TestSplitIndexAfterBadTree: a split index whose link extension follows
// a cache tree this reader cannot parse is still a split index, handed to
// git, not damage; cut before its link, it is damage even so.
func TestSplitIndexAfterBadTree(t *testing.T) {
	env := testEnv(t)
	dir := wideRepo(t, env)
	git(t, dir, env, "update-index", "--split-index")
	writeFile(t, dir, "a/b", "edited\n")
	git(t, dir, env, "add", "a")
	good := indexBytes(t, dir, env)
	at := bytes.LastIndex(good, []byte("link"))
	if at < 0 {
		t.Fatal("no link extension")
	}
	bad := append([]byte(nil), good[:at]...)
	bad = append(bad, "TREE\x00\x00\x00\x04\x00x y"...)
	bad = append(bad, good[at:]...)
	_, err := parseIndexBytes(t, bad)
	var de *IndexDamagedError
	var ie *indexError
	if errors.As(err, &de) || !errors.As(err, &ie) {
		t.Errorf("split index after a bad cache tree: %v, want it handed to git", err)
	}
	// The same without the link: entries without a path and nothing to
	// say what they replace.
	noLink := append(append([]byte(nil), good[:at]...), "TREE\x00\x00\x00\x04\x00x y"...)
	noLink = append(noLink, good[len(good)-20:]...)
	if _, err := parseIndexBytes(t, noLink); !errors.As(err, &de) {
		t.Errorf("split index without its link, after a bad cache tree: %v, want an IndexDamagedError", err)
	}
}
