package gitutil

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// historyRepo makes a repository with many versions of the same files, so
// that a repack stores most trees and blobs as deltas.
func historyRepo(t *testing.T, env []string, initArgs ...string) string {
	t.Helper()
	dir := newRepo(t, env, initArgs...)
	var log strings.Builder
	for i := 0; i < 25; i++ {
		log.WriteString("line " + strconv.Itoa(i) + strings.Repeat(" padding", 20) + "\n")
		writeFile(t, dir, "a/log.txt", log.String())
		writeFile(t, dir, "a/b/count.txt", strings.Repeat("count "+strconv.Itoa(i)+"\n", 200))
		writeFile(t, dir, "a/b/f"+strconv.Itoa(i%7)+".txt", strings.Repeat("x", 3000)+strconv.Itoa(i))
		commitAll(t, dir, env, "version "+strconv.Itoa(i))
	}
	return dir
}

// allObjects lists every object of the repository with git's answer for it.
func allObjects(t *testing.T, dir string, env []string) []object {
	t.Helper()
	var names []string
	for _, line := range strings.Split(git(t, dir, env, "cat-file", "--batch-all-objects", "--batch-check"), "\n") {
		names = append(names, strings.Fields(line)[0])
	}
	b, err := startBatch(dir, env)
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	want, err := b.query(names)
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// compareAll reads every object in process and checks it against git's
// answer; it returns how many were stored as deltas in a pack.
func compareAll(t *testing.T, dir string, env []string) (deltas int) {
	t.Helper()
	want := allObjects(t, dir, env)
	r := open(t, dir, env)
	r.mu.Lock()
	defer r.mu.Unlock()
	o := r.odbLocked()
	if o.off != nil {
		t.Fatalf("in-process reader off: %v", o.off)
	}
	for _, w := range want {
		got, found, err := o.read(w.hash)
		if err != nil || !found {
			t.Fatalf("read %s: found %v, %v", w.hash, found, err)
		}
		if got.kind != w.kind || !bytes.Equal(got.data, w.data) {
			t.Fatalf("%s: got %s of %d bytes, git says %s of %d", w.hash, got.kind, len(got.data), w.kind, len(w.data))
		}
		if isPackedDelta(t, o, w.hash) {
			deltas++
		}
	}
	return deltas
}

func isPackedDelta(t *testing.T, o *odbState, name string) bool {
	id := mustHex(t, name)
	for _, p := range o.packs {
		off, ok, err := p.find(id, o.hashLen)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			h, err := p.header(off, o.hashLen, nil)
			if err != nil {
				t.Fatal(err)
			}
			return h.typ >= packOfsDelta
		}
	}
	return false
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	id, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func packCount(t *testing.T, dir string) int {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.idx"))
	return len(m)
}

func TestODBReadsEveryObject(t *testing.T) {
	for _, format := range []string{"sha1", "sha256"} {
		t.Run(format, func(t *testing.T) {
			env := testEnv(t)
			dir := historyRepo(t, env, "--object-format="+format)
			if d := compareAll(t, dir, env); d != 0 {
				t.Errorf("loose repository: %d deltas", d)
			}
			git(t, dir, env, "repack", "-adfq", "--depth=50", "--window=250")
			if d := compareAll(t, dir, env); d < 20 {
				t.Errorf("after repack: %d deltas, want many", d)
			}
			for i := 0; i < 5; i++ {
				writeFile(t, dir, "a/log.txt", strings.Repeat("more\n", i+1))
				commitAll(t, dir, env, "more "+strconv.Itoa(i))
			}
			git(t, dir, env, "repack", "-dq")
			writeFile(t, dir, "loose.txt", "loose\n")
			commitAll(t, dir, env, "loose")
			if n := packCount(t, dir); n != 2 {
				t.Fatalf("%d packs, want 2", n)
			}
			compareAll(t, dir, env)
		})
	}
}

func TestODBRefDeltas(t *testing.T) {
	env := testEnv(t)
	dir := historyRepo(t, env)
	git(t, dir, env, "-c", "repack.useDeltaBaseOffset=false", "repack", "-adfq", "--depth=50", "--window=250")
	if d := compareAll(t, dir, env); d < 20 {
		t.Errorf("%d deltas, want many", d)
	}
}

// TestODBLargeOffsets rewrites the index with every offset in the 64-bit
// table (all but the first, at offset 12), as git does for packs over
// 2 GiB.
func TestODBLargeOffsets(t *testing.T) {
	env := testEnv(t)
	dir := historyRepo(t, env)
	git(t, dir, env, "repack", "-adfq")
	packs, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.pack"))
	idx := strings.TrimSuffix(packs[0], ".pack") + ".idx"
	if err := os.Remove(idx); err != nil {
		t.Fatal(err)
	}
	git(t, dir, env, "index-pack", "--index-version=2,13", packs[0])
	r := open(t, dir, env)
	r.mu.Lock()
	if o := r.odbLocked(); o.off != nil || o.packs[0].large == 0 {
		t.Fatalf("reader off (%v) or no large offsets", o.off)
	}
	r.mu.Unlock()
	compareAll(t, dir, env)
}

// TestODBFallback covers layouts the reader leaves to git: objects must
// still come back right, through the batch process.
func TestODBFallback(t *testing.T) {
	env := testEnv(t)
	src := historyRepo(t, env)
	shared := filepath.Join(t.TempDir(), "shared")
	git(t, t.TempDir(), env, "clone", "-q", "--shared", src, shared)
	v1 := historyRepo(t, env)
	git(t, v1, env, "repack", "-adfq")
	packs, _ := filepath.Glob(filepath.Join(v1, ".git", "objects", "pack", "*.pack"))
	os.Remove(strings.TrimSuffix(packs[0], ".pack") + ".idx")
	git(t, v1, env, "index-pack", "--index-version=1", packs[0])
	for _, tc := range []struct {
		name, dir string
		env       []string
	}{
		{"alternates", shared, env},
		{"index version 1", v1, env},
		{"GIT_OBJECT_DIRECTORY", src, append(env[:len(env):len(env)], "GIT_OBJECT_DIRECTORY="+filepath.Join(src, ".git", "objects"))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := open(t, tc.dir, tc.env)
			if err := r.Start(); err != nil {
				t.Fatal(err)
			}
			r.mu.Lock()
			off, started := r.odbLocked().off, r.batch != nil
			r.mu.Unlock()
			if off == nil || !started {
				t.Fatalf("reader off: %v, batch started: %v", off, started)
			}
			data, ok, err := r.HeadFile("a/b/count.txt")
			if err != nil || !ok || string(data) != strings.Repeat("count 24\n", 200) {
				t.Fatalf("HeadFile: %q, %v, %v", data, ok, err)
			}
		})
	}
}

func TestODBPromisorAndExtensions(t *testing.T) {
	env := testEnv(t)
	dir := historyRepo(t, env)
	git(t, dir, env, "repack", "-adfq")
	packs, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.pack"))
	writeFile(t, filepath.Dir(packs[0]), strings.TrimSuffix(filepath.Base(packs[0]), ".pack")+".promisor", "")
	r := open(t, dir, env)
	r.mu.Lock()
	if r.odbLocked().off == nil {
		t.Error("reader on in a partial clone")
	}
	r.mu.Unlock()
	for cfg, want := range map[string]string{
		"[core]\n\tbare = false\n":                                        "",
		"[extensions]\n\tobjectFormat = sha256\n\tworktreeConfig\n":       "",
		"[core]\n[Extensions]\n\tpartialClone = origin\n":                 "partialclone",
		"[extensions] refStorage = reftable\n":                            "refstorage",
		"[extensions]\n\tobjectformat=sha1\n[core]\n\tfoo = bar\n":        "",
		"[extensions]\n\t# comment\n\t; comment\n\tnoop = true\n[core]\n": "noop",
	} {
		if got := unknownExtension(cfg); got != want {
			t.Errorf("unknownExtension(%q) = %q, want %q", cfg, got, want)
		}
	}
}

// TestODBCorruptPack flips bytes across a pack: every read must then fail
// or agree with git's answer from the intact repository.
func TestODBCorruptPack(t *testing.T) {
	env := testEnv(t)
	dir := historyRepo(t, env)
	git(t, dir, env, "repack", "-adfq", "--depth=50", "--window=250")
	want := allObjects(t, dir, env)
	packs, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.pack"))
	data, err := os.ReadFile(packs[0])
	if err != nil {
		t.Fatal(err)
	}
	r := open(t, dir, env)
	failed := 0
	for pos := 12; pos < len(data)-20; pos += len(data) / 37 {
		corrupt := bytes.Clone(data)
		corrupt[pos] ^= 0x5a
		if err := os.WriteFile(packs[0], corrupt, 0o644); err != nil {
			t.Fatal(err)
		}
		r.mu.Lock()
		for _, w := range want {
			got, found, err := r.odbLocked().read(w.hash)
			if err != nil || !found {
				failed++
				continue
			}
			if got.kind != w.kind || !bytes.Equal(got.data, w.data) {
				t.Errorf("byte %d flipped: %s read as %s of %d bytes, want %s of %d", pos, w.hash, got.kind, len(got.data), w.kind, len(w.data))
			}
		}
		r.mu.Unlock()
	}
	if failed == 0 {
		t.Error("no read failed on a corrupt pack")
	}
}

// TestObjectsWithoutBatch checks that a hook's reads start no process, and
// that revisions still go to git.
func TestObjectsWithoutBatch(t *testing.T) {
	env := testEnv(t)
	dir := historyRepo(t, env)
	git(t, dir, env, "repack", "-adq")
	writeFile(t, dir, "new.txt", "new\n")
	git(t, dir, env, "add", "new.txt")
	staged := git(t, dir, env, "rev-parse", ":new.txt")
	r := open(t, dir, env)
	if err := r.Start(); err != nil {
		t.Fatal(err)
	}
	head, ok, err := r.Head()
	if err != nil || !ok || head.Hash != git(t, dir, env, "rev-parse", "HEAD") || head.Subject != "version 24" {
		t.Fatalf("Head: %+v, %v, %v", head, ok, err)
	}
	if data, ok, err := r.HeadFile("a/b/count.txt"); err != nil || !ok || string(data) != strings.Repeat("count 24\n", 200) {
		t.Fatalf("HeadFile: %v, %v", ok, err)
	}
	if blob, err := r.ReadBlob(staged); err != nil || string(blob) != "new\n" {
		t.Fatalf("ReadBlob: %q, %v", blob, err)
	}
	if n, _, err := r.CommitsNewerThan(head.Time.AddDate(-1, 0, 0)); err != nil || n != 25 {
		t.Fatalf("CommitsNewerThan: %d, %v", n, err)
	}
	r.mu.Lock()
	started := r.batch != nil
	objs, err := r.objects([]string{"HEAD:a/log.txt", staged, "0123456789012345678901234567890123456789"})
	r.mu.Unlock()
	if started {
		t.Error("batch process started for hashes and HEAD")
	}
	if err != nil || objs[0].kind != "blob" || string(objs[1].data) != "new\n" || objs[2].kind != "" {
		t.Fatalf("objects: %+v, %v", objs, err)
	}
}

// BenchmarkObjectReads is what a pre-commit hook reads from the object
// database on /tmp/bench/wide (skipped when absent): HEAD, one file of HEAD's
// tree and the staged blobs, in process and through git cat-file.
func BenchmarkObjectReads(b *testing.B) {
	dir := "/tmp/bench/wide"
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		b.Skip("no /tmp/bench/wide (bench/mkrepos.sh)")
	}
	env := testEnv(b)
	var staged []string
	for _, line := range strings.Split(git(b, dir, env, "diff-index", "--cached", "--raw", "HEAD"), "\n") {
		staged = append(staged, strings.Fields(line)[3])
	}
	for _, inProcess := range []bool{true, false} {
		b.Run(map[bool]string{true: "in-process", false: "cat-file"}[inProcess], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				hookReads(b, dir, env, staged, inProcess)
			}
		})
	}
}

func hookReads(b *testing.B, dir string, env, staged []string, inProcess bool) {
	r, err := OpenEnv(dir, env)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	if !inProcess {
		r.odb = &odbState{off: &odbError{dir, "benchmark"}}
	}
	if err := r.Start(); err != nil {
		b.Fatal(err)
	}
	if _, ok, err := r.Head(); err != nil || !ok {
		b.Fatal(ok, err)
	}
	if _, ok, err := r.HeadFile("src/d001/f1001.go"); err != nil || !ok {
		b.Fatal(ok, err)
	}
	if blobs, err := r.ReadBlobs(staged); err != nil || len(blobs) != 6 {
		b.Fatal(len(blobs), err)
	}
	if inProcess && r.batch != nil {
		b.Fatal("batch process started")
	}
}
