package gitutil

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// summary renders changes as "S path[<-old]" lines, sorted.
func summary(changes []Change) string {
	var lines []string
	for _, c := range changes {
		s := string(c.Status) + " " + c.Path
		if c.Status == 'R' || c.Status == 'C' {
			s += "<-" + c.OldPath
		}
		lines = append(lines, s)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func staged(t *testing.T, dir string, env []string) []Change {
	t.Helper()
	r := open(t, dir, env)
	changes, err := r.StagedChanges()
	if err != nil {
		t.Fatalf("StagedChanges: %v", err)
	}
	return changes
}

// baseRepo has a.txt, notes.md, del.txt and d/e.txt committed.
func baseRepo(t *testing.T, env []string, initArgs ...string) string {
	dir := newRepo(t, env, initArgs...)
	writeFile(t, dir, "a.txt", "a\n")
	writeFile(t, dir, "notes.md", "# Notes\n\nline one\nline two\nline three\n")
	writeFile(t, dir, "del.txt", "bye\n")
	writeFile(t, dir, "d/e.txt", "e\n")
	commitAll(t, dir, env, "init")
	return dir
}

func TestStagedChangesKinds(t *testing.T) {
	env := testEnv(t)
	dir := baseRepo(t, env)
	writeFile(t, dir, "a.txt", "a\nb\n")
	writeFile(t, dir, "new file ü.txt", "new\n")
	writeFile(t, dir, "line\nbreak.txt", "odd\n")
	writeFile(t, dir, "ita.txt", "later\n")
	writeFile(t, dir, "unstaged.txt", "not added\n")
	git(t, dir, env, "add", "a.txt", "new file ü.txt", "line\nbreak.txt")
	git(t, dir, env, "add", "-N", "ita.txt")
	git(t, dir, env, "rm", "-q", "del.txt")
	git(t, dir, env, "mv", "notes.md", "REMNANT.md")
	changes := staged(t, dir, env)
	want := "A line\nbreak.txt\nA new file ü.txt\nD del.txt\nM a.txt\nR REMNANT.md<-notes.md"
	if got := summary(changes); got != want {
		t.Errorf("changes:\n%s\nwant:\n%s", got, want)
	}
	for _, c := range changes {
		if c.Status == 'R' && (c.Score != 100 || c.Hash != c.OldHash || c.Mode != 0100644) {
			t.Errorf("rename: %+v", c)
		}
		if c.Status == 'D' && (c.Hash != "" || c.OldHash == "" || c.Mode != 0) {
			t.Errorf("delete: %+v", c)
		}
		if c.Status == 'A' && (c.OldHash != "" || len(c.Hash) != 40) {
			t.Errorf("add: %+v", c)
		}
	}
}

func TestStagedChangesUnbornAndEmptyFile(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "REMNANT.md", "# Remnant\n")
	writeFile(t, dir, "empty.txt", "")
	writeFile(t, dir, "ita.txt", "")
	git(t, dir, env, "add", "REMNANT.md", "empty.txt")
	git(t, dir, env, "add", "-N", "ita.txt")
	if got, want := summary(staged(t, dir, env)), "A REMNANT.md\nA empty.txt"; got != want {
		t.Errorf("unborn: got\n%s\nwant\n%s", got, want)
	}
}

func TestStagedChangesSkipsGitlinks(t *testing.T) {
	env := testEnv(t)
	sub := baseRepo(t, env)
	dir := baseRepo(t, env)
	git(t, dir, env, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "mod")
	if got, want := summary(staged(t, dir, env)), "A .gitmodules"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestStagedChangesIndexFormats(t *testing.T) {
	env := testEnv(t)
	for _, tc := range []struct {
		name  string
		setup func(dir string)
	}{
		{"split index", func(dir string) { git(t, dir, env, "update-index", "--split-index") }},
		{"index v4", func(dir string) { git(t, dir, env, "update-index", "--index-version", "4") }},
		{"sparse index", func(dir string) {
			git(t, dir, env, "sparse-checkout", "init", "--cone", "--sparse-index")
			git(t, dir, env, "sparse-checkout", "set", "d")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := baseRepo(t, env)
			writeFile(t, dir, "side/x.txt", "x\n")
			commitAll(t, dir, env, "side")
			tc.setup(dir)
			writeFile(t, dir, "d/e.txt", "changed\n")
			writeFile(t, dir, "REMNANT.md", "# r\n")
			git(t, dir, env, "add", "--sparse", "d/e.txt", "REMNANT.md")
			if got, want := summary(staged(t, dir, env)), "A REMNANT.md\nM d/e.txt"; got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestStagedChangesSHA256(t *testing.T) {
	env := testEnv(t)
	dir := baseRepo(t, env, "--object-format=sha256")
	writeFile(t, dir, "a.txt", "changed\n")
	git(t, dir, env, "add", "a.txt")
	r := open(t, dir, env)
	if r.ObjectFormat != "sha256" {
		t.Fatalf("ObjectFormat = %s", r.ObjectFormat)
	}
	changes, err := r.StagedChanges()
	if err != nil || summary(changes) != "M a.txt" || len(changes[0].Hash) != 64 {
		t.Fatalf("changes %+v err %v", changes, err)
	}
	data, err := r.ReadBlob(changes[0].Hash)
	if err != nil || string(data) != "changed\n" {
		t.Errorf("ReadBlob = %q, %v", data, err)
	}
	old, ok, err := r.HeadFile("d/e.txt")
	if err != nil || !ok || string(old) != "e\n" {
		t.Errorf("HeadFile = %q %v %v", old, ok, err)
	}
	// An unborn SHA-256 repository diffs against its own empty tree.
	dir2 := newRepo(t, env, "--object-format=sha256")
	writeFile(t, dir2, "x", "x\n")
	git(t, dir2, env, "add", "x")
	if got := summary(staged(t, dir2, env)); got != "A x" {
		t.Errorf("unborn sha256: %s", got)
	}
}

// TestStagedChangesIndexFile covers the index files git hands hooks:
// `commit <paths>` builds HEAD plus those paths in a separate index.
func TestStagedChangesIndexFile(t *testing.T) {
	env := testEnv(t)
	dir := baseRepo(t, env)
	writeFile(t, dir, "a.txt", "in the main index\n")
	git(t, dir, env, "add", "a.txt")
	alt := filepath.Join(t.TempDir(), "next-index.lock")
	altEnv := append(testEnv(t), "GIT_INDEX_FILE="+alt)
	git(t, dir, altEnv, "read-tree", "HEAD")
	writeFile(t, dir, "REMNANT.md", "# r\n")
	git(t, dir, altEnv, "add", "REMNANT.md")
	if got := summary(staged(t, dir, env)); got != "M a.txt" {
		t.Errorf("default index: %s", got)
	}
	if got := summary(staged(t, dir, altEnv)); got != "A REMNANT.md" {
		t.Errorf("GIT_INDEX_FILE: %s", got)
	}
}

func TestStagedChangesIgnoresTrace(t *testing.T) {
	env := testEnv(t)
	dir := baseRepo(t, env)
	writeFile(t, dir, "a.txt", "x\n")
	git(t, dir, env, "add", "a.txt")
	want := summary(staged(t, dir, env))
	for _, v := range []string{"GIT_TRACE=1", "GIT_TRACE=2", "GIT_TRACE_PACKET=1", "GIT_TRACE2=1"} {
		if got := summary(staged(t, dir, append(testEnv(t), v))); got != want {
			t.Errorf("%s: got %q want %q", v, got, want)
		}
	}
}

func TestParseRawErrors(t *testing.T) {
	h := strings.Repeat("1", 40)
	for _, in := range []string{
		":100644 100644 " + h + " " + h + " M\x00",                          // missing path
		"100644 100644 " + h + " " + h + " M\x00a\x00",                      // no colon
		":100644 100644 " + h + " " + h + " X\x00a\x00",                     // unknown status
		":100644 100644 " + h + " " + h[:39] + " M\x00a\x00",                // short hash
		":100644 100644 " + h + " " + h + " R1x\x00a\x00b\x00",              // bad score
		":100644 100644 " + h + " " + h + " R100\x00a\x00",                  // rename needs two paths
		"warning: something\n:100644 100644 " + h + " " + h + " M\x00a\x00", // noise on stdout
	} {
		if c, err := parseRaw([]byte(in)); err == nil {
			t.Errorf("parseRaw(%q) = %+v, want error", in, c)
		}
	}
	got, err := parseRaw([]byte(fmt.Sprintf(":100644 100644 %s %s C075\x00a\x00b c\x00", h, h)))
	if err != nil || len(got) != 1 || got[0].Path != "b c" || got[0].OldPath != "a" || got[0].Score != 75 {
		t.Errorf("copy: %+v %v", got, err)
	}
}

// TestIsHashEveryByte tells a hash from a name by every byte value at
// every place: only lowercase hexadecimal digits make a hash.
func TestIsHashEveryByte(t *testing.T) {
	for _, n := range []int{40, 64} {
		for pos := 0; pos < n; pos++ {
			for b := 0; b < 256; b++ {
				h := []byte(strings.Repeat("0", n))
				h[pos] = byte(b)
				want := '0' <= b && b <= '9' || 'a' <= b && b <= 'f'
				if got := isHash(string(h)); got != want {
					t.Fatalf("isHash with %q at %d of %d = %v", rune(b), pos, n, got)
				}
			}
		}
	}
	for _, s := range []string{"", "0", strings.Repeat("a", 39), strings.Repeat("a", 41), strings.Repeat("a", 63), strings.Repeat("a", 65)} {
		if isHash(s) {
			t.Errorf("isHash(%q) = true", s)
		}
	}
}
