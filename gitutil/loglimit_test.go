package gitutil

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
)

// With a section limit, a file whose patch passes it is marked Truncated
// and keeps only the lines before the limit; every other file of the
// history reads as without a limit, however git's output is cut up.
func TestLogSectionLimit(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	var big strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&big, "line %d of a big file, padded to some length\n", i)
	}
	writeFile(t, dir, "small.txt", "one\ntwo\n")
	writeFile(t, dir, "big.txt", big.String())
	writeFile(t, dir, "long.txt", strings.Repeat("x", 200<<10)+"\n")
	writeFile(t, dir, "z.txt", "after\n")
	commitAll(t, dir, env, "first")
	writeFile(t, dir, "big.txt", strings.ReplaceAll(big.String(), "padded", "PADDED"))
	writeFile(t, dir, "small.txt", "one\ntwo\nthree\n")
	commitAll(t, dir, env, "second")
	const limit = 64 << 10
	r := open(t, dir, env)
	l := r.StartLog("HEAD")
	l.SetSectionLimit(limit)
	var got []string
	err := l.Each(func(c CommitChanges) error {
		for _, fc := range c.Changes {
			size := 0
			for _, ln := range fc.Added {
				size += len(ln.Text) + 1
			}
			if size > limit {
				t.Errorf("%s kept %d bytes, over the limit", fc.Path, size)
			}
			got = append(got, fmt.Sprintf("%s truncated=%v lines=%d", fc.Path, fc.Truncated, len(fc.Added)))
		}
		return nil
	})
	l.Stop()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"big.txt truncated=true", "long.txt truncated=true lines=1", "small.txt truncated=false lines=2",
		"z.txt truncated=false lines=1", "big.txt truncated=true", "small.txt truncated=false lines=1"}
	if len(got) != len(want) {
		t.Fatalf("got %q", got)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("file %d: got %q, want %q", i, got[i], want[i])
		}
	}
}

// The limiter passes everything through when nothing reaches the limit,
// whatever sizes the reads come in.
func TestSectionLimiterPassesThrough(t *testing.T) {
	env := testEnv(t)
	dir := fuzzRepoT(t, env)
	out := gitRaw(t, dir, env, logArgs(rangeWalk([]string{"HEAD"}), "\x01")...)
	for _, step := range []int{1, 7, 4096, 1 << 20} {
		lim := newSectionLimiter(&trickle{data: out, n: step}, 1<<30, "\x01")
		got, err := io.ReadAll(lim)
		if err != nil || !bytes.Equal(got, out) {
			t.Fatalf("step %d: %v, output differs (%d bytes, want %d)", step, err, len(got), len(out))
		}
	}
}

// fuzzRepoT is a small history with odd names and binary content.
func fuzzRepoT(t *testing.T, env []string) string {
	dir := newRepo(t, env)
	writeFile(t, dir, "a.txt", "one\ntwo\n")
	writeFile(t, dir, "bin.dat", "a\x00b\n@@ not a hunk\n")
	commitAll(t, dir, env, "root")
	writeFile(t, dir, "a.txt", "one\n+two\n-three\n\\ four\n")
	writeFile(t, dir, "new\nline", "n\n")
	commitAll(t, dir, env, "second")
	return dir
}
