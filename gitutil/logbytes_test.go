package gitutil

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestLogAddedBytes compares AddedBytes of added files with the size git
// gives (git cat-file -s), over random contents: LF and CRLF endings, a
// last line with and without a newline, NUL bytes, empty files.
func TestLogAddedBytes(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "base.txt", "base\n")
	commitAll(t, dir, env, "base")
	rng := rand.New(rand.NewSource(11))
	for i := 0; i < 60; i++ {
		var b strings.Builder
		for n := rng.Intn(6); n > 0; n-- {
			b.WriteString(strings.Repeat(string(rune('a'+rng.Intn(26))), rng.Intn(40)))
			if rng.Intn(5) == 0 {
				b.WriteByte(0)
			}
			b.WriteString([]string{"\n", "\r\n", "\n"}[rng.Intn(3)])
		}
		if rng.Intn(2) == 0 {
			b.WriteString("tail")
		}
		writeFile(t, dir, fmt.Sprintf("f%02d.txt", i), b.String())
	}
	commitAll(t, dir, env, "files")
	r := open(t, dir, env)
	defer r.Close()
	commits := logOf(t, r, "HEAD~1..HEAD")
	if len(commits) != 1 || len(commits[0].Changes) != 60 {
		t.Fatalf("want one commit of 60 files, got %d commits", len(commits))
	}
	for _, fc := range commits[0].Changes {
		want, err := strconv.ParseInt(strings.TrimSpace(git(t, dir, env, "cat-file", "-s", "HEAD:"+fc.Path)), 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		if fc.AddedBytes != want {
			t.Errorf("%s: AddedBytes %d, git cat-file -s %d", fc.Path, fc.AddedBytes, want)
		}
	}
}
