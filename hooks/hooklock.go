package hooks

import (
	"os"
	"path/filepath"
	"syscall"
)

// withLock runs f holding an exclusive lock on the hooks folder, so that
// installs and uninstalls running at once take turns: none of them can
// see a half-made state of another. The lock is the folder's own flock,
// released by the kernel if the process dies.
func withLock(dir string, f func() ([]string, error)) ([]string, error) {
	d, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	for {
		err = syscall.Flock(int(d.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &os.PathError{Op: "lock", Path: dir, Err: err}
	}
	defer syscall.Flock(int(d.Fd()), syscall.LOCK_UN)
	removeLeftovers(dir)
	return f()
}

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
