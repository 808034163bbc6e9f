package gitutil

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

// benchRepo is GITUTIL_BENCH_REPO, /tmp/bench/wide (built by the project's
// bench/mkrepos.sh) or, failing both, a 5,000-file repository made by
// testdata/mkwide.sh.
func benchRepo(b *testing.B) string {
	for _, dir := range []string{os.Getenv("GITUTIL_BENCH_REPO"), "/tmp/bench/wide"} {
		if dir != "" {
			if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
				return dir
			}
		}
	}
	dir := filepath.Join(b.TempDir(), "wide")
	script, _ := filepath.Abs("testdata/mkwide.sh")
	cmd := exec.Command("bash", script, dir, strconv.Itoa(5000))
	cmd.Env = testEnv(b)
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("mkwide.sh: %v\n%s", err, out)
	}
	return dir
}

// BenchmarkDiffCachedQuiet is the floor: git's own check for staged changes.
func BenchmarkDiffCachedQuiet(b *testing.B) {
	dir := benchRepo(b)
	env := testEnv(b)
	for i := 0; i < b.N; i++ {
		cmd := exec.Command("git", "diff", "--cached", "--quiet")
		cmd.Dir = dir
		cmd.Env = env
		if err := cmd.Run(); err == nil {
			b.Fatal("nothing staged in the benchmark repository")
		}
	}
}

// BenchmarkHookSequential is what a pre-commit hook asks, one call after
// the other.
func BenchmarkHookSequential(b *testing.B) {
	dir := benchRepo(b)
	env := testEnv(b)
	for i := 0; i < b.N; i++ {
		hookQueries(b, dir, env, false)
	}
}

// BenchmarkHookParallel overlaps the index read with the HEAD queries.
func BenchmarkHookParallel(b *testing.B) {
	dir := benchRepo(b)
	env := testEnv(b)
	for i := 0; i < b.N; i++ {
		hookQueries(b, dir, env, true)
	}
}

func hookQueries(b *testing.B, dir string, env []string, parallel bool) {
	r, err := OpenEnv(dir, env)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	var wg sync.WaitGroup
	var changes []Change
	var cerr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		changes, cerr = r.StagedChanges()
	}()
	if !parallel {
		wg.Wait()
	}
	head, ok, err := r.Head()
	if err != nil || !ok {
		b.Fatal(ok, err)
	}
	if _, _, err := r.CommitsNewerThan(head.Time.Add(-time.Hour)); err != nil {
		b.Fatal(err)
	}
	wg.Wait()
	if cerr != nil || len(changes) == 0 {
		b.Fatal(len(changes), cerr)
	}
	in, err := r.InIndex([]string{"REMNANT.md", "docs/memory", "src/d001/f1001.go", "src/d099"}, changes)
	if err != nil || !in["src/d001/f1001.go"] {
		b.Fatal(in, err)
	}
	var hashes []string
	for _, c := range changes {
		hashes = append(hashes, c.Hash)
	}
	if _, err := r.ReadBlobs(hashes); err != nil {
		b.Fatal(err)
	}
	if _, err := r.Ignored("REMNANT.md"); err != nil {
		b.Fatal(err)
	}
}
