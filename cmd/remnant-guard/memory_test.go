package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// peakLimitKB is the most resident memory any run may take: 64 MiB.
const peakLimitKB = 64 << 10

// TestPeakMemory runs the real binary under /usr/bin/time -v on hostile
// input: a 1 GiB staged file, a dozen files just under the secret size
// limit, files at the largest limits the config allows, links to /dev/zero where the config and the memory files are
// read, and a deeply nested config. Each run must finish
// within its timeout, say what it did, and stay under 64 MiB.
func TestPeakMemory(t *testing.T) {
	t.Parallel() // it waits on other programs (git, go, pre-commit): its waits overlap other tests
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		t.Skip("/usr/bin/time is not installed: peak memory cannot be measured")
	}
	bin := buildBinary(t)
	testtier.Slow(t) // stages a 1 GiB file
	size := int64(1 << 30)

	t.Run("staged-large-file", func(t *testing.T) {
		dir := newRepo(t)
		writeRepeated(t, filepath.Join(dir, "big.txt"), size)
		gitIn(t, dir, "add", "big.txt")
		out := measure(t, dir, bin, 0, "pre-commit", "--verbose")
		if !strings.Contains(out, "big.txt: skipped: over the size limit") {
			t.Errorf("the large file is not reported as skipped:\n%s", out)
		}
	})
	t.Run("many-files-near-the-limit", func(t *testing.T) {
		dir := newRepo(t)
		n := 12
		for i := 0; i < n; i++ {
			writeRepeated(t, filepath.Join(dir, fmt.Sprintf("f%d.txt", i)), 9<<20)
		}
		out := measure(t, dir, bin, 0, "scan")
		if !strings.Contains(out, fmt.Sprintf("no problems found (%d files checked)", n)) {
			t.Errorf("the files are not all scanned:\n%s", out)
		}
	})
	t.Run("largest-limits", func(t *testing.T) {
		dir := newRepo(t)
		cfg := "[limits]\nmax_file_size = 4194304\n[secrets]\nmax_file_size = 10485760\n"
		if err := os.WriteFile(filepath.Join(dir, ".remnant-guard.toml"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		writeRepeated(t, filepath.Join(dir, "AGENTS.md"), 4<<20-100)
		writeRepeated(t, filepath.Join(dir, "big.txt"), 10<<20-100)
		measure(t, dir, bin, 0, "check")
		out := measure(t, dir, bin, 0, "scan")
		if !strings.Contains(out, "no problems found (3 files checked)") {
			t.Errorf("the files at the limits are not scanned:\n%s", out)
		}
	})
	t.Run("dev-zero-links", func(t *testing.T) {
		dir := newRepo(t)
		for _, name := range []string{"AGENTS.md", ".remnant-guard.toml", ".gitleaks.toml"} {
			if err := os.Symlink("/dev/zero", filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
		gitIn(t, dir, "add", "AGENTS.md")
		out := measure(t, dir, bin, 1, "check")
		if !strings.Contains(out, "AGENTS.md is a device") || !strings.Contains(out, ".remnant-guard.toml is a device") {
			t.Errorf("the links to /dev/zero are not reported:\n%s", out)
		}
		measure(t, dir, bin, 1, "pre-commit")
	})
	t.Run("pushed-tag-of-large-blob", func(t *testing.T) {
		dir := newRepo(t)
		writeRepeated(t, filepath.Join(dir, "big.bin"), min(size, 200<<20))
		blob := gitIn(t, dir, "hash-object", "-w", "big.bin")
		gitIn(t, dir, "-c", "user.name=Ada", "-c", "user.email=ada@example.com", "tag", "-a", "-m", "a tag of a blob", "bigtag", blob)
		tag := gitIn(t, dir, "rev-parse", "bigtag")
		push := "refs/tags/bigtag " + tag + " refs/tags/bigtag " + strings.Repeat("0", 40) + "\n"
		out := measureIn(t, dir, bin, push, 1, "pre-push", "origin", "/nowhere")
		if !strings.Contains(out, "refs/tags/bigtag: error: not scanned for secrets") {
			t.Errorf("the pushed blob is not reported as not scanned:\n%s", out)
		}
	})
	t.Run("nested-config", func(t *testing.T) {
		dir := newRepo(t)
		deep := "[rules]\nx = " + strings.Repeat("{a=", 8000) + "1" + strings.Repeat("}", 8000) + "\n"
		if err := os.WriteFile(filepath.Join(dir, ".remnant-guard.toml"), []byte(deep), 0o644); err != nil {
			t.Fatal(err)
		}
		out := measure(t, dir, bin, 2, "check")
		if !strings.Contains(out, ".remnant-guard.toml:2: arrays and tables nest more than 32 deep") {
			t.Errorf("the nested config is not refused with its line:\n%s", out)
		}
	})
}

var maxRSS = regexp.MustCompile(`Maximum resident set size \(kbytes\): (\d+)`)

// measure runs bin with args in dir under /usr/bin/time -v, checks its exit
// code and peak memory, and returns its output.
func measure(t *testing.T, dir, bin string, code int, args ...string) string {
	t.Helper()
	return measureIn(t, dir, bin, "", code, args...)
}

// measureIn is measure with stdin.
func measureIn(t *testing.T, dir, bin, stdin string, code int, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/usr/bin/time", append([]string{"-v", bin}, args...)...)
	cmd.Dir, cmd.Stdin = dir, strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("%s did not finish within its timeout", args)
	}
	got := 0
	if ee, ok := err.(*exec.ExitError); ok {
		got = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if got != code {
		t.Errorf("%s exited %d, want %d:\n%s", args, got, code, out)
	}
	m := maxRSS.FindSubmatch(out)
	if m == nil {
		t.Fatalf("no peak memory in the output of /usr/bin/time:\n%s", out)
	}
	kb, _ := strconv.Atoi(string(m[1]))
	t.Logf("%s: peak memory %d KiB", args, kb)
	if kb >= peakLimitKB {
		t.Errorf("%s: peak memory %d KiB, over %d KiB", args, kb, peakLimitKB)
	}
	return string(out)
}

// buildBinary builds remnant-guard once for the test.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "remnant-guard")
	linkBuilt(t, bin)
	return bin
}

// builtOnce is the remnant-guard of the working copy, built once by the
// test process with go build into a folder TestMain removes at the end.
var builtOnce = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "remnant-guard-build-")
	if err != nil {
		return "", err
	}
	builtDirs.Store(dir, true)
	bin := filepath.Join(dir, "remnant-guard")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/remnant-guard")
	cmd.Dir = sourceRootDir()
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// builtDirs holds the folder of builtOnce's binary, for TestMain to remove.
var builtDirs sync.Map

// linkBuilt puts the binary builtOnce made at bin, a file of the test's
// own (a hard link, or a copy where links cannot be made), so that every
// test runs the real binary without building it again.
func linkBuilt(t *testing.T, bin string) {
	t.Helper()
	src, err := builtOnce()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if os.Link(src, bin) == nil {
		return
	}
	data, err := os.ReadFile(src)
	if err == nil {
		err = os.WriteFile(bin, data, 0o755)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// newRepo is a fresh repository with one empty commit and its own identity.
func newRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	gitIn(t, dir, "init", "-q")
	gitIn(t, dir, "-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "-q", "--allow-empty", "-m", "root")
	return dir
}

// gitIn runs git in dir and returns its output without the final newline.
func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", args, err, out)
	}
	return strings.TrimSuffix(string(out), "\n")
}

// writeRepeated writes size bytes of text lines to path.
func writeRepeated(t *testing.T, path string, size int64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	line := []byte(strings.Repeat("lorem ipsum dolor sit amet 0123456789\n", 1<<10))
	for n := int64(0); n < size; n += int64(len(line)) {
		if _, err := f.Write(line[:min(int64(len(line)), size-n)]); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
