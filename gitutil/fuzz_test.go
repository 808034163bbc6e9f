package gitutil

import (
	"bytes"
	"crypto/sha1"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

// The fuzz targets of the readers that parse what git writes: the index,
// packs, and the log output. Their seed corpora come from real
// repositories and run in every `go test`; each target checks, besides
// "no panic, no hang", that whatever the reader accepts agrees with git.

// fuzzRepo builds a small repository with odd names, an intent-to-add
// entry, a merge and a pack, for the seed corpora.
func fuzzRepo(f *testing.F) (dir string, env []string) {
	env = testEnv(f)
	dir = newRepo(f, env)
	writeFile(f, dir, "a.txt", "one\ntwo\n")
	writeFile(f, dir, "dir/b c.txt", "s\n")
	writeFile(f, dir, "ünï/x", "u\n")
	writeFile(f, dir, "bin.dat", "a\x00b\n")
	commitAll(f, dir, env, "root")
	root := git(f, dir, env, "rev-parse", "HEAD")
	writeFile(f, dir, "\x01"+root, "forged\n")
	writeFile(f, dir, "new\nline", "n\n")
	git(f, dir, env, "mv", "a.txt", "moved.txt")
	commitAll(f, dir, env, "second")
	git(f, dir, env, "checkout", "-q", "-b", "side", "HEAD~1")
	writeFile(f, dir, "side.txt", "side\n")
	commitAll(f, dir, env, "side")
	git(f, dir, env, "checkout", "-q", "main")
	git(f, dir, env, "merge", "-q", "--no-edit", "side")
	writeFile(f, dir, "later.txt", "later\n")
	git(f, dir, env, "add", "-N", "later.txt")
	git(f, dir, env, "repack", "-q", "-a", "-d")
	return dir, env
}

// indexEntries lists an index as `git ls-files -s -z` does.
func indexEntries(ix *indexFile) (string, bool) {
	var b strings.Builder
	it := ix.iter()
	for it.next() {
		e := &it.cur
		fmt.Fprintf(&b, "%06o %x %d\t%s\x00", e.mode, e.hash, e.stage, e.path)
	}
	return b.String(), it.err == ""
}

// FuzzReadIndex feeds index files to the reader. An index both the reader
// and git accept (its checksum made right, so that git reads mutants too)
// must list the same entries as `git ls-files -s`.
func FuzzReadIndex(f *testing.F) {
	dir, env := fuzzRepo(f)
	for _, v := range []string{"2", "3", "4"} {
		git(f, dir, env, "update-index", "--index-version", v)
		data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x00"))
	tmp := f.TempDir()
	n := 0
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 20 {
			sum := sha1.Sum(data[:len(data)-20])
			copy(data[len(data)-20:], sum[:])
		}
		n++
		name := filepath.Join(tmp, fmt.Sprintf("index%d", n))
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(name)
		ix, err := readIndex(name, 20)
		if err != nil {
			return
		}
		defer ix.close()
		got, ok := indexEntries(ix)
		if !ok {
			return
		}
		cmd := exec.Command("git", "ls-files", "-s", "-z")
		cmd.Dir, cmd.Env = dir, append(env[:len(env):len(env)], "GIT_INDEX_FILE="+name)
		want, err := cmd.Output()
		if err != nil {
			return // git refuses it: the reader's answer is never used alone
		}
		if got != string(want) {
			t.Errorf("entries differ from git's:\nreader: %q\ngit:    %q", got, want)
		}
	})
}

// FuzzPackReader feeds a pack and its index to the object reader. Every
// object it returns must be the object git stores under that name.
func FuzzPackReader(f *testing.F) {
	dir, env := fuzzRepo(f)
	packs, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.pack"))
	if len(packs) != 1 {
		f.Fatalf("want one pack, got %d", len(packs))
	}
	pack, err := os.ReadFile(packs[0])
	if err != nil {
		f.Fatal(err)
	}
	idx, err := os.ReadFile(strings.TrimSuffix(packs[0], ".pack") + ".idx")
	if err != nil {
		f.Fatal(err)
	}
	names := strings.Fields(git(f, dir, env, "cat-file", "--batch-all-objects", "--batch-check=%(objectname)"))
	want := map[string]string{}
	for _, n := range names {
		want[n] = git(f, dir, env, "cat-file", "-t", n) + "\x00" + catFile(f, dir, env, n)
	}
	f.Add(pack, idx)
	f.Add(pack[:len(pack)/2], idx)
	f.Add(pack, idx[:len(idx)/2])
	tmp := f.TempDir()
	n := 0
	f.Fuzz(func(t *testing.T, pack, idx []byte) {
		n++
		objects := filepath.Join(tmp, fmt.Sprint(n))
		packDir := filepath.Join(objects, "pack")
		if err := os.MkdirAll(packDir, 0o755); err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(objects)
		if os.WriteFile(filepath.Join(packDir, "pack-x.pack"), pack, 0o644) != nil ||
			os.WriteFile(filepath.Join(packDir, "pack-x.idx"), idx, 0o644) != nil {
			t.Fatal("cannot write the pack")
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			o := newODB(objects, "sha1", 1<<20)
			if err := o.openPacks(); err != nil {
				return
			}
			defer o.close()
			for _, name := range names {
				obj, found, err := o.read(name)
				if err != nil || !found {
					continue
				}
				if got := obj.kind + "\x00" + string(obj.data); got != want[name] {
					t.Errorf("object %s differs from git's", name)
				}
			}
		}()
		select {
		case <-done:
		case <-heapcost.Deadline(t):
			panic("the pack reader has not finished before the test run's deadline: a hang")
		}
	})
}

// catFile is an object's content as git stores it.
func catFile(t testing.TB, dir string, env []string, name string) string {
	kind := git(t, dir, env, "cat-file", "-t", name)
	return string(gitRaw(t, dir, env, "cat-file", kind, name))
}

// FuzzParseLog feeds log output to the parser, whole and as the stream
// splitter cuts it. Seeds are real output with the test marker: odd
// names, a name that forges a commit marker, binary content, a merge.
func FuzzParseLog(f *testing.F) {
	dir, env := fuzzRepo(f)
	out := gitRaw(f, dir, env, logArgs(rangeWalk([]string{"HEAD"}), "\x01")...)
	f.Add(out)
	f.Add([]byte("\x01" + strings.Repeat("a", 40) + "\x00\x00\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		commits, err := parseLog(data)
		if err == nil {
			for _, c := range commits {
				if !isHash(c.Hash) {
					t.Errorf("commit %q is not a hash", c.Hash)
				}
			}
		}
		var split [][]byte
		splitCommits(bytes.NewReader(data), "\x01", func(chunk []byte) error {
			if len(chunk) == 0 {
				t.Error("empty chunk")
			}
			split = append(split, bytes.Clone(chunk))
			return nil
		})
		if got := bytes.Join(split, nil); !bytes.Equal(got, data) {
			t.Errorf("the chunks do not add up to the output")
		}
		// Through the section limiter: everything under a large limit, and
		// no hunk run longer than a small one.
		all, err := io.ReadAll(newSectionLimiter(bytes.NewReader(data), 1<<30, "\x01"))
		if err != nil || !bytes.Equal(all, data) {
			t.Errorf("the limiter changed output under its limit")
		}
		cut, err := io.ReadAll(newSectionLimiter(&trickle{data: data, n: 3}, 16, "\x01"))
		if err != nil {
			t.Fatal(err)
		}
		p := &logParser{data: cut, marker: "\x01", trunc: "\x02"}
		for p.pos < len(p.data) {
			if _, err := p.commit(); err != nil {
				break
			}
		}
	})
}

func gitRaw(t testing.TB, dir string, env []string, args ...string) []byte {
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return out
}
