package main

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildScript runs build.sh for one target and checks what a release
// promises: a static binary that knows its version and commit, and a
// SHA256SUMS file that matches it.
func TestBuildScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a release binary")
	}
	dist := t.TempDir()
	cmd := exec.Command("bash", filepath.Join(sourceRoot(t), "build.sh"))
	cmd.Env = append(os.Environ(), "TARGETS=linux/amd64", "VERSION=v9.8.7", "DIST="+dist)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build.sh: %v\n%s", err, out)
	}
	bin := filepath.Join(dist, "remnant-guard_v9.8.7_linux_amd64")
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if want := hex.EncodeToString(sum[:]) + "  remnant-guard_v9.8.7_linux_amd64\n"; string(sums) != want {
		t.Errorf("SHA256SUMS = %q, want %q", sums, want)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("the binary is dynamically linked (it has an ELF interpreter)")
		}
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(out), "remnant-guard v9.8.7 (commit ") || strings.Contains(string(out), "commit unknown") {
		t.Errorf("version = %q, want v9.8.7 and a commit", out)
	}
}

// TestBuildScriptVersionScheme: a VERSION that is not a vMAJOR.MINOR.PATCH
// tag is refused, before anything is built.
func TestBuildScriptVersionScheme(t *testing.T) {
	for _, v := range []string{"1.2.0", "v1.2", "latest", "v1.2.0; rm -rf /"} {
		dist := t.TempDir()
		cmd := exec.Command("bash", filepath.Join(sourceRoot(t), "build.sh"))
		cmd.Env = append(os.Environ(), "TARGETS=linux/amd64", "VERSION="+v, "DIST="+dist)
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), "not a release tag") {
			t.Errorf("VERSION=%q: %v\n%s", v, err, out)
		}
		if entries, _ := os.ReadDir(dist); len(entries) > 0 {
			t.Errorf("VERSION=%q: built %v", v, entries)
		}
	}
}
