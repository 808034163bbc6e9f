package safefile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// hostileTree makes a repository folder beside an outside one, with the
// links a cloned repository can bring: a link to an outside file, a
// dangling link to an outside path, a linked folder, and links that stay
// inside.
func hostileTree(t *testing.T) (repo, outside string) {
	t.Helper()
	base := t.TempDir()
	repo, outside = filepath.Join(base, "repo"), filepath.Join(base, "outside")
	for _, d := range []string{repo, outside, filepath.Join(repo, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(outside, "target.json"), "outside\n")
	write(t, filepath.Join(repo, "inside.json"), "inside\n")
	links := map[string]string{
		"out.json":      "../outside/target.json",
		"abs-out.json":  filepath.Join(outside, "target.json"),
		"dangling.json": "../outside/created.json",
		"linkdir":       "../outside",
		"in.json":       "inside.json",
		"sub/up.json":   "../inside.json",
		"chain.json":    "in.json",
		"chain-out":     "out.json",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(repo, name)); err != nil {
			t.Fatal(err)
		}
	}
	return repo, outside
}

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

var outsideNames = []string{"out.json", "abs-out.json", "dangling.json", "linkdir/target.json", "linkdir/new.json", "chain-out"}

// checkOutsideUntouched fails when anything in the outside folder changed.
func checkOutsideUntouched(t *testing.T, outside string) {
	t.Helper()
	entries, err := os.ReadDir(outside)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "target.json" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("outside folder holds %v, want only target.json", names)
	}
	if data, _ := os.ReadFile(filepath.Join(outside, "target.json")); string(data) != "outside\n" {
		t.Errorf("outside file is %q, want it unchanged", data)
	}
}

func TestRootRefusesLinksOut(t *testing.T) {
	repo, outside := hostileTree(t)
	r := Root{Dir: repo}
	for _, name := range outsideNames {
		p := filepath.Join(repo, name)
		ops := map[string]error{}
		_, ops["read"] = r.ReadFile(p, 1<<10)
		_, ops["readprefix"] = r.ReadPrefix(p, 1<<10)
		_, ops["readoptional"] = r.ReadOptional(p, 1<<10)
		_, ops["readsidefile"] = r.ReadSideFile(p)
		ops["replace"] = r.Replace(p, []byte("written\n"), 0o644)
		ops["remove"] = r.Remove(p)
		ops["checkwritable"] = r.CheckWritable(p)
		ops["mkdirall"] = r.MkdirAll(filepath.Join(repo, "linkdir", "made"), 0o755)
		for op, err := range ops {
			var oe *OutsideError
			if !errors.As(err, &oe) || !errors.Is(err, ErrOutside) {
				t.Errorf("%s %s: err %v, want an *OutsideError", op, name, err)
				continue
			}
			if msg := err.Error(); !bytes.Contains([]byte(msg), []byte("left alone")) {
				t.Errorf("%s %s: message %q does not say the file was left alone", op, name, msg)
			}
		}
	}
	checkOutsideUntouched(t, outside)
	for _, name := range []string{"out.json", "dangling.json", "linkdir"} {
		if fi, err := os.Lstat(filepath.Join(repo, name)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s: the link itself was removed or replaced (%v)", name, err)
		}
	}
}

func TestRootOutsidePathRefused(t *testing.T) {
	repo, outside := hostileTree(t)
	r := Root{Dir: repo}
	if err := r.Replace(filepath.Join(outside, "x"), []byte("x"), 0o644); !errors.Is(err, ErrOutside) {
		t.Errorf("a path outside the tree: err %v, want ErrOutside", err)
	}
	checkOutsideUntouched(t, outside)
}

func TestRootFollowsLinksInside(t *testing.T) {
	repo, outside := hostileTree(t)
	r := Root{Dir: repo}
	for _, name := range []string{"in.json", "sub/up.json", "chain.json"} {
		p := filepath.Join(repo, name)
		data, err := r.ReadFile(p, 1<<10)
		if err != nil || string(data) != "inside\n" {
			t.Errorf("read %s: %q, %v", name, data, err)
		}
	}
	if err := r.Replace(filepath.Join(repo, "chain.json"), []byte("new\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(repo, "inside.json")); string(data) != "new\n" {
		t.Errorf("inside.json is %q after replacing through a link inside", data)
	}
	if fi, err := os.Lstat(filepath.Join(repo, "chain.json")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("chain.json: the link was replaced by a file (%v)", err)
	}
	if err := r.MkdirAll(filepath.Join(repo, "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(repo, "a", "b", "new.json")
	if err := r.Replace(p, []byte("made\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("new file: %v, %v; want mode 0600", fi, err)
	}
	if err := r.Remove(filepath.Join(repo, "in.json")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(repo, "inside.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("removing through a link inside left its target: %v", err)
	}
	checkOutsideUntouched(t, outside)
	entries, _ := os.ReadDir(repo)
	for _, e := range entries {
		if len(e.Name()) > 15 && e.Name()[:15] == ".remnant-guard-" {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func TestRootReadBounds(t *testing.T) {
	repo, _ := hostileTree(t)
	r := Root{Dir: repo}
	big := filepath.Join(repo, "big")
	write(t, big, string(bytes.Repeat([]byte("x"), 5000)))
	_, err := r.ReadFile(big, 100)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != 5000 || tl.Limit != 100 {
		t.Errorf("ReadFile of a 5000-byte file at limit 100: %v, want a *TooLargeError with its real size", err)
	}
	if data, err := r.ReadPrefix(big, 100); err != nil || len(data) != 101 {
		t.Errorf("ReadPrefix: %d bytes, %v; want 101", len(data), err)
	}
	if data, err := r.ReadOptional(filepath.Join(repo, "absent"), 100); err != nil || data != nil {
		t.Errorf("ReadOptional of an absent file: %q, %v", data, err)
	}
	if _, err := r.ReadFile(filepath.Join(repo, "sub"), 100); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a directory: %v, want ErrNotRegular", err)
	}
	loop := filepath.Join(repo, "loop")
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	if _, err := r.ReadFile(loop, 100); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a link loop: %v, want ErrNotRegular", err)
	}
}

// TestRootSwappedLink replaces a checked file by a link out between the
// resolving and the use: the write through os.Root still refuses it.
func TestRootSwappedLink(t *testing.T) {
	repo, outside := hostileTree(t)
	r := Root{Dir: repo}
	root, err := os.OpenRoot(repo)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	p := filepath.Join(repo, "sub", "swap.json")
	rel, err := r.resolve(root, p, filepath.Join("sub", "swap.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The folder on the way is swapped for a link out after the check.
	if err := os.Rename(filepath.Join(repo, "sub"), filepath.Join(repo, "sub-old")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../outside", filepath.Join(repo, "sub")); err != nil {
		t.Fatal(err)
	}
	f, err := root.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		f.Close()
	}
	if !errors.Is(r.wrap(p, err), ErrOutside) {
		t.Errorf("create after the swap: %v, want ErrOutside", err)
	}
	if err := r.Replace(p, []byte("x"), 0o644); !errors.Is(err, ErrOutside) {
		t.Errorf("Replace after the swap: %v, want ErrOutside", err)
	}
	checkOutsideUntouched(t, outside)
}
