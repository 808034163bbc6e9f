package gitutil

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// randomName is a file name git can store: any bytes but NUL and '/',
// never "." or "..", never ".git".
func randomName(rng *rand.Rand) string {
	for {
		b := make([]byte, 1+rng.Intn(12))
		for i := range b {
			switch rng.Intn(4) {
			case 0:
				b[i] = byte(1 + rng.Intn(31)) // control characters, \n and \x01 among them
			case 1:
				b[i] = byte(0x80 + rng.Intn(128)) // not always valid UTF-8
			default:
				b[i] = " :\"\\+-@ab\x7f"[rng.Intn(10)]
			}
		}
		if s := string(b); s != "." && s != ".." && !strings.EqualFold(s, ".git") {
			return s
		}
	}
}

// TestLogAnyFileName compares the files Log lists for each commit with
// git's own diff-tree, over names with every byte git can store, names
// that look like commit markers, raw records and patch headers.
func TestLogAnyFileName(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	rng := rand.New(rand.NewSource(12))
	git(t, dir, env, "commit", "-q", "--allow-empty", "-m", "root")
	root := git(t, dir, env, "rev-parse", "HEAD")
	special := []string{"\x01" + root, "\x01" + root + "\x01", ":000000 100644", "diff --git a b",
		"@@ -1 +1 @@", "+x", "\n\x01" + root, "Binary files a and b differ", "\\ No newline"}
	var names []string
	for round := range 4 {
		for i := range 30 {
			name := randomName(rng)
			if i < len(special) && round == 0 {
				name = special[i]
			}
			if rng.Intn(4) == 0 {
				name = randomName(rng) + "/" + name
			}
			p := filepath.Join(dir, filepath.FromSlash(name))
			if os.MkdirAll(filepath.Dir(p), 0o755) != nil {
				continue
			}
			if os.WriteFile(p, []byte(fmt.Sprintf("%s\nline %d\n", name, rng.Intn(5))), 0o644) == nil {
				names = append(names, name)
			}
		}
		for range 5 { // renames, some exact
			if len(names) == 0 {
				break
			}
			from := names[rng.Intn(len(names))]
			to := randomName(rng)
			if os.Rename(filepath.Join(dir, filepath.FromSlash(from)), filepath.Join(dir, to)) == nil {
				names = append(names, to)
			}
		}
		commitAll(t, dir, env, fmt.Sprint("round ", round))
	}
	r := open(t, dir, env)
	cs := logOf(t, r, "HEAD")
	if len(cs) != 5 {
		t.Fatalf("got %d commits, want 5", len(cs))
	}
	for _, c := range cs[1:] {
		want := diffTreeNames(t, dir, env, c.Hash)
		var got []string
		for _, fc := range c.Changes {
			old := fc.OldPath
			if fc.Status != 'R' && fc.Status != 'C' {
				old = "" // diff-tree names one path
			}
			got = append(got, string(fc.Status)+" "+old+"\x00"+fc.Path)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("commit %.12s:\nLog: %q\ngit: %q", c.Hash, got, want)
		}
	}
}

// diffTreeNames lists a commit's changes as git's diff-tree gives them.
func diffTreeNames(t *testing.T, dir string, env []string, commit string) []string {
	out := gitRaw(t, dir, env, "-c", "core.quotePath=false", "diff-tree", "-r", "-z", "-M", "--name-status", "--no-commit-id", commit)
	f := bytes.Split(bytes.TrimSuffix(out, []byte{0}), []byte{0})
	var got []string
	for i := 0; i < len(f); {
		status := f[i][0]
		if status == 'R' || status == 'C' {
			got = append(got, string(status)+" "+string(f[i+1])+"\x00"+string(f[i+2]))
			i += 3
			continue
		}
		got = append(got, string(status)+" \x00"+string(f[i+1]))
		i += 2
	}
	slices.Sort(got)
	return got
}
