package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Replace writes data to path through a temporary file in the same
// directory and a rename, so that a reader sees the old file or the new
// one, never half of one. An existing file keeps its mode; a symbolic
// link is followed, and the file it points at is replaced.
func Replace(path string, data []byte) error {
	path, err := FollowLinks(path)
	if err != nil {
		return err
	}
	perm := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		perm = fi.Mode().Perm()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return renameInto(path, data, perm)
}

// ReplaceName writes data (mode perm) to path through a temporary file
// in the same directory, synced, then renamed over path: a symbolic link
// there is replaced, not followed. A signal removes the temporary file
// (see RemoveTemporaries), like every write of this package.
func ReplaceName(path string, data []byte, perm fs.FileMode) error {
	return renameInto(path, data, perm)
}

// renameInto replaces path with data (mode perm) through a temporary file
// in the same directory, synced, then renamed.
func renameInto(path string, data []byte, perm fs.FileMode) error {
	dir := filepath.Dir(path)
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	tmp, release, err := writeTemp(root, dir, ".", data, perm)
	if err != nil {
		// Name the file written, not its temporary file.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			pe.Path = path
		}
		return err
	}
	defer release()
	return os.Rename(filepath.Join(dir, tmp), path)
}

// FollowLinks resolves path through symbolic links, also to a target that
// does not exist yet (a dotfiles link made before its file): that target
// is what is to be written, not the link replaced by a file.
func FollowLinks(path string) (string, error) {
	for hops := 0; ; hops++ {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		if hops == 40 {
			return "", fmt.Errorf("%s: too many levels of symbolic links", path)
		}
		target, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(path), target)
		}
		path = target
	}
}

// CheckWritable refuses a file its owner may not write: a settings file
// made read-only is not replaced behind its owner's back.
func CheckWritable(path string) error {
	real, err := FollowLinks(path)
	if err != nil {
		return err
	}
	fi, err := os.Stat(real)
	if err == nil && fi.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("%s is read-only: left as it is", path)
	}
	return nil
}

// UnwrapPath drops the os.PathError wrapper, whose path the caller shows.
func UnwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// WriteAtomic replaces path with data through a temporary file in the same
// directory and a rename, keeping the file's mode.
func WriteAtomic(path string, data []byte) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	return renameInto(path, data, fi.Mode().Perm())
}
