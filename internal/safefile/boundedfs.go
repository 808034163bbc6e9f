package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// boundedFS is os.DirFS for the memory directory and the project as the
// MemoryCustodian checks read them: a file that is not regular (a FIFO, a
// socket, a device, a link to one, a link loop) cannot be opened, so it is
// never waited on or read without end, and a regular file reads at most
// MaxReadLimit+1 bytes.
type boundedFS struct {
	dir  string
	fsys fs.FS
	root *Root // when set, nothing is looked at or read outside it
}

func NewBoundedFS(dir string) fs.FS { return boundedFS{dir: dir, fsys: os.DirFS(dir)} }

// NewConfinedFS is NewBoundedFS for a folder of the tree r: a file or
// folder that is, or is reached through, a link out of the tree fails with
// an *OutsideError (in an *fs.PathError) and is never opened.
func NewConfinedFS(dir string, r Root) fs.FS {
	return boundedFS{dir: dir, fsys: os.DirFS(dir), root: &r}
}

func (b boundedFS) path(op, name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return filepath.Join(b.dir, filepath.FromSlash(name)), nil
}

// Stat follows links, as os.DirFS does; a link loop is a *NotRegularError.
func (b boundedFS) Stat(name string) (fs.FileInfo, error) {
	p, err := b.path("stat", name)
	if err != nil {
		return nil, err
	}
	if b.root != nil {
		fi, err := b.root.StatKind(p)
		if err != nil {
			return nil, &fs.PathError{Op: "stat", Path: name, Err: err}
		}
		return fi, nil
	}
	fi, err := os.Stat(p)
	if errors.Is(err, syscall.ELOOP) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: &NotRegularError{Path: name, Kind: "symbolic link loop"}}
	}
	return fi, err
}

// ReadLink and Lstat read symbolic links themselves (fs.ReadLinkFS), so
// that a path leaving the folder through one is told apart.
func (b boundedFS) ReadLink(name string) (string, error) {
	p, err := b.path("readlink", name)
	if err != nil {
		return "", err
	}
	return os.Readlink(p)
}

func (b boundedFS) Lstat(name string) (fs.FileInfo, error) {
	p, err := b.path("lstat", name)
	if err != nil {
		return nil, err
	}
	return os.Lstat(p)
}

func (b boundedFS) Open(name string) (fs.File, error) {
	p, err := b.path("open", name)
	if err != nil {
		return nil, err
	}
	fi, err := b.Stat(name)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return b.fsys.Open(name)
	}
	if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: &NotRegularError{Path: name, Kind: Kind(fi.Mode())}}
	}
	if b.root != nil {
		f, err := b.root.Open(p)
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return &boundedFile{File: f, r: io.LimitReader(f, MaxReadLimit+1)}, nil
	}
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = &NotRegularError{Path: name, Kind: Kind(fi.Mode())}
		}
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return &boundedFile{File: f, r: io.LimitReader(f, MaxReadLimit+1)}, nil
}

// boundedFile reads at most its limit.
type boundedFile struct {
	*os.File
	r io.Reader
}

func (f *boundedFile) Read(p []byte) (int, error) { return f.r.Read(p) }
