package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Root.Create writes a new file whole and never replaces anything there:
// a file, a link inside, a dangling link out (its target not created);
// a linked folder out is refused; no temporary file is left.
func TestRootCreate(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	r := Root{Dir: dir}
	if err := os.WriteFile(filepath.Join(dir, "old"), []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"dangling-out": filepath.Join(outside, "made"),
		"link-in":      "old",
		"folder-out":   outside,
	} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"old", "dangling-out", "link-in"} {
		created, err := r.Create(filepath.Join(dir, name), []byte("new\n"), 0o644)
		if created || err != nil {
			t.Errorf("%s: created %v, %v; want left alone", name, created, err)
		}
	}
	if _, err := r.Create(filepath.Join(dir, "folder-out", "f"), []byte("new\n"), 0o644); !errors.Is(err, ErrOutside) {
		t.Errorf("a file in a linked folder out: %v", err)
	}
	created, err := r.Create(filepath.Join(dir, "fresh"), []byte("new\n"), 0o640)
	if !created || err != nil {
		t.Fatalf("a new file: created %v, %v", created, err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "fresh")); string(data) != "new\n" {
		t.Errorf("the new file holds %q", data)
	}
	if fi, _ := os.Stat(filepath.Join(dir, "fresh")); fi.Mode().Perm() != 0o640 {
		t.Errorf("the new file's mode is %v", fi.Mode().Perm())
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "old")); string(data) != "old\n" {
		t.Errorf("the old file was changed: %q", data)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("written outside: %v", entries)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if IsTempName(e.Name()) {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

func TestIsTempName(t *testing.T) {
	for name, want := range map[string]bool{
		".remnant-guard-0123456789abcdef":  true,
		".remnant-guard-0123456789abcde":   false,
		".remnant-guard-0123456789abcdefa": false,
		".remnant-guard-ignore":            false,
		".remnant-guard.toml":              false,
		".remnant-guard-0123456789abcdeg":  false,
		".remnant-guard-123.tmp":           false,
	} {
		if got := IsTempName(name); got != want {
			t.Errorf("IsTempName(%q) = %v", name, got)
		}
	}
	if n := tempName(); !IsTempName(n) || !strings.HasPrefix(n, tempPrefix) {
		t.Errorf("tempName() = %q", n)
	}
}
