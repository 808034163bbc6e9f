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

// TestRootRefusesLinksIntoGitDir: a read, a write, a create, a remove, a
// folder made through a link (the file's own or a folder's on the way) that
// leads into .git at the top of the tree is a *GitDirError matching
// ErrOutside, and the git directory is as it was; a path the caller names
// in .git itself is written.
func TestRootRefusesLinksIntoGitDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "config"), []byte("[core]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"cfg":      ".git/config",
		"dangling": ".git/hooks/post-checkout",
		"hooks":    ".git/hooks",
		"abs":      filepath.Join(dir, ".git", "config"),
	} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	r := Root{Dir: dir}
	p := func(name string) string { return filepath.Join(dir, name) }
	for _, name := range []string{"cfg", "dangling", "hooks/pre-commit", "abs"} {
		if err := r.Replace(p(name), []byte("x"), 0o755); !errors.Is(err, ErrOutside) {
			t.Errorf("Replace(%s): %v, want a refusal", name, err)
		}
	}
	if _, err := r.Create(p("hooks/pre-push"), []byte("x"), 0o755); !errors.Is(err, ErrOutside) {
		t.Errorf("Create(hooks/pre-push): %v, want a refusal", err)
	}
	if err := r.Remove(p("cfg")); !errors.Is(err, ErrOutside) {
		t.Errorf("Remove(cfg): %v, want a refusal", err)
	}
	if err := r.MkdirAll(p("hooks/sub"), 0o755); !errors.Is(err, ErrOutside) {
		t.Errorf("MkdirAll(hooks/sub): %v, want a refusal", err)
	}
	if err := r.Unlink(p("hooks/x")); !errors.Is(err, ErrOutside) {
		t.Errorf("Unlink(hooks/x): %v, want a refusal", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, ".git", "config")); string(data) != "[core]\n" {
		t.Errorf(".git/config written: %q", data)
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, ".git", "hooks")); len(entries) != 0 {
		t.Errorf(".git/hooks holds %v", entries)
	}
	for _, name := range []string{"cfg", "abs"} {
		if data, err := r.ReadFile(p(name), 100); !errors.Is(err, ErrOutside) || data != nil {
			t.Errorf("ReadFile(%s): %q, %v, want a refusal", name, data, err)
		}
	}
	if data, err := r.ReadFile(p(".git/config"), 100); err != nil || string(data) != "[core]\n" {
		t.Errorf("ReadFile(.git/config) named as such: %q, %v", data, err)
	}
	if err := r.Replace(p(".git/remnant-guard.json"), []byte("x"), 0o644); err != nil {
		t.Errorf("a path in .git named as such: %v", err)
	}
}
