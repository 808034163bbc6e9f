package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// TestBuildScript runs build.sh for this machine's platform and for
// windows, and checks what a release promises: one archive per platform
// (.tar.gz, .zip for windows) holding a static binary that knows its
// version and commit, a SHA256SUMS file that matches the archives, and the
// install steps of README's "Other forms that need a published release", run as written.
func TestBuildScript(t *testing.T) {
	t.Parallel()     // it waits on other programs (git, go, pre-commit): its waits overlap other tests
	testtier.Slow(t) // builds release binaries
	host := runtime.GOOS + "_" + runtime.GOARCH
	dist := t.TempDir()
	cmd := exec.Command("bash", filepath.Join(sourceRoot(t), "build.sh"))
	cmd.Env = append(os.Environ(), "TARGETS="+runtime.GOOS+"/"+runtime.GOARCH+" windows/amd64", "VERSION=v0.1.0", "DIST="+dist)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build.sh: %v\n%s", err, out)
	}
	archive := "remnant-guard_v0.1.0_" + host + ".tar.gz"
	if runtime.GOOS == "windows" {
		t.Skip("the install steps are for a POSIX shell")
	}
	t.Run("checksums", func(t *testing.T) {
		sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, name := range []string{archive, "remnant-guard_v0.1.0_windows_amd64.zip"} {
			data, err := os.ReadFile(filepath.Join(dist, name))
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(data)
			want = append(want, hex.EncodeToString(sum[:])+"  "+name)
		}
		if got := strings.TrimSuffix(string(sums), "\n"); got != strings.Join(want, "\n") {
			t.Errorf("SHA256SUMS =\n%s\nwant\n%s", got, strings.Join(want, "\n"))
		}
		entries, _ := os.ReadDir(dist)
		if len(entries) != 3 {
			t.Errorf("dist holds %d files, want the two archives and SHA256SUMS", len(entries))
		}
	})
	t.Run("tar", func(t *testing.T) {
		bin := untarOne(t, filepath.Join(dist, archive), "remnant-guard")
		if runtime.GOOS == "linux" {
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
		}
		out, err := exec.Command(bin, "version").Output()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(out), "remnant-guard v0.1.0 (commit ") || strings.Contains(string(out), "commit unknown") {
			t.Errorf("version = %q, want v0.1.0 and a commit", out)
		}
	})
	t.Run("zip", func(t *testing.T) {
		z, err := zip.OpenReader(filepath.Join(dist, "remnant-guard_v0.1.0_windows_amd64.zip"))
		if err != nil {
			t.Fatal(err)
		}
		defer z.Close()
		if len(z.File) != 1 || z.File[0].Name != "remnant-guard.exe" {
			t.Fatalf("the zip holds %d files, want remnant-guard.exe alone", len(z.File))
		}
		r, err := z.File[0].Open()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		head := make([]byte, 2)
		if _, err := io.ReadFull(r, head); err != nil || string(head) != "MZ" {
			t.Errorf("remnant-guard.exe starts %q, want a Windows executable (MZ)", head)
		}
	})
	t.Run("readme", func(t *testing.T) {
		// The README's steps, as written, in a folder holding what the
		// release page offers; only the platform in the archive's name is
		// this machine's.
		s := newSandbox(t)
		steps := strings.ReplaceAll(readmeBlock(t, "### Other forms that need a published release", "```sh\n"), "linux_amd64", host)
		out, ok := s.run(dist, "sh", "-ec", steps)
		if !ok || !strings.Contains(out, archive+": OK") {
			t.Fatalf("the README's release steps failed:\n%s", out)
		}
		installed := filepath.Join(s.dir, "home", ".local", "bin", "remnant-guard")
		if v, err := exec.Command(installed, "version").Output(); err != nil || !strings.HasPrefix(string(v), "remnant-guard v0.1.0") {
			t.Errorf("the installed binary: %q, %v", v, err)
		}
		// An archive that does not match SHA256SUMS fails the check.
		path := filepath.Join(dist, archive)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		data[len(data)/2] ^= 1
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, ok := s.run(dist, "sh", "-ec", steps); ok || !strings.Contains(out, "FAILED") {
			t.Errorf("the steps passed an archive that does not match SHA256SUMS:\n%s", out)
		}
	})
}

// untarOne unpacks the one file a .tar.gz must hold, name, into a
// temporary folder, checks it is executable, and returns its path.
func untarOne(t *testing.T, archive, name string) string {
	t.Helper()
	f, err := os.Open(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	h, err := tr.Next()
	if err != nil {
		t.Fatal(err)
	}
	if h.Name != name || h.Typeflag != tar.TypeReg || h.Mode&0o111 == 0 {
		t.Fatalf("the archive holds %q (type %c, mode %o), want the executable %s", h.Name, h.Typeflag, h.Mode, name)
	}
	out := filepath.Join(t.TempDir(), name)
	dst, err := os.OpenFile(out, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, tr); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Next(); err != io.EOF {
		t.Fatalf("the archive holds more than %s", name)
	}
	return out
}

// TestBuildScriptVersionScheme: a VERSION that is not a vMAJOR.MINOR.PATCH
// tag is refused, before anything is built.
func TestBuildScriptVersionScheme(t *testing.T) {
	// Leading zeros are refused as install.sh and the Action refuse them:
	// a release they cannot install is never published.
	for _, v := range []string{"1.2.0", "v1.2", "latest", "v1.2.0; rm -rf /", "v01.2.0", "v1.02.0", "v1.2.00", "v1.2.0-rc1\n"} {
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
