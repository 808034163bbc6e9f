package githooks

import (
	"os"
	"path/filepath"
)

// removeLeftovers deletes the temporary files of an install or uninstall
// that was killed before it could: every writer of one holds the lock, so
// one found while holding it belongs to no running process.
func removeLeftovers(dir string) {
	names, _ := filepath.Glob(filepath.Join(dir, tempPattern))
	for _, n := range names {
		if fi, err := os.Lstat(n); err == nil && fi.Mode().IsRegular() {
			os.Remove(n)
		}
	}
}
