package safefile

import (
	"errors"
	"io"
	"io/fs"
	"path/filepath"
	"testing"
)

// TestRootOpenStatConfined: Open and Stat follow links inside and refuse
// every link out (file, absolute, dangling, linked folder, chain) with an
// *OutsideError, and a confined FS over a folder of the tree does the same
// through fs.FS.
func TestRootOpenStatConfined(t *testing.T) {
	repo, outside := hostileTree(t)
	r := Root{Dir: repo}
	for _, name := range outsideNames {
		p := filepath.Join(repo, name)
		if f, err := r.Open(p); !errors.Is(err, ErrOutside) {
			if f != nil {
				f.Close()
			}
			t.Errorf("Open(%s): %v, want an OutsideError", name, err)
		}
		if _, err := r.Stat(p); !errors.Is(err, ErrOutside) && name != "linkdir/new.json" && name != "dangling.json" {
			t.Errorf("Stat(%s): %v, want an OutsideError", name, err)
		}
	}
	for _, name := range []string{"in.json", "sub/up.json", "chain.json", "inside.json"} {
		f, err := r.Open(filepath.Join(repo, name))
		if err != nil {
			t.Fatalf("Open(%s): %v", name, err)
		}
		data, _ := io.ReadAll(f)
		f.Close()
		if string(data) != "inside\n" {
			t.Errorf("Open(%s) read %q", name, data)
		}
	}
	if fi, err := r.Stat(filepath.Join(repo, "sub")); err != nil || !fi.IsDir() {
		t.Errorf("Stat(sub): %v, %v", fi, err)
	}
	if !r.Contains(filepath.Join(repo, "out.json")) || r.Contains(filepath.Join(outside, "target.json")) || !r.Contains(repo) {
		t.Error("Contains does not tell the tree's paths from others")
	}

	fsys := NewConfinedFS(repo, r)
	if data, err := fs.ReadFile(fsys, "chain.json"); err != nil || string(data) != "inside\n" {
		t.Errorf("confined FS, chain.json: %q, %v", data, err)
	}
	for _, name := range []string{"out.json", "abs-out.json", "linkdir/target.json", "chain-out"} {
		if data, err := fs.ReadFile(fsys, name); !errors.Is(err, ErrOutside) {
			t.Errorf("confined FS, %s: %q, %v; want an OutsideError", name, data, err)
		}
		if _, err := fs.Stat(fsys, name); !errors.Is(err, ErrOutside) {
			t.Errorf("confined FS, Stat %s: %v; want an OutsideError", name, err)
		}
	}
	if _, err := fs.ReadDir(NewConfinedFS(filepath.Join(repo, "linkdir"), r), "."); !errors.Is(err, ErrOutside) {
		t.Errorf("confined FS over a linked folder: %v, want an OutsideError", err)
	}
	checkOutsideUntouched(t, outside)
}
