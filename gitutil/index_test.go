package gitutil

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// indexBytes returns the index file of the repository in dir.
func indexBytes(t *testing.T, dir string, env []string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, git(t, dir, env, "rev-parse", "--git-path", "index")))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// parseIndexBytes is readIndex on data.
func parseIndexBytes(t *testing.T, data []byte) (*indexFile, error) {
	t.Helper()
	name := filepath.Join(t.TempDir(), "index")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	ix, err := readIndex(name, 20)
	if err == nil {
		t.Cleanup(ix.close)
	}
	return ix, err
}

// indexPaths lists the paths of an index in order.
func indexPaths(ix *indexFile) ([]string, string) {
	var paths []string
	it := ix.iter()
	for it.next() {
		paths = append(paths, string(it.cur.path))
	}
	return paths, it.err
}

func TestReadIndexVersions(t *testing.T) {
	env := testEnv(t)
	dir := wideRepo(t, env)
	blob := git(t, dir, env, "rev-parse", "HEAD:a.b")
	long := "c/d/e/" + strings.Repeat("long/", 1000) + "name.txt"
	git(t, dir, env, "update-index", "--add", "--cacheinfo", "100644,"+blob+","+long)
	writeFile(t, dir, "ita.txt", "")
	git(t, dir, env, "add", "-N", "ita.txt")
	for _, v := range []string{"4", "3", "2"} {
		if v == "2" {
			git(t, dir, env, "rm", "-q", "--cached", "ita.txt")
		}
		git(t, dir, env, "update-index", "--index-version", v)
		want := strings.Split(strings.TrimSuffix(git(t, dir, env, "ls-files", "-z"), "\x00"), "\x00")
		data := indexBytes(t, dir, env)
		if got := binary.BigEndian.Uint32(data[4:]); got != uint32(v[0]-'0') {
			t.Fatalf("version %s: index is version %d", v, got)
		}
		ix, err := parseIndexBytes(t, data)
		if err != nil {
			t.Fatalf("version %s: %v", v, err)
		}
		paths, errText := indexPaths(ix)
		if errText != "" || strings.Join(paths, "\n") != strings.Join(want, "\n") {
			t.Errorf("version %s: %d paths, want %d (%s)", v, len(paths), len(want), errText)
		}
		if ix.tree == nil || ix.hasITA != (v != "2") {
			t.Errorf("version %s: cache tree %v, intent to add %v", v, ix.tree != nil, ix.hasITA)
		}
	}
}

func TestReadIndexRefuses(t *testing.T) {
	env := testEnv(t)
	dir := wideRepo(t, env)
	good := indexBytes(t, dir, env)
	bad := map[string][]byte{
		"signature":           append([]byte("DIRX"), good[4:]...),
		"version 1":           patch(good, 4, []byte{0, 0, 0, 1}),
		"version 5":           patch(good, 4, []byte{0, 0, 0, 5}),
		"truncated":           good[:len(good)/2],
		"too short":           good[:10],
		"count":               patch(good, 8, []byte{0, 0, 1, 0}),
		"mandatory extension": withExtension(good, "link", nil),
		"sparse":              withExtension(good, "sdir", nil),
		"lowercase":           withExtension(good, "zzzz", []byte("x")),
		"bad tree":            withExtension(good, "TREE", []byte("\x00x y\n")),
	}
	for name, data := range bad {
		if _, err := parseIndexBytes(t, data); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := parseIndexBytes(t, withExtension(good, "ZZZZ", []byte("optional"))); err != nil {
		t.Errorf("optional extension: %v", err)
	}
}

func patch(data []byte, at int, b []byte) []byte {
	out := append([]byte(nil), data...)
	copy(out[at:], b)
	return out
}

// withExtension appends an extension before the trailing checksum.
func withExtension(data []byte, sig string, body []byte) []byte {
	out := append([]byte(nil), data[:len(data)-20]...)
	out = append(out, sig...)
	out = binary.BigEndian.AppendUint32(out, uint32(len(body)))
	out = append(out, body...)
	return append(out, data[len(data)-20:]...)
}

func TestReadIndexMissing(t *testing.T) {
	ix, err := readIndex(filepath.Join(t.TempDir(), "index"), 20)
	if err != nil {
		t.Fatal(err)
	}
	if paths, _ := indexPaths(ix); len(paths) != 0 {
		t.Errorf("paths %q", paths)
	}
}

func TestDecodeVarint(t *testing.T) {
	for _, tc := range []struct {
		in   []byte
		want uint64
		ok   bool
	}{
		{[]byte{0}, 0, true},
		{[]byte{127}, 127, true},
		{[]byte{0x80, 0}, 128, true},
		{[]byte{0x80, 0x7f}, 255, true},
		{[]byte{0x81, 0}, 256, true},
		{[]byte{0x80}, 0, false},
		{[]byte{}, 0, false},
	} {
		got, _, ok := decodeVarint(tc.in, 0)
		if got != tc.want || ok != tc.ok {
			t.Errorf("decodeVarint(%x) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestCompareKey(t *testing.T) {
	// git's tree order: "a-b" < "a.b" < "a" (directory, as "a/") < "a0".
	order := []struct {
		name string
		dir  bool
	}{{"a", false}, {"a-b", false}, {"a.b", false}, {"a", true}, {"a0", false}, {"a0", true}}
	for i, a := range order {
		for j, b := range order {
			c := compareKey([]byte(a.name), a.dir, []byte(b.name), b.dir)
			if (c < 0) != (i < j) || (c == 0) != (i == j) {
				t.Errorf("compareKey(%v, %v) = %d", a, b, c)
			}
		}
	}
}

func TestBasenameSame(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"x/a.txt", "y/a.txt", true},
		{"a.txt", "y/a.txt", true},
		{"a.txt", "a.txt", true},
		{"x/ba.txt", "y/a.txt", false},
		{"x/a.txt", "y/b.txt", false},
	} {
		if got := basenameSame(tc.a, tc.b); got != tc.want {
			t.Errorf("basenameSame(%q, %q) = %v", tc.a, tc.b, got)
		}
	}
}

// BenchmarkStagedInProcess is what the hook pays for the staged changes
// without a git process: the index read and the diff against HEAD.
func BenchmarkStagedInProcess(b *testing.B) {
	dir := benchRepo(b)
	for i := 0; i < b.N; i++ {
		r, ok := discover(dir, testEnv(b))
		if !ok {
			b.Fatal("discover failed")
		}
		ix, err := readIndex(r.IndexFile, r.hashLen())
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := r.indexChanges(ix); !ok {
			b.Fatal("not answered in process")
		}
		r.Close()
	}
}
