package safefile

import (
	"path/filepath"
	"testing"
)

// FuzzRootStaysInside writes, reads and removes arbitrary names through a
// Root over a tree full of links out: nothing outside ever changes.
func FuzzRootStaysInside(f *testing.F) {
	for _, name := range append(outsideNames, "in.json", "sub/up.json", "../outside/x", "/etc/passwd", "linkdir/../in.json", "sub/../../outside/y", "a/b/c") {
		f.Add(name)
	}
	f.Fuzz(func(t *testing.T, name string) {
		repo, outside := hostileTree(t)
		r := Root{Dir: repo}
		p := filepath.Join(repo, name)
		r.MkdirAll(filepath.Dir(p), 0o755)
		r.Replace(p, []byte("written\n"), 0o644)
		r.ReadFile(p, 1<<10)
		r.CheckWritable(p)
		r.Remove(p)
		r.Unlink(p)
		checkOutsideUntouched(t, outside)
	})
}
