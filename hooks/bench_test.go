package hooks

import (
	"os"
	"path/filepath"
	"testing"
)

// The benchmarks run on the repositories that ../shared/bench/mkrepos.sh
// builds: REMNANT_GUARD_BENCH=DIR go test -run x -bench . ./hooks
// Whole-process timings, side by side with git and gitleaks, are in
// BENCHMARKS.md.
func benchRepo(b *testing.B, name string) string {
	dir := os.Getenv("REMNANT_GUARD_BENCH")
	if dir == "" {
		b.Skip("set REMNANT_GUARD_BENCH to the directory mkrepos.sh built")
	}
	repo := filepath.Join(dir, name)
	if _, err := os.Stat(repo); err != nil {
		b.Skipf("%s: %v", repo, err)
	}
	return repo
}

func benchPreCommit(b *testing.B, name string) {
	repo := benchRepo(b, name)
	for b.Loop() {
		rep, err := PreCommit(Options{Dir: repo}, nil)
		if err != nil {
			b.Fatal(err)
		}
		if rep.Checked == 0 {
			b.Fatal("nothing staged")
		}
	}
}

func BenchmarkPreCommitWide(b *testing.B)  { benchPreCommit(b, "wide") }
func BenchmarkPreCommitBulk(b *testing.B)  { benchPreCommit(b, "bulk") }
func BenchmarkPreCommitGosrc(b *testing.B) { benchPreCommit(b, "gosrc") }

func BenchmarkCheckWide(b *testing.B) {
	repo := benchRepo(b, "wide")
	for b.Loop() {
		if _, err := Check(Options{Dir: repo}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
