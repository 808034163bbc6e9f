package githooks

import (
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// legacyTempPattern names the temporary files hooks were written to by
// earlier versions; they are written through safefile's now.
const legacyTempPattern = ".remnant-guard-*.tmp"

// removeLeftovers deletes the temporary files of an install or uninstall
// that was killed before it could: every writer of one holds the lock, so
// one found while holding it belongs to no running process.
func removeLeftovers(dir string) {
	names, _ := filepath.Glob(filepath.Join(dir, legacyTempPattern))
	ours, _ := filepath.Glob(filepath.Join(dir, ".remnant-guard-*"))
	for _, n := range ours {
		if safefile.IsTempName(filepath.Base(n)) {
			names = append(names, n)
		}
	}
	for _, n := range names {
		if fi, err := os.Lstat(n); err == nil && fi.Mode().IsRegular() {
			os.Remove(n)
		}
	}
}
