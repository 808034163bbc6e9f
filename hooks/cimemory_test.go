package hooks

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// A commit adding a file far over [ci] max_file_size is reported as not
// scanned, and ci's memory stays bounded: the patch past the limit is
// dropped as git prints it, not gathered first.
func TestCIMemoryBoundedOnHugeFile(t *testing.T) {
	testtier.Slow(t) // writes and commits a 96 MiB file
	dir := t.TempDir()
	env := append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@example.com")
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(dir, config.Name), []byte("[ci]\nmax_file_size = 1048576\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run("add", ".")
	run("commit", "-q", "-m", "base")
	run("tag", "base")
	line := strings.Repeat("abcdefghij", 9) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "huge.txt"), []byte(strings.Repeat(line, 96<<20/len(line))), 0o644); err != nil {
		t.Fatal(err)
	}
	run("add", "huge.txt")
	run("commit", "-q", "-m", "huge")
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && (k == "HOME" || strings.HasPrefix(k, "GIT_")) {
			t.Setenv(k, v)
		}
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	rep, _, err := CI(CIOptions{Options: Options{Dir: dir}, Base: "base"})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].RuleID != unscannedRule || rep.Findings[0].Path != "huge.txt" {
		t.Fatalf("findings: %+v", rep.Findings)
	}
	if grown := int64(after.HeapSys) - int64(before.HeapSys); grown > 32<<20 {
		t.Errorf("the heap grew by %d MiB reading a 96 MiB commit", grown>>20)
	}
}
