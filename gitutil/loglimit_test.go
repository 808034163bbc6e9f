package gitutil

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
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

// limitModel is what the section limiter passes on, judged a line at a
// time: the reference the streaming limiter is held to.
func limitModel(data []byte, limit int64, trunc []byte) []byte {
	var out []byte
	hunks, dropping, used := false, false, int64(0)
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line = data[:i+1]
		}
		data = data[len(line):]
		switch c := line[0]; {
		case hunks && isHunkByte(c):
		case c == '@':
			hunks = true
		default:
			hunks, dropping, used = false, false, 0
		}
		switch {
		case dropping && hunks:
		case hunks && used >= limit:
			dropping = true
			out = append(out, trunc...)
		case !hunks:
			out = append(out, line...)
		default:
			take := min(int64(len(line)), limit-used)
			out = append(out, line[:take]...)
			used += take
			if take < int64(len(line)) {
				dropping = true
				out = append(out, '\n')
				out = append(out, trunc...)
			}
		}
	}
	return out
}

// A section limit may fall anywhere in a file's patch: inside a hunk
// header, or inside a combined diff's line before its columns end. Every
// limit reads without an error; a file whose hunk lines pass it is marked
// Truncated, and one they fit reads as without a limit. SHA-256 too,
// whose longer hashes git prints in the records around the hunks.
func TestLogSectionLimitAnywhere(t *testing.T) {
	for _, format := range []string{"sha1", "sha256"} {
		t.Run(format, func(t *testing.T) { sectionLimitAnywhere(t, "--object-format="+format) })
	}
}

func sectionLimitAnywhere(t *testing.T, initArgs ...string) {
	env := testEnv(t)
	dir := newRepo(t, env, initArgs...)
	lines := func(change map[int]string) string {
		var b strings.Builder
		for i := 1; i <= 12; i++ {
			if s, ok := change[i]; ok {
				b.WriteString(s + "\n")
			} else {
				fmt.Fprintf(&b, "line %02d of the file\n", i)
			}
		}
		return b.String()
	}
	writeFile(t, dir, "f.txt", lines(nil))
	commitAll(t, dir, env, "first")
	twoSides(t, dir, env, map[string]string{"f.txt": lines(map[int]string{3: "side three", 11: "side eleven"})},
		map[string]string{"f.txt": lines(map[int]string{1: "main one", 6: "main six", 9: "main nine"})})
	git(t, dir, env, "merge", "-q", "--no-commit", "side")
	// A resolution unlike either side: a combined diff with "++" lines.
	writeFile(t, dir, "f.txt", lines(map[int]string{1: "main one", 3: "side three", 6: "main six", 7: "merged seven", 9: "main nine", 11: "side eleven"}))
	commitAll(t, dir, env, "merge")
	r := open(t, dir, env)
	read := func(limit int64) ([]CommitChanges, error) {
		l := r.StartLog("--all")
		defer l.Stop()
		l.SetSectionLimit(limit)
		var out []CommitChanges
		err := l.Each(func(c CommitChanges) error {
			out = append(out, keepLines(c))
			return nil
		})
		return out, err
	}
	whole, err := read(0)
	if err != nil {
		t.Fatal(err)
	}
	sizes := map[string]int{} // commit → hunk bytes of f.txt as git prints them
	for _, c := range whole {
		out := git(t, dir, env, "log", "-1", "--format=", "-U0", "--cc", "--no-renames", "--no-color", c.Hash, "--", "f.txt")
		if i := strings.Index(out, "\n@@"); i >= 0 {
			sizes[c.Hash] = len(out) - i // git trimmed the last newline
		}
	}
	most := 0
	for _, n := range sizes {
		most = max(most, n)
	}
	if len(sizes) != 4 || most == 0 {
		t.Fatalf("hunk bytes per commit: %v", sizes)
	}
	// Every limit in the full tier; in the contributor's loop the first
	// ones and every fifth after them, a cut still inside every hunk.
	step := testtier.Pick(5, 1)
	for limit := 1; limit <= most+1; limit = next(limit, step) {
		got, err := read(int64(limit))
		if err != nil {
			t.Fatalf("limit %d: %v", limit, err)
		}
		if len(got) != len(whole) {
			t.Fatalf("limit %d: %d commits, want %d", limit, len(got), len(whole))
		}
		for i, c := range got {
			for j, fc := range c.Changes {
				want := whole[i].Changes[j]
				cut := sizes[c.Hash] > limit
				if fc.Truncated != cut {
					t.Errorf("limit %d, commit %s: Truncated %v, want %v", limit, short(c.Hash), fc.Truncated, cut)
				}
				if !cut && added(fc) != added(want) {
					t.Errorf("limit %d, commit %s: lines %q, want %q", limit, short(c.Hash), added(fc), added(want))
				}
			}
		}
	}
}

// next is the limit after limit: the next one up to 8, then step on.
func next(limit, step int) int {
	if limit < 8 {
		return limit + 1
	}
	return limit + step
}
