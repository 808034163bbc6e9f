package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestRealPath follows links on the way and the file's own, inside the
// tree, to where a write would land, and refuses links out.
func TestRealPath(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"cfg":     ".git/config",
		"gd":      ".git",
		"abs":     filepath.Join(dir, ".git", "hooks"),
		"chain":   "gd/hooks/../config",
		"out":     outside,
		"loop":    "loop",
		"sub":     ".git/hooks",
		"relback": "sub/../../README",
	} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	r := Root{Dir: dir}
	for path, want := range map[string]string{
		"cfg":          ".git/config",
		"gd/x":         ".git/x",
		"abs/pre-push": ".git/hooks/pre-push",
		"chain":        ".git/config",
		"plain/a/b":    "plain/a/b",
		"relback":      "README",
		".":            ".",
	} {
		got, err := r.RealPath(filepath.Join(dir, path))
		if err != nil || got != filepath.FromSlash(want) {
			t.Errorf("RealPath(%s) = %q, %v; want %q", path, got, err, want)
		}
	}
	if _, err := r.RealPath(filepath.Join(dir, "out", "x")); !errors.Is(err, ErrOutside) {
		t.Errorf("a link out: %v, want ErrOutside", err)
	}
	if _, err := r.RealPath(filepath.Join(dir, "loop")); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a loop: %v, want ErrNotRegular", err)
	}
}
