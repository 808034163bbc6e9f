package gitutil

import (
	"bytes"
	"crypto/rand"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// deepRepo is historyRepo repacked into one pack of long delta chains:
// offset deltas, or reference deltas when refs is true. The commits' dates
// are fixed and git packs with one thread, so the same objects make the
// same pack on every run, however loaded the machine: the chains the test
// relies on do not depend on when it ran.
func deepRepo(t *testing.T, env []string, format string, refs bool) string {
	t.Helper()
	env = append(slices.Clip(env), "GIT_AUTHOR_DATE=2026-01-02T03:04:05Z", "GIT_COMMITTER_DATE=2026-01-02T03:04:05Z")
	dir := historyRepo(t, env, "--object-format="+format)
	args := []string{"repack", "-adfq", "--depth=250", "--window=250", "--threads=1"}
	if refs {
		args = append([]string{"-c", "repack.useDeltaBaseOffset=false"}, args...)
	}
	git(t, dir, env, args...)
	if d := maxDepth(t, dir, env); d < 5 {
		t.Fatalf("longest delta chain %d, want 5 or more", d)
	}
	return dir
}

// maxDepth is the longest delta chain git verify-pack reports.
func maxDepth(t *testing.T, dir string, env []string) int {
	t.Helper()
	packs, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.idx"))
	deepest := 0
	for _, line := range strings.Split(git(t, dir, env, append([]string{"verify-pack", "-v"}, packs...)...), "\n") {
		if f := strings.Fields(line); len(f) == 7 {
			d, _ := strconv.Atoi(f[5])
			deepest = max(deepest, d)
		}
	}
	return deepest
}

// readerFor is a reader of dir's objects with its own cache bound, over
// mapped packs or ReadAt alone.
func readerFor(t *testing.T, dir, format string, limit int, mapped bool) *odbState {
	t.Helper()
	o := newODB(filepath.Join(dir, ".git", "objects"), format, limit)
	o.readAt = !mapped
	if err := o.openPacks(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(o.close)
	return o
}

// TestODBDeltaCacheMatchesGit reads every object of repositories whose
// deltas form long chains, in git's order and reversed, with delta-base
// caches from none at all to the default bound: every object must come
// out as `git cat-file --batch` gives it, the cache must stay within its
// bound, a small bound must evict and the default one must be used.
func TestODBDeltaCacheMatchesGit(t *testing.T) {
	for _, format := range []string{"sha1", "sha256"} {
		for _, refs := range []bool{false, true} {
			t.Run(format+map[bool]string{false: "/offset", true: "/ref"}[refs], func(t *testing.T) {
				env := testEnv(t)
				dir := deepRepo(t, env, format, refs)
				want := allObjects(t, dir, env)
				reversed := slices.Clone(want)
				slices.Reverse(reversed)
				for _, limit := range []int{0, 8 << 10, 64 << 10, deltaCacheLimit} {
					for _, mapped := range []bool{true, false} {
						o := readerFor(t, dir, format, limit, mapped)
						for _, list := range [][]object{want, reversed} {
							for _, w := range list {
								got, found, err := o.read(w.hash)
								if err != nil || !found {
									t.Fatalf("limit %d: read %s: %v, %v", limit, w.hash, found, err)
								}
								if got.kind != w.kind || !bytes.Equal(got.data, w.data) {
									t.Fatalf("limit %d, mapped %v: %s read as %s of %d bytes, git says %s of %d",
										limit, mapped, w.hash, got.kind, len(got.data), w.kind, len(w.data))
								}
							}
						}
						c := o.cache
						if c.used > limit {
							t.Errorf("limit %d: cache holds %d bytes", limit, c.used)
						}
						if limit == 8<<10 && c.evicted == 0 {
							t.Errorf("limit %d: nothing evicted", limit)
						}
						if limit == deltaCacheLimit && c.hits == 0 {
							t.Errorf("default limit: no base found in the cache")
						}
					}
				}
			})
		}
	}
}

// TestODBInfoMatchesGit compares the type and size the reader tells from
// headers alone with `git cat-file --batch-check`, for every object of
// loose and packed repositories (offset and reference deltas, SHA-1 and
// SHA-256), and checks that objects read after their size still match.
func TestODBInfoMatchesGit(t *testing.T) {
	for _, format := range []string{"sha1", "sha256"} {
		t.Run(format, func(t *testing.T) {
			env := testEnv(t)
			dir := historyRepo(t, env, "--object-format="+format)
			big := make([]byte, 3*looseKeepFile)
			rand.Read(big)
			writeFile(t, dir, "big.bin", string(big))
			commitAll(t, dir, env, "big")
			compareInfo(t, dir, env, format, true)
			compareAll(t, dir, env)
			for _, refs := range []bool{false, true} {
				args := []string{"repack", "-adfq", "--depth=250", "--window=250", "--threads=1"}
				if refs {
					args = append([]string{"-c", "repack.useDeltaBaseOffset=false"}, args...)
				}
				git(t, dir, env, args...)
				for _, mapped := range []bool{true, false} {
					if d := compareInfo(t, dir, env, format, mapped); d < 20 {
						t.Errorf("refs %v: %d deltas, want many", refs, d)
					}
				}
			}
		})
	}
}

// compareInfo checks o.info against git for every object, over mapped
// packs or ReadAt alone, and returns how many are packed deltas. Every object is then read, after its size.
func compareInfo(t *testing.T, dir string, env []string, format string, mapped bool) (deltas int) {
	t.Helper()
	o := readerFor(t, dir, format, deltaCacheLimit, mapped)
	lines := strings.Split(git(t, dir, env, "cat-file", "--batch-all-objects", "--batch-check"), "\n")
	for _, line := range lines {
		f := strings.Fields(line)
		kind, size := o.info(f[0])
		if kind != f[1] || strconv.FormatInt(size, 10) != f[2] {
			t.Errorf("%s: info says %s of %d bytes, git says %s of %s", f[0], kind, size, f[1], f[2])
		}
		if isPackedDelta(t, o, f[0]) {
			deltas++
		}
	}
	for _, line := range lines {
		f := strings.Fields(line)
		got, found, err := o.read(f[0])
		if err != nil || !found || got.kind != f[1] || strconv.Itoa(len(got.data)) != f[2] {
			t.Errorf("%s read after its size: %s of %d bytes, %v %v", f[0], got.kind, len(got.data), found, err)
		}
	}
	if len(o.kept.objs) != 0 || o.kept.bytes != 0 {
		t.Errorf("%d loose objects (%d bytes) still kept after every one was read", len(o.kept.objs), o.kept.bytes)
	}
	return deltas
}
