package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
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
	// A link out to a device is named by its kind, as one inside is;
	// nothing is opened.
	if err := os.Symlink("/dev/null", filepath.Join(repo, "dev")); err != nil {
		t.Fatal(err)
	}
	var nr *NotRegularError
	if _, err := r.Open(filepath.Join(repo, "dev")); !errors.As(err, &nr) || nr.Kind != "device" {
		t.Errorf("Open(dev): %v, want a device", err)
	}
	if _, err := r.StatKind(filepath.Join(repo, "dev")); !errors.As(err, &nr) {
		t.Errorf("StatKind(dev): %v, want a device", err)
	}
	if _, err := r.Stat(filepath.Join(repo, "dev")); !errors.Is(err, ErrOutside) {
		t.Errorf("Stat(dev): %v, want an OutsideError", err)
	}
	if _, err := r.StatKind(filepath.Join(repo, "linkdir")); !errors.Is(err, ErrOutside) {
		t.Errorf("StatKind(linkdir): %v, want an OutsideError", err)
	}
	checkOutsideUntouched(t, outside)
}
