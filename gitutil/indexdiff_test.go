package gitutil

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// compareStaged computes the staged changes in process and through git's
// diff-index, and fails on any difference. It reports whether the in-process
// diff answered (false: it left the answer to git).
func compareStaged(t *testing.T, dir string, env []string) bool {
	t.Helper()
	r := open(t, dir, env)
	base := "HEAD"
	if r.headShort == "" {
		base = emptyTree[r.ObjectFormat]
	}
	want, err := parseRaw([]byte(git(t, dir, env, diffIndexArgs(base)...)))
	if err != nil {
		t.Fatal(err)
	}
	ix, err := readIndex(r.IndexFile, r.hashLen())
	if err != nil {
		return false
	}
	got, ok := r.indexChanges(ix)
	if ok && !slices.Equal(got, want) {
		t.Errorf("in-process changes differ from git's:\n%s", changeDiff(got, want))
	}
	return ok
}

// changeDiff lists both results, one change a line.
func changeDiff(got, want []Change) string {
	var b strings.Builder
	for _, side := range []struct {
		name string
		cs   []Change
	}{{"in process", got}, {"git", want}} {
		fmt.Fprintf(&b, "%s:\n", side.name)
		for _, c := range side.cs {
			fmt.Fprintf(&b, "  %c %q<-%q %o<-%o %.8s<-%.8s %d\n", c.Status, c.Path, c.OldPath,
				c.Mode, c.OldMode, c.Hash, c.OldHash, c.Score)
		}
	}
	return b.String()
}

// wideRepo has files in nested directories and names that sort around "/".
func wideRepo(t *testing.T, env []string, initArgs ...string) string {
	dir := newRepo(t, env, initArgs...)
	for _, p := range []string{"a/b", "a/c/d.txt", "a.b", "a-b", "a0", "b/x y.txt", "b/ü.md",
		"c/d/e/f.txt", "c/d/g.txt", "del/one.txt", "del/two.txt", "link-target.txt", "same1.txt"} {
		writeFile(t, dir, p, "content of "+p+"\n")
	}
	writeFile(t, dir, "empty.txt", "")
	if err := os.Symlink("link-target.txt", filepath.Join(dir, "ln")); err != nil {
		t.Fatal(err)
	}
	commitAll(t, dir, env, "init")
	return dir
}

func symlink(t *testing.T, dir, target, rel string) {
	t.Helper()
	p := filepath.Join(dir, rel)
	os.RemoveAll(p)
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

func remove(t *testing.T, dir, rel string) {
	t.Helper()
	if err := os.RemoveAll(filepath.Join(dir, rel)); err != nil {
		t.Fatal(err)
	}
}

// mv is `git mv`, creating the target's directory.
func mv(t *testing.T, dir string, env []string, from, to string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, to)), 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, dir, env, "mv", from, to)
}

func chmod(t *testing.T, dir, rel string, mode os.FileMode) {
	t.Helper()
	if err := os.Chmod(filepath.Join(dir, rel), mode); err != nil {
		t.Fatal(err)
	}
}

// diffScenario changes a wideRepo; inProcess tells whether the in-process
// diff must answer (true) or leave it to git (false).
type diffScenario struct {
	name      string
	inProcess bool
	change    func(t *testing.T, dir string, env []string)
}

var diffScenarios = []diffScenario{
	{"nothing staged", true, func(t *testing.T, dir string, env []string) {}},
	{"add and modify nested", true, func(t *testing.T, dir string, env []string) {
		writeFile(t, dir, "a/c/d.txt", "changed\n")
		writeFile(t, dir, "c/d/e/new.txt", "new\n")
		writeFile(t, dir, "new/deep/er/file.txt", "deep\n")
		git(t, dir, env, "add", "-A")
	}},
	{"modify and delete nested", true, func(t *testing.T, dir string, env []string) {
		writeFile(t, dir, "a/c/d.txt", "changed\n")
		remove(t, dir, "c/d/g.txt")
		remove(t, dir, "del")
		git(t, dir, env, "add", "-A")
	}},
	{"mode change", true, func(t *testing.T, dir string, env []string) {
		chmod(t, dir, "a.b", 0o755)
		git(t, dir, env, "add", "a.b")
	}},
	{"file to symlink and back", true, func(t *testing.T, dir string, env []string) {
		symlink(t, dir, "a0", "a-b")
		remove(t, dir, "ln")
		writeFile(t, dir, "ln", "now a file\n")
		git(t, dir, env, "add", "-A")
	}},
	{"exact renames", true, func(t *testing.T, dir string, env []string) {
		mv(t, dir, env, "a/b", "z/b")
		mv(t, dir, env, "b/ü.md", "ü.md")
		mv(t, dir, env, "ln", "b/ln")
		remove(t, dir, "del")
		writeFile(t, dir, "x/one.txt", "content of del/two.txt\n")
		writeFile(t, dir, "x/two.txt", "content of del/two.txt\n")
		writeFile(t, dir, "y/one.txt", "content of del/one.txt\n")
		git(t, dir, env, "add", "-A")
	}},
	{"identical sources", true, func(t *testing.T, dir string, env []string) {
		writeFile(t, dir, "same2.txt", "content of same1.txt\n")
		writeFile(t, dir, "q/same3.txt", "content of same1.txt\n")
		commitAll(t, dir, env, "copies")
		for _, p := range []string{"same1.txt", "same2.txt", "q/same3.txt"} {
			remove(t, dir, p)
		}
		writeFile(t, dir, "r/same2.txt", "content of same1.txt\n")
		writeFile(t, dir, "r/other.txt", "content of same1.txt\n")
		git(t, dir, env, "add", "-A")
	}},
	{"exact rename with mode change", true, func(t *testing.T, dir string, env []string) {
		mv(t, dir, env, "a0", "m/a0")
		chmod(t, dir, "m/a0", 0o755)
		git(t, dir, env, "add", "-A")
	}},
	{"empty file renamed", true, func(t *testing.T, dir string, env []string) {
		mv(t, dir, env, "empty.txt", "e/empty.txt")
	}},
	{"inexact rename falls back", false, func(t *testing.T, dir string, env []string) {
		writeFile(t, dir, "big.txt", strings.Repeat("line\n", 50))
		commitAll(t, dir, env, "big")
		mv(t, dir, env, "big.txt", "moved.txt")
		writeFile(t, dir, "moved.txt", strings.Repeat("line\n", 50)+"one more\n")
		git(t, dir, env, "add", "-A")
	}},
	{"unrelated add and delete fall back", false, func(t *testing.T, dir string, env []string) {
		remove(t, dir, "a-b")
		writeFile(t, dir, "brand-new.txt", "nothing alike\n")
		git(t, dir, env, "add", "-A")
	}},
	{"symlink add and delete", true, func(t *testing.T, dir string, env []string) {
		remove(t, dir, "ln")
		symlink(t, dir, "elsewhere", "ln2")
		writeFile(t, dir, "new.txt", "added\n")
		git(t, dir, env, "add", "-A")
	}},
	{"names around slash", true, func(t *testing.T, dir string, env []string) {
		for _, p := range []string{"a/a.b", "a/b.c", "a/c-d", "a/c0", "a/c/d", "b.c", "b/x", "b0", "c/d/e.f", "c/d/e0"} {
			writeFile(t, dir, p, p+"\n")
		}
		git(t, dir, env, "add", "-A")
	}},
	{"directory replaced by file", true, func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "rm", "-rq", "c/d")
		writeFile(t, dir, "c/d", "content of c/d/g.txt\n")
		git(t, dir, env, "add", "-A")
	}},
	{"file replaced by directory", true, func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "rm", "-q", "a0")
		writeFile(t, dir, "a0/inside.txt", "content of a0\n")
		git(t, dir, env, "add", "-A")
	}},
	{"intent to add", true, func(t *testing.T, dir string, env []string) {
		writeFile(t, dir, "later.txt", "later\n")
		writeFile(t, dir, "c/later/x.txt", "later\n")
		git(t, dir, env, "add", "-N", "later.txt", "c/later/x.txt")
		git(t, dir, env, "rm", "-q", "--cached", "a-b")
		git(t, dir, env, "add", "-N", "a-b")
	}},
	{"index v3 with intent to add", true, func(t *testing.T, dir string, env []string) {
		writeFile(t, dir, "later.txt", "later\n")
		git(t, dir, env, "add", "-N", "later.txt")
		writeFile(t, dir, "a/b", "v3\n")
		git(t, dir, env, "add", "a/b")
		git(t, dir, env, "update-index", "--index-version", "3")
	}},
	{"index v4", true, func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "update-index", "--index-version", "4")
		writeFile(t, dir, "c/d/e/f.txt", "v4\n")
		writeFile(t, dir, "c/d/e/g.txt", "v4 new\n")
		writeFile(t, dir, "later.txt", "later\n")
		git(t, dir, env, "add", "c")
		git(t, dir, env, "add", "-N", "later.txt")
	}},
	{"gitlinks", true, func(t *testing.T, dir string, env []string) {
		head := git(t, dir, env, "rev-parse", "HEAD")
		git(t, dir, env, "update-index", "--add", "--cacheinfo", "160000,"+head+",sub")
		git(t, dir, env, "rm", "-q", "--cached", "a.b")
		git(t, dir, env, "update-index", "--add", "--cacheinfo", "160000,"+head+",a.b")
		writeFile(t, dir, "x.txt", "x\n")
		git(t, dir, env, "add", "x.txt")
	}},
	{"split index falls back", false, func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "update-index", "--split-index")
		writeFile(t, dir, "a/b", "split\n")
		git(t, dir, env, "add", "a/b")
	}},
	{"sparse index falls back", false, func(t *testing.T, dir string, env []string) {
		git(t, dir, env, "sparse-checkout", "init", "--cone", "--sparse-index")
		git(t, dir, env, "sparse-checkout", "set", "a")
		writeFile(t, dir, "a/b", "sparse\n")
		git(t, dir, env, "add", "a/b")
	}},
	{"conflict falls back", false, func(t *testing.T, dir string, env []string) {
		twoSides(t, dir, env, map[string]string{"a/b": "side\n"}, map[string]string{"a/b": "main\n"})
		cmd := exec.Command("git", "merge", "-q", "side")
		cmd.Dir, cmd.Env = dir, env
		if cmd.Run() == nil {
			t.Fatal("merge did not conflict")
		}
	}},
	{"cache tree partly valid", true, func(t *testing.T, dir string, env []string) {
		writeFile(t, dir, "c/d/e/f.txt", "first\n")
		writeFile(t, dir, "b/new.txt", "new\n")
		git(t, dir, env, "add", "-A")
		git(t, dir, env, "write-tree")
		writeFile(t, dir, "a/c/d.txt", "second\n")
		git(t, dir, env, "add", "a/c/d.txt")
	}},
}

func TestIndexChangesMatchGit(t *testing.T) {
	env := testEnv(t)
	for _, sc := range diffScenarios {
		t.Run(sc.name, func(t *testing.T) {
			dir := wideRepo(t, env)
			sc.change(t, dir, env)
			if got := compareStaged(t, dir, env); got != sc.inProcess {
				t.Errorf("answered in process: %v, want %v", got, sc.inProcess)
			}
			if changes := staged(t, dir, env); sc.inProcess && len(changes) == 0 && sc.name != "nothing staged" {
				t.Errorf("no changes")
			}
		})
	}
}

func TestIndexChangesSHA256(t *testing.T) {
	env := testEnv(t)
	for _, sc := range diffScenarios[1:6] {
		t.Run(sc.name, func(t *testing.T) {
			dir := wideRepo(t, env, "--object-format=sha256")
			sc.change(t, dir, env)
			if !compareStaged(t, dir, env) {
				t.Errorf("not answered in process")
			}
		})
	}
}

func TestIndexChangesUnborn(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	if !compareStaged(t, dir, env) {
		t.Errorf("no index: not answered in process")
	}
	writeFile(t, dir, "a/b.txt", "b\n")
	writeFile(t, dir, "a.txt", "a\n")
	writeFile(t, dir, "ita.txt", "")
	git(t, dir, env, "add", "a", "a.txt")
	git(t, dir, env, "add", "-N", "ita.txt")
	if !compareStaged(t, dir, env) {
		t.Errorf("not answered in process")
	}
}

// TestIndexChangesTemporaryIndex is `git commit <paths>`: the hook's index is
// a file named by GIT_INDEX_FILE.
func TestIndexChangesTemporaryIndex(t *testing.T) {
	env := testEnv(t)
	dir := wideRepo(t, env)
	writeFile(t, dir, "a/b", "only in the copy\n")
	tmp := filepath.Join(t.TempDir(), "next-index.lock")
	idx := git(t, dir, env, "rev-parse", "--git-path", "index")
	data, err := os.ReadFile(filepath.Join(dir, idx))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tenv := append(slices.Clone(env), "GIT_INDEX_FILE="+tmp)
	git(t, dir, tenv, "add", "a/b")
	if !compareStaged(t, dir, tenv) {
		t.Fatal("not answered in process")
	}
	if got := summary(staged(t, dir, tenv)); got != "M a/b" {
		t.Errorf("temporary index: %q", got)
	}
	if got := summary(staged(t, dir, env)); got != "" {
		t.Errorf("real index: %q", got)
	}
}

// TestIndexChangesUsesCacheTree checks that directories the cache tree
// vouches for are neither compared nor read from HEAD: their tree objects
// are deleted, and the diff still answers.
func TestIndexChangesUsesCacheTree(t *testing.T) {
	env := testEnv(t)
	dir := wideRepo(t, env)
	writeFile(t, dir, "c/d/e/f.txt", "changed\n")
	git(t, dir, env, "add", "c/d/e/f.txt")
	for _, tree := range []string{"HEAD:a", "HEAD:b", "HEAD:c/d/e"} {
		hash := git(t, dir, env, "rev-parse", tree)
		if tree != "HEAD:c/d/e" {
			remove(t, dir, ".git/objects/"+hash[:2]+"/"+hash[2:])
		}
	}
	r := open(t, dir, env)
	ix, err := readIndex(r.IndexFile, r.hashLen())
	if err != nil {
		t.Fatal(err)
	}
	defer ix.close()
	changes, ok := r.indexChanges(ix)
	if !ok || summary(changes) != "M c/d/e/f.txt" {
		t.Fatalf("changes %v ok %v", changes, ok)
	}
}

// TestIndexChangesRandom compares with git after rounds of random edits,
// staged in full or in part, with the cache tree sometimes rebuilt and HEAD
// sometimes moved.
func TestIndexChangesRandom(t *testing.T) {
	for _, format := range []string{"sha1", "sha256"} {
		t.Run(format, func(t *testing.T) { randomRounds(t, format) })
	}
}

func randomRounds(t *testing.T, format string) {
	env := testEnv(t)
	dir := newRepo(t, env, "--object-format="+format)
	rng := rand.New(rand.NewSource(1))
	w := &randomTree{t: t, dir: dir, rng: rng}
	for range 300 {
		w.write(w.newPath())
	}
	commitAll(t, dir, env, "init")
	answered := 0
	rounds := testtier.Pick(10, 50)
	for round := range rounds {
		touched := w.edit(1 + rng.Intn(8))
		w.stage(env, touched)
		inProcess := compareStaged(t, dir, env)
		if inProcess {
			answered++
		}
		if t.Failed() {
			t.Fatalf("round %d", round)
		}
		switch rng.Intn(5) {
		case 0, 4:
			if inProcess {
				break
			}
			fallthrough // start afresh when git's similarity search answered
		case 3:
			git(t, dir, env, "commit", "-q", "--allow-empty", "-m", "round")
		case 1:
			git(t, dir, env, "write-tree")
		case 2:
			git(t, dir, env, "update-index", "--index-version", []string{"2", "4"}[rng.Intn(2)])
		}
	}
	t.Logf("%d of %d rounds answered in process", answered, rounds)
	if answered < rounds/3 {
		t.Errorf("only %d of %d rounds answered in process", answered, rounds)
	}
}

// randomTree makes random edits to a working tree.
type randomTree struct {
	t   *testing.T
	dir string
	rng *rand.Rand
}

var randomNames = []string{"a", "a.b", "a-b", "a0", "b c", "é", "x.txt", "z"}

func (w *randomTree) newPath() string {
	var parts []string
	for range w.rng.Intn(4) {
		parts = append(parts, randomNames[w.rng.Intn(len(randomNames))])
	}
	return strings.Join(append(parts, fmt.Sprintf("f%d%s", w.rng.Intn(400), randomNames[w.rng.Intn(len(randomNames))])), "/")
}

// write gives path random content, from a small pool so that exact renames
// happen; it does nothing when a file or directory is in the way.
func (w *randomTree) write(rel string) bool {
	p := filepath.Join(w.dir, filepath.FromSlash(rel))
	if fi, err := os.Lstat(p); err == nil && fi.IsDir() || os.MkdirAll(filepath.Dir(p), 0o755) != nil {
		return false
	}
	content := fmt.Sprintf("content %d\n", w.rng.Intn(30))
	return os.WriteFile(p, []byte(content), 0o644) == nil
}

// files lists the working tree's files.
func (w *randomTree) files() []string {
	var out []string
	filepath.WalkDir(w.dir, func(p string, d os.DirEntry, err error) error {
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(w.dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

// edit makes n random edits and returns the paths it touched.
func (w *randomTree) edit(n int) []string {
	var touched []string
	for range n {
		files := w.files()
		f := files[w.rng.Intn(len(files))]
		p := filepath.Join(w.dir, filepath.FromSlash(f))
		switch w.rng.Intn(7) {
		case 0, 1:
			w.write(f)
		case 2:
			if to := w.newPath(); w.write(to) {
				f = to
			}
		case 3:
			os.Remove(p)
		case 4:
			if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() {
				os.Chmod(p, fi.Mode()^0o111)
			}
		case 5:
			to := w.newPath()
			if w.write(to) {
				os.Rename(p, filepath.Join(w.dir, filepath.FromSlash(to)))
				touched = append(touched, to)
			}
		case 6:
			os.Remove(p)
			os.Symlink(fmt.Sprintf("target%d", w.rng.Intn(3)), p)
		}
		touched = append(touched, f)
	}
	return touched
}

// stage adds everything, or only the touched paths.
func (w *randomTree) stage(env []string, touched []string) {
	if w.rng.Intn(2) == 0 {
		git(w.t, w.dir, env, "add", "-A")
		return
	}
	known := map[string]bool{}
	for _, p := range strings.Split(git(w.t, w.dir, env, "ls-files"), "\n") {
		known[p] = true
	}
	args := []string{"add", "-A", "--"}
	for _, p := range touched {
		if _, err := os.Lstat(filepath.Join(w.dir, filepath.FromSlash(p))); err == nil || known[p] {
			args = append(args, ":(literal)"+p)
		}
	}
	git(w.t, w.dir, env, args...)
}

// TestOpenStagedChoosesReader checks that OpenStaged keeps the index for
// the in-process diff when it can, starts diff-index when it cannot, and
// that StagedChanges gives git's answer either way.
func TestOpenStagedChoosesReader(t *testing.T) {
	env := testEnv(t)
	for _, name := range []string{"HOME", "GIT_CONFIG_NOSYSTEM"} {
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, name+"="); ok {
				t.Setenv(name, v)
			}
		}
	}
	for _, sc := range diffScenarios {
		if !strings.Contains(sc.name, "falls back") && sc.name != "index v4" && sc.name != "exact renames" {
			continue
		}
		t.Run(sc.name, func(t *testing.T) {
			dir := wideRepo(t, env)
			sc.change(t, dir, env)
			want, err := parseRaw([]byte(git(t, dir, env, diffIndexArgs("HEAD")...)))
			if err != nil {
				t.Fatal(err)
			}
			r, err := OpenStaged(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			readable := !strings.Contains(sc.name, "index falls back") && sc.name != "conflict falls back"
			if (r.index != nil) != readable || (r.early != nil) == readable {
				t.Errorf("index kept: %v, diff-index started: %v", r.index != nil, r.early != nil)
			}
			got, err := r.StagedChanges()
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("StagedChanges: %v\n%s", err, changeDiff(got, want))
			}
		})
	}
}

// A directory of 2,000 files with one staged edit: the unchanged entries
// cost no allocation each (their paths are never put together), and the
// one change is the answer git gives.
func TestIndexChangesLargeDirectoryAllocations(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	for i := range 2000 {
		writeFile(t, dir, fmt.Sprintf("icons/icon-%04d.svg", i), fmt.Sprintf("<svg id=%d/>\n", i))
	}
	commitAll(t, dir, env, "icons")
	writeFile(t, dir, "icons/icon-1000.svg", "<svg id=edited/>\n")
	git(t, dir, env, "add", "icons/icon-1000.svg")
	if !compareStaged(t, dir, env) {
		t.Fatal("the in-process diff left the answer to git")
	}
	r := open(t, dir, env)
	var changes []Change
	n := testing.AllocsPerRun(5, func() {
		ix, err := readIndex(r.IndexFile, r.hashLen())
		if err != nil {
			t.Fatal(err)
		}
		changes, _ = r.indexChanges(ix)
		ix.close()
	})
	if len(changes) != 1 || changes[0].Path != "icons/icon-1000.svg" {
		t.Fatalf("changes = %+v", changes)
	}
	t.Logf("%v allocations to diff a 2,000-file directory with one change", n)
	if n > 100 {
		t.Errorf("%v allocations to diff a 2,000-file directory with one change, want at most 100 (2,063 before the paths of unchanged entries were left unbuilt)", n)
	}
}
