package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Root confines reads and writes to the directory tree at Dir (the
// repository's working tree, or its git directory): a file, or a folder
// on the way to it, that is a symbolic link leading out of the tree is
// refused with an *OutsideError, before anything is read, written,
// created, renamed or deleted. Links that stay inside the tree are
// followed. Every operation goes through os.Root, so a link swapped in
// between a check and the use is refused by the use too.
//
// Files under the user's home directory (an agent's user-scope settings)
// are not read through a Root: following a link the user made in their
// own home is what they asked for.
type Root struct {
	Dir string
}

// OutsideError is a path that leads out of its Root through a symbolic
// link (the file itself, a dangling link, or a linked parent folder).
type OutsideError struct {
	Path string // as the caller named it
	Dir  string // the tree it had to stay in
}

func (e *OutsideError) Error() string {
	return fmt.Sprintf("%s: is, or is reached through, a symbolic link that leads out of %s: left alone", e.Path, e.Dir)
}

// ErrOutside matches every *OutsideError (errors.Is).
var ErrOutside = errors.New("symbolic link out of the tree")

// Is makes errors.Is(err, ErrOutside) hold.
func (e *OutsideError) Is(target error) bool { return target == ErrOutside }

// rel turns path (absolute, or relative to the current directory) into a
// path relative to r.Dir; a path that is not under it is an *OutsideError.
func (r Root) rel(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	dir, err := filepath.Abs(r.Dir)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil || !filepath.IsLocal(rel) {
		if rel == "." {
			return rel, nil
		}
		return "", &OutsideError{Path: path, Dir: r.Dir}
	}
	return rel, nil
}

// open opens the os.Root and names path in it.
func (r Root) open(path string) (*os.Root, string, error) {
	rel, err := r.rel(path)
	if err != nil {
		return nil, "", err
	}
	root, err := os.OpenRoot(r.Dir)
	if err != nil {
		return nil, "", err
	}
	return root, rel, nil
}

// escapes tells whether err is os.Root refusing a path that leaves it.
// The standard library does not export that error; its text is stable.
func escapes(err error) bool {
	for e := err; e != nil; e = errors.Unwrap(e) {
		if e.Error() == "path escapes from parent" {
			return true
		}
	}
	return false
}

// wrap turns os.Root's escape error into an *OutsideError naming path,
// and a link loop into a *NotRegularError.
func (r Root) wrap(path string, err error) error {
	switch {
	case err == nil:
		return nil
	case escapes(err):
		return &OutsideError{Path: path, Dir: r.Dir}
	case errors.Is(err, syscall.ELOOP):
		return &NotRegularError{Path: path, Kind: "symbolic link loop"}
	}
	// os.Root names the file relative to the root: name it as the caller did.
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: path, Err: pe.Err}
	}
	return err
}

// resolve follows rel through the symbolic links on it, inside root, to
// the file to be written or removed, which need not exist yet (a link
// made before its target). A link whose target leaves the tree, dangling
// or not, is an *OutsideError; so is a parent folder that is such a link.
func (r Root) resolve(root *os.Root, path, rel string) (string, error) {
	for hops := 0; ; hops++ {
		fi, err := root.Lstat(rel)
		if errors.Is(err, fs.ErrNotExist) && !escapes(err) {
			return rel, nil
		}
		if err != nil {
			return "", r.wrap(path, err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return rel, nil
		}
		if hops == 40 {
			return "", &NotRegularError{Path: path, Kind: "symbolic link loop"}
		}
		target, err := root.Readlink(rel)
		if err != nil {
			return "", r.wrap(path, err)
		}
		if filepath.IsAbs(target) {
			if rel, err = r.rel(target); err != nil {
				return "", &OutsideError{Path: path, Dir: r.Dir}
			}
			continue
		}
		rel = filepath.Join(filepath.Dir(rel), target)
		if !filepath.IsLocal(rel) {
			return "", &OutsideError{Path: path, Dir: r.Dir}
		}
	}
}

// ReadPrefix is ReadPrefix confined to the tree.
func (r Root) ReadPrefix(path string, limit int64) ([]byte, error) {
	data, _, err := r.readPrefix(path, limit)
	return data, err
}

// readPrefix is ReadPrefix that also returns the file's size.
func (r Root) readPrefix(path string, limit int64) ([]byte, int64, error) {
	f, err := r.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	limit = min(max(limit, 0), MaxReadLimit)
	buf := bytes.NewBuffer(make([]byte, 0, min(fi.Size(), limit)+1))
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, 0, err
	}
	return buf.Bytes(), fi.Size(), nil
}

// Open opens the regular file path names for reading, following links
// that stay inside the tree. A link out is an *OutsideError, anything but
// a regular file a *NotRegularError; neither is opened. A link out to a
// device, a FIFO or a folder is the *NotRegularError, as one inside is:
// its kind is looked up, nothing is opened. The caller closes the file
// and bounds what it reads.
func (r Root) Open(path string) (*os.File, error) {
	f, err := r.openRegular(path)
	return f, deviceOutside(path, err)
}

// deviceOutside turns err, a link out of the tree, into the
// *NotRegularError of what the link names when that is a device, a FIFO
// or a socket (looked up, never opened): such a file is reported by its
// kind wherever it is. A folder or a regular file outside stays an
// *OutsideError.
func deviceOutside(path string, err error) error {
	if !errors.Is(err, ErrOutside) {
		return err
	}
	fi, serr := os.Stat(path)
	if serr == nil && !fi.IsDir() && !fi.Mode().IsRegular() {
		return &NotRegularError{Path: path, Kind: Kind(fi.Mode())}
	}
	return err
}

func (r Root) openRegular(path string) (*os.File, error) {
	root, rel, err := r.open(path)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	// Nothing of the git directory (a config with credentials, a token
	// an Action keeps there) is read as a file of the tree by a link.
	if err := r.intoGitDir(root, path, rel); err != nil {
		return nil, err
	}
	if rel, err = r.resolve(root, path, rel); err != nil {
		return nil, err
	}
	fi, err := root.Stat(rel)
	if err != nil {
		return nil, r.wrap(path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Kind: Kind(fi.Mode())}
	}
	f, err := root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, r.wrap(path, err)
	}
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = &NotRegularError{Path: path, Kind: Kind(fi.Mode())}
		}
		return nil, err
	}
	return f, nil
}

// Stat describes what path names, following links that stay inside the
// tree; a link out is an *OutsideError and nothing outside is looked at.
func (r Root) Stat(path string) (fs.FileInfo, error) {
	root, rel, err := r.open(path)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	if rel, err = r.resolve(root, path, rel); err != nil {
		return nil, err
	}
	fi, err := root.Stat(rel)
	return fi, r.wrap(path, err)
}

// StatKind is Stat, except that a link out to a device, a FIFO or a
// socket is that file's *NotRegularError, as for Open.
func (r Root) StatKind(path string) (fs.FileInfo, error) {
	fi, err := r.Stat(path)
	return fi, deviceOutside(path, err)
}

// Contains tells whether path is, lexically, in the tree (links aside):
// a file the caller named outside it is not the tree's to confine.
func (r Root) Contains(path string) bool {
	_, err := r.rel(path)
	return err == nil
}

// ReadFile is ReadFile confined to the tree.
func (r Root) ReadFile(path string, limit int64) ([]byte, error) {
	limit = min(max(limit, 0), MaxReadLimit)
	data, size, err := r.readPrefix(path, limit)
	if err == nil && int64(len(data)) > limit {
		return nil, &TooLargeError{Path: path, Size: max(size, int64(len(data))), Limit: limit}
	}
	return data, err
}

// ReadOptional is ReadOptional confined to the tree.
func (r Root) ReadOptional(path string, limit int64) ([]byte, error) {
	data, err := r.ReadFile(path, limit)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// ReadSideFile is ReadSideFile confined to the tree: a link out of it is
// an error, never nil data, so that the file's rules are not silently lost.
func (r Root) ReadSideFile(path string) ([]byte, error) {
	data, err := r.ReadOptional(path, MaxSideFileSize)
	if errors.As(err, new(*NotRegularError)) {
		return nil, nil
	}
	if errors.Is(err, ErrOutside) {
		// A link out to a device or a FIFO is left unread and reported as
		// not regular, as one inside is (nothing outside is read either way).
		if _, serr := StatRegular(path); errors.As(serr, new(*NotRegularError)) {
			return nil, nil
		}
	}
	return data, err
}

// Replace is Replace confined to the tree: the file (or the file a link
// inside the tree names) is replaced through a temporary file beside it
// and a rename; an existing file keeps its mode, a new one gets perm.
func (r Root) Replace(path string, data []byte, perm fs.FileMode) error {
	root, rel, err := r.open(path)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := r.intoGitDir(root, path, rel); err != nil {
		return err
	}
	if rel, err = r.resolve(root, path, rel); err != nil {
		return err
	}
	if fi, err := root.Stat(rel); err == nil && fi.IsDir() {
		return &NotRegularError{Path: path, Kind: Kind(fi.Mode())}
	} else if err == nil {
		perm = fi.Mode().Perm()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return r.wrap(path, err)
	}
	tmp, release, err := writeTemp(root, r.Dir, filepath.Dir(rel), data, perm)
	if err != nil {
		return r.wrap(path, err)
	}
	defer release()
	return r.wrap(path, root.Rename(tmp, rel))
}

// Create writes a new file at path through a temporary file beside it,
// linked into place only if nothing is there: created is false, and
// nothing is written, when path exists (a dangling link included). A
// folder on the way that leads out of the tree is an *OutsideError. A
// reader, and a full disk, never see a part of the file.
func (r Root) Create(path string, data []byte, perm fs.FileMode) (created bool, err error) {
	root, rel, err := r.open(path)
	if err != nil {
		return false, err
	}
	defer root.Close()
	if _, err := root.Lstat(rel); err == nil {
		return false, nil
	} else if !errors.Is(err, fs.ErrNotExist) || escapes(err) {
		return false, r.wrap(path, err)
	}
	if err := r.intoGitDir(root, path, rel); err != nil {
		return false, err
	}
	tmp, release, err := writeTemp(root, r.Dir, filepath.Dir(rel), data, perm)
	if err != nil {
		return false, r.wrap(path, err)
	}
	defer release()
	err = root.Link(tmp, rel)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, fs.ErrExist):
		return false, nil
	case escapes(err):
		return false, r.wrap(path, err)
	}
	// A file system without hard links: rename, after a last look.
	if _, lerr := root.Lstat(rel); lerr == nil {
		return false, nil
	}
	if err := root.Rename(tmp, rel); err != nil {
		return false, r.wrap(path, err)
	}
	return true, nil
}

// Remove deletes the file path names (the file a link inside the tree
// names, or the link to it); a link out of the tree is refused, and its
// target is never deleted.
func (r Root) Remove(path string) error {
	root, rel, err := r.open(path)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := r.intoGitDir(root, path, rel); err != nil {
		return err
	}
	if rel, err = r.resolve(root, path, rel); err != nil {
		return err
	}
	return r.wrap(path, root.Remove(rel))
}

// MkdirAll makes the folder path and its parents inside the tree; a
// folder on the way that is a link out of it is refused.
func (r Root) MkdirAll(path string, perm fs.FileMode) error {
	root, rel, err := r.open(path)
	if err != nil {
		return err
	}
	defer root.Close()
	if rel == "." {
		return nil
	}
	if err := r.intoGitDir(root, path, rel); err != nil {
		return err
	}
	return r.wrap(path, root.MkdirAll(rel, perm))
}

// CheckWritable is CheckWritable confined to the tree.
func (r Root) CheckWritable(path string) error {
	root, rel, err := r.open(path)
	if err != nil {
		return err
	}
	defer root.Close()
	if rel, err = r.resolve(root, path, rel); err != nil {
		return err
	}
	fi, err := root.Stat(rel)
	if err == nil && fi.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("%s is read-only: left as it is", path)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return r.wrap(path, err)
	}
	return nil
}

// ReadDir lists the folder path inside the tree.
func (r Root) ReadDir(path string) ([]fs.DirEntry, error) {
	root, rel, err := r.open(path)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	entries, err := fs.ReadDir(root.FS(), filepath.ToSlash(rel))
	return entries, r.wrap(path, err)
}

// Unlink deletes the name path itself inside the tree: a symbolic link is
// removed, never what it names; a parent folder that leads out of the
// tree is refused.
func (r Root) Unlink(path string) error {
	root, rel, err := r.open(path)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := r.intoGitDir(root, path, filepath.Dir(rel)); err != nil {
		return err
	}
	return r.wrap(path, root.Remove(rel))
}

// RealPath is the path, relative to the tree, of the file path names once
// every symbolic link on the way and the file's own are followed; the
// file and the folders after the last existing one need not exist. A
// link that leads out of the tree is an *OutsideError, a loop a
// *NotRegularError. It tells where a write through links would land.
func (r Root) RealPath(path string) (string, error) {
	root, rel, err := r.open(path)
	if err != nil {
		return "", err
	}
	defer root.Close()
	return r.realPath(root, path, rel)
}

// realPath is RealPath of rel in root.
func (r Root) realPath(root *os.Root, path, rel string) (string, error) {
	done := "."
	parts := splitPath(rel)
	for hops := 0; len(parts) > 0; {
		next := filepath.Join(done, parts[0])
		parts = parts[1:]
		if next != "." && !filepath.IsLocal(next) {
			return "", &OutsideError{Path: path, Dir: r.Dir}
		}
		fi, err := root.Lstat(next)
		if errors.Is(err, fs.ErrNotExist) && !escapes(err) {
			return filepath.Join(append([]string{next}, parts...)...), nil
		}
		if err != nil {
			return "", r.wrap(path, err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			done = next
			continue
		}
		if hops++; hops > 40 {
			return "", &NotRegularError{Path: path, Kind: "symbolic link loop"}
		}
		target, err := root.Readlink(next)
		if err != nil {
			return "", r.wrap(path, err)
		}
		if filepath.IsAbs(target) {
			if target, err = r.rel(target); err != nil {
				return "", &OutsideError{Path: path, Dir: r.Dir}
			}
			done = "."
		}
		parts = append(splitPath(target), parts...)
	}
	return done, nil
}

// splitPath is the names of path, without empty and "." ones.
func splitPath(path string) []string {
	var parts []string
	for _, p := range strings.Split(filepath.ToSlash(path), "/") {
		if p != "" && p != "." {
			parts = append(parts, p)
		}
	}
	return parts
}

// GitDirError is a read or a write in the working tree that symbolic
// links (a file's own, or a folder's on the way) lead into the
// repository's git directory, .git at the top of the tree: a link a commit
// made must never make remnant-guard write a git config, a hook or a ref,
// nor read one (its credentials) as a memory or config file. It matches
// ErrOutside, as it is refused the same way.
type GitDirError struct {
	Path, Target string
}

func (e *GitDirError) Error() string {
	return fmt.Sprintf("%s: is, or is reached through, a symbolic link into the git directory (%s): left alone", e.Path, filepath.ToSlash(e.Target))
}

// Is makes errors.Is(err, ErrOutside) hold.
func (e *GitDirError) Is(target error) bool { return target == ErrOutside }

// intoGitDir refuses rel when links on the way lead it into .git at the
// top of the tree while rel itself does not name a place there.
func (r Root) intoGitDir(root *os.Root, path, rel string) error {
	if inGitDir(rel) {
		return nil
	}
	real, err := r.realPath(root, path, rel)
	if err != nil {
		return err
	}
	if inGitDir(real) {
		return &GitDirError{Path: path, Target: real}
	}
	return nil
}

// inGitDir tells whether rel is .git at the top of a tree or under it
// (in any letter case: a file system that folds case reaches it so).
func inGitDir(rel string) bool {
	first, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
	return strings.EqualFold(first, ".git")
}
