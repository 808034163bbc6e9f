package hooks

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/remnant-guard/remnant-guard/hooks/config"
)

// TestMemoryStateChanges: the memory files are told apart by name and
// metadata only; a link is not followed (to /dev/zero here), .git and files that are not
// Markdown are passed over, a config path that is not memory is no error.
func TestMemoryStateChanges(t *testing.T) {
	top := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(top, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("REMNANT.md", "a")
	write("AGENTS.md", "a")
	write("notes/x.txt", "a")
	write(".git/HEAD", "ref: refs/heads/main\n")
	write("mem/manifest.md", "m")
	write("mem/.git/x.md", "a")
	write("mem/img.png", "a")
	if err := os.Symlink("/dev/zero", filepath.Join(top, "CLAUDE.md")); err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	cfg.Custodian.Dir = "mem"
	cfg.Paths = []string{"notes/*", "sub/AGENTS.md"}
	write("sub/AGENTS.md", "a")
	before, _, err := takeMemoryState(top, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(before) != 5 { // REMNANT.md, AGENTS.md, CLAUDE.md, sub/AGENTS.md, mem/manifest.md
		t.Errorf("%d files in the state, want 5: %v", len(before), before)
	}
	later := time.Now().Add(time.Minute)
	os.Chtimes(filepath.Join(top, "AGENTS.md"), later, later)
	write("mem/new.md", "n")
	os.Remove(filepath.Join(top, "REMNANT.md"))
	now, names, err := takeMemoryState(top, cfg)
	if err != nil {
		t.Fatal(err)
	}
	files, dirFiles, dirGone := now.changedSince(before, names)
	if !slices.Equal(files, []string{"AGENTS.md"}) || !slices.Equal(dirFiles, []string{"mem/new.md"}) || dirGone {
		t.Errorf("changed %v, in the directory %v, gone from it %v", files, dirFiles, dirGone)
	}
	os.Remove(filepath.Join(top, "mem", "manifest.md"))
	now, names, _ = takeMemoryState(top, cfg)
	if _, _, gone := now.changedSince(before, names); !gone {
		t.Error("a file deleted from the memory directory was not seen")
	}
	for k := range now {
		if filepath.Base(names[k]) == "REMNANT.md" || len(k) != 26 {
			t.Errorf("key %q for %s", k, names[k])
		}
	}
}

// TestMemoryStateWholeRepository: a memory directory that is the
// repository's top walks no .git and stops at its bound.
func TestMemoryStateWholeRepository(t *testing.T) {
	top := t.TempDir()
	os.MkdirAll(filepath.Join(top, ".git", "objects"), 0o755)
	os.WriteFile(filepath.Join(top, ".git", "objects", "a.md"), nil, 0o644)
	for i := range maxMemoryState + 10 {
		os.WriteFile(filepath.Join(top, "n"+strconv.Itoa(i)+".md"), nil, 0o644)
	}
	cfg := config.Default()
	cfg.Custodian.Dir = "."
	st, names, err := takeMemoryState(top, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(st) != maxMemoryState {
		t.Errorf("%d files, want the bound %d", len(st), maxMemoryState)
	}
	for k := range st {
		if filepath.Dir(names[k]) != "." {
			t.Errorf("walked into %s", names[k])
		}
	}
}
