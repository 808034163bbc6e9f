//go:build !windows

package githooks

import (
	"os"
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
