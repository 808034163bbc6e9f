package gitutil

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
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

// The limiter passes on what the line-at-a-time model does, whatever the
// lines, the limit, and the sizes git's output is read and asked for in.
func TestSectionLimiterMatchesModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 26))
	starts := []string{"diff --git a/x b/x", "@@ -1,2 +1,3 @@", "@@@ -1 -1 +1 @@@", "+", "-", " ", "++", "\\ No newline", "\x01c0ffee", "index 1..2", ""}
	for round := range 3000 {
		var b bytes.Buffer
		for range rng.IntN(40) {
			b.WriteString(starts[rng.IntN(len(starts))])
			b.WriteString(strings.Repeat("x", rng.IntN(1<<uint(rng.IntN(9)))))
			b.WriteByte('\n')
		}
		if rng.IntN(3) == 0 {
			b.WriteString("+tail without a newline")
		}
		data := b.Bytes()
		limit := int64(1 + rng.IntN(300))
		lim := newSectionLimiter(&trickle{data: data, n: 1 + rng.IntN(600)}, limit, "\x01c0ffee")
		want := limitModel(data, limit, lim.trunc)
		var got []byte
		for {
			p := make([]byte, 1+rng.IntN(500))
			n, err := lim.Read(p)
			got = append(got, p[:n]...)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("round %d, limit %d: passed on\n%q\nwant\n%q\nfrom\n%q", round, limit, got, want, data)
		}
	}
}
