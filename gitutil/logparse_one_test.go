package gitutil

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"reflect"
	"strings"
	"testing"
)

// oneCommitRepo builds a repository whose log holds NUL bytes in some
// files of a commit and not in others (first, middle and last line, with
// and without a final newline, CRLF, UTF-16), a NUL only in a removed
// line, content that looks like patch lines or a forged marker, and a merge
// whose resolution alone adds a NUL byte; an empty commit ends in a NUL.
func oneCommitRepo(t testing.TB, initArgs ...string) (dir string, env []string) {
	env = testEnv(t)
	dir = newRepo(t, env, initArgs...)
	writeFile(t, dir, "a.txt", "one\ntwo\n")
	writeFile(t, dir, "gone.txt", "x\x00y\nkeep\n")
	writeFile(t, dir, "m.txt", "base\nline2\n")
	commitAll(t, dir, env, "root")
	long := strings.Repeat("text line that holds no zero byte at all\n", 40)
	writeFile(t, dir, "first.bin", "\x00first\nsecond\n")
	writeFile(t, dir, "mid.bin", "a\nb\x00c\nd")
	writeFile(t, dir, "text.txt", long)
	writeFile(t, dir, "zlast.bin", long+"end\x00")
	writeFile(t, dir, "crlf.bin", "a\r\nb\x00\r\n")
	writeFile(t, dir, "u16.txt", "\xff\xfek\x00e\x00y\x00\n\x00")
	writeFile(t, dir, "gone.txt", "keep\nadded\n")
	commitAll(t, dir, env, "nul")
	root := git(t, dir, env, "rev-list", "--max-parents=0", "HEAD")
	writeFile(t, dir, "forge.txt", "x\n\x01"+root+"\x00\x00\n@@ -1 +1 @@\n+added\n\\ No newline\ndiff --git a/a.txt b/a.txt\n")
	writeFile(t, dir, "forge.bin", "\x00\n\x01"+root+"\x00\x00\n\x02 trunc\n")
	commitAll(t, dir, env, "forged")
	commitAll(t, dir, env, "empty")
	twoSides(t, dir, env, map[string]string{"m.txt": "side\nline2\n"}, map[string]string{"m.txt": "main\nline2\n"})
	cmd := []string{"merge", "-q", "--no-commit", "side"}
	if err := gitErr(dir, env, cmd...); err == nil {
		t.Fatal("the merge has no conflict")
	}
	writeFile(t, dir, "m.txt", "res\x00olved\nline2\n")
	commitAll(t, dir, env, "merge")
	return dir, env
}

// gitErr runs git and returns only whether it failed.
func gitErr(dir string, env []string, args ...string) error {
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, env
	return cmd.Run()
}

// FuzzParseOneCommit parses each commit the splitter hands over as a
// single commit (its patch runs to the end of the chunk) and as the
// parser of the whole output reads it (up to the next marker at a line
// start): where the chunk holds no other marker at a line start, the two
// agree. The splitter hands over no chunk with a commit start inside, and
// every added line that holds a NUL byte marks its file as binary. Inputs
// also go through the section limiter at the limit given.
func FuzzParseOneCommit(f *testing.F) {
	for _, args := range [][]string{nil, {"--object-format=sha256"}} {
		dir, env := oneCommitRepo(f, args...)
		out := gitRaw(f, dir, env, logArgs(rangeWalk([]string{"HEAD"}), "\x01")...)
		for _, limit := range []uint16{0, 1, 8, 24, 64, 100, 4096} {
			f.Add(out, limit)
		}
	}
	f.Add([]byte("\x01"+strings.Repeat("a", 40)+"\x00\x00\n"), uint16(0))
	f.Fuzz(func(t *testing.T, data []byte, limit uint16) {
		in, trunc := data, ""
		if limit > 0 {
			var err error
			in, err = io.ReadAll(newSectionLimiter(bytes.NewReader(data), int64(limit), "\x01"))
			if err != nil {
				t.Fatal(err)
			}
			trunc = "\x02"
		}
		splitCommits(bytes.NewReader(in), "\x01", func(chunk []byte) error {
			checkOneCommit(t, chunk, trunc)
			return nil
		})
	})
}

// TestParseOneCommit runs the checks of FuzzParseOneCommit on the log of
// every prefix of a real commit's output cut at each byte, so that each
// part of the output is parsed against the end of the chunk.
func TestParseOneCommit(t *testing.T) {
	dir, env := oneCommitRepo(t)
	out := gitRaw(t, dir, env, logArgs(rangeWalk([]string{"HEAD"}), "\x01")...)
	var chunks [][]byte
	splitCommits(bytes.NewReader(out), "\x01", func(chunk []byte) error {
		chunks = append(chunks, bytes.Clone(chunk))
		return nil
	})
	if len(chunks) != 7 {
		t.Fatalf("%d commits, want 7", len(chunks))
	}
	var binary []string
	for i, chunk := range chunks {
		for n := 1; n <= len(chunk); n++ {
			checkOneCommit(t, chunk[:n], "")
		}
		p := &logParser{data: chunk, marker: "\x01", one: true}
		c, err := p.commit()
		if err != nil {
			t.Fatal(err)
		}
		for _, fc := range c.Changes {
			if fc.Binary {
				binary = append(binary, fmt.Sprintf("%d:%s", i, fc.Path))
			}
		}
	}
	// The second commit's gone.txt has its NUL byte in a removed line only,
	// text.txt none; the merge's m.txt shows as "Binary files".
	want := "0:gone.txt 1:crlf.bin 1:first.bin 1:mid.bin 1:u16.txt 1:zlast.bin 2:forge.bin 2:forge.txt 6:m.txt"
	if got := strings.Join(binary, " "); got != want {
		t.Errorf("binary files %s, want %s", got, want)
	}
}

// checkOneCommit parses chunk, one commit's output from splitCommits, in
// both modes and checks that they agree where they must.
func checkOneCommit(t *testing.T, chunk []byte, trunc string) {
	t.Helper()
	for i := 1; i < len(chunk); i++ {
		if chunk[i] == '\x01' && (chunk[i-1] == '\n' || chunk[i-1] == 0) && commitStart(chunk[i+1:]) {
			t.Fatalf("a chunk holds a commit start at %d: %q", i, chunk)
		}
	}
	one := &logParser{data: chunk, marker: "\x01", trunc: trunc, one: true}
	c1, err1 := one.commit()
	if err1 == nil {
		for _, fc := range c1.Changes {
			for _, l := range fc.Added {
				if bytes.IndexByte(l.Text, 0) >= 0 && !fc.Binary {
					t.Fatalf("%s adds a NUL byte and is not binary: %q", fc.Path, chunk)
				}
			}
		}
	}
	if bytes.Contains(chunk[min(len(chunk), 1):], []byte("\n\x01")) {
		return // the whole-output parser stops there: no commit start, but a marker
	}
	whole := &logParser{data: chunk, marker: "\x01", trunc: trunc}
	c2, err2 := whole.commit()
	if (err1 == nil) != (err2 == nil) || one.pos != whole.pos {
		t.Fatalf("one commit: %v at %d; whole output: %v at %d: %q", err1, one.pos, err2, whole.pos, chunk)
	}
	if err1 == nil && !reflect.DeepEqual(c1, c2) {
		t.Fatalf("one commit and whole output differ:\n%s\n%s\n%q", show(c1), show(c2), chunk)
	}
}

// commitStart tells whether data (after the marker) starts with a hash
// and a NUL: where splitCommits starts a commit.
func commitStart(data []byte) bool {
	end := bytes.IndexByte(data[:min(len(data), 66)], 0)
	return end >= 0 && isHash(string(data[:end]))
}

func show(c CommitChanges) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %v", c.Hash, c.Parents)
	for _, fc := range c.Changes {
		fmt.Fprintf(&b, "\n  %+v", fc)
	}
	return b.String()
}
