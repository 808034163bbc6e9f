package githooks

import (
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// withLock runs f holding an exclusive lock on the hooks folder, so that
// installs and uninstalls running at once take turns. On Windows the lock
// is a file in the folder opened with no sharing, which no other process
// can open until it is closed; it is deleted when closed, and Windows
// closes it if the process dies.
func withLock(dir string, f func() ([]string, error)) ([]string, error) {
	name, err := syscall.UTF16PtrFromString(filepath.Join(dir, ".remnant-guard.lock"))
	if err != nil {
		return nil, err
	}
	const (
		deleteOnClose    = 0x04000000        // FILE_FLAG_DELETE_ON_CLOSE
		sharingViolation = syscall.Errno(32) // ERROR_SHARING_VIOLATION
	)
	// Another install holds the lock (sharing violation), or its lock
	// file is being deleted (access denied): wait, but not for ever, as
	// access denied may also mean the folder is not writable.
	deadline := time.Now().Add(30 * time.Second)
	for {
		h, err := syscall.CreateFile(name, syscall.GENERIC_READ|syscall.GENERIC_WRITE, 0, nil,
			syscall.OPEN_ALWAYS, syscall.FILE_ATTRIBUTE_NORMAL|deleteOnClose, 0)
		if err == nil {
			defer syscall.CloseHandle(h)
			break
		}
		if err != sharingViolation && err != syscall.ERROR_ACCESS_DENIED || time.Now().After(deadline) {
			return nil, &os.PathError{Op: "lock", Path: dir, Err: err}
		}
		time.Sleep(20 * time.Millisecond)
	}
	removeLeftovers(dir)
	return f()
}
