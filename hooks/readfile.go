package hooks

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/validate"
)

// Bounds on what is read into memory. Every file remnant-guard opens in
// the working tree goes through readFile with one of them (or a limit
// from the config, which is validated to be at most maxReadLimit).
const (
	// maxReadLimit is the largest size limit the config may set
	// (secrets.max_file_size, whose default it is): above it a file is
	// reported as too large without being read. Scanning a file of this
	// size beside a memory file at its own largest limit peaks under 64 MiB.
	maxReadLimit = 10 << 20
	// maxMemoryFileLimit is the largest limits.max_file_size: a memory file
	// is parsed as Markdown, which takes several times its size.
	maxMemoryFileLimit = 4 << 20
	// maxConfigSize bounds .remnant-guard.toml and an imported gitleaks
	// config.
	maxConfigSize = 1 << 20
	// maxSideFileSize bounds .remnant-guard-ignore, .gitignore, the
	// decisions record and the AGENTS.md read beside a pointer file.
	maxSideFileSize = 4 << 20
	// maxCIFileLimit is the largest [ci] max_file_size: what one commit
	// adds to one file in the history checks, streamed as git prints it.
	maxCIFileLimit = 1 << 30
)

// NotRegularError is a file that is not a regular file: a directory, a
// FIFO, a socket, a device or a symbolic link loop. remnant-guard never
// opens one for reading in a way that could block.
type NotRegularError struct {
	Path string
	Kind string // "directory", "FIFO", "socket", "device", "symbolic link loop", ...
}

// errNotRegular matches every *NotRegularError (errors.Is), for callers
// that only need to know the file could not be read as content.
var errNotRegular = errors.New("not a regular file")

// Is makes errors.Is(err, errNotRegular) hold.
func (e *NotRegularError) Is(target error) bool { return target == errNotRegular }

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s: is a %s, not a regular file", e.Path, e.Kind)
}

// TooLargeError is a file over the size it may have.
type TooLargeError struct {
	Path        string
	Size, Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: is %d bytes, over the limit of %d bytes", e.Path, e.Size, e.Limit)
}

// fileKind names the kind of a file that is not regular.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m&fs.ModeNamedPipe != 0:
		return "FIFO"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	}
	return "irregular file"
}

// statRegular follows symbolic links and tells whether path is a regular
// file, without opening it. A link loop or a link that points at a
// directory, a FIFO or a device is a *NotRegularError.
func statRegular(path string) (fs.FileInfo, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, syscall.ELOOP) {
		return nil, &NotRegularError{Path: path, Kind: "symbolic link loop"}
	}
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Kind: fileKind(fi.Mode())}
	}
	return fi, nil
}

// readPrefix reads a regular file, following symbolic links, and returns
// at most limit+1 bytes of it: a caller that gets more than limit bytes
// knows the file is over its limit without it having been read whole. A
// file that is not regular is a *NotRegularError; the file is opened
// without blocking, so a FIFO put in place between the check and the open
// is caught by the second check rather than waiting for a writer.
func readPrefix(path string, limit int64) ([]byte, error) {
	if _, err := statRegular(path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) {
			return nil, &NotRegularError{Path: path, Kind: "symbolic link loop"}
		}
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Kind: fileKind(fi.Mode())}
	}
	limit = min(max(limit, 0), maxReadLimit)
	buf := bytes.NewBuffer(make([]byte, 0, min(fi.Size(), limit)+1))
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// readFile reads a whole regular file of at most limit bytes; a larger
// one is a *TooLargeError and is not read past its limit.
func readFile(path string, limit int64) ([]byte, error) {
	limit = min(max(limit, 0), maxReadLimit) // as readPrefix bounds it
	data, err := readPrefix(path, limit)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		size := int64(len(data))
		if fi, err := os.Stat(path); err == nil {
			size = fi.Size()
		}
		return nil, &TooLargeError{Path: path, Size: size, Limit: limit}
	}
	return data, nil
}

// readOptional is readFile for a file that may be absent: nil data and
// no error when it does not exist.
func readOptional(path string, limit int64) ([]byte, error) {
	data, err := readFile(path, limit)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// unreadableReason is the skip reason for a file that could not be read.
func unreadableReason(err error) string {
	var nr *NotRegularError
	if errors.As(err, &nr) {
		return "unreadable: not a regular file (" + nr.Kind + ")"
	}
	return "unreadable: " + unwrapPath(err).Error()
}

// readSideFile reads .remnant-guard-ignore or a gitleaks config from the
// working tree: nil when it does not exist or is not a regular file (the
// config's problems report the latter), an error when it is too large.
func readSideFile(path string) ([]byte, error) {
	data, err := readOptional(path, maxSideFileSize)
	if errors.As(err, new(*NotRegularError)) {
		return nil, nil
	}
	return data, err
}

// sideFileProblems reports the files beside the config at root that are
// there but are not regular files: they are left unread.
func sideFileProblems(root string, c *Config) []validate.Finding {
	names := []string{IgnoreName, ".gitleaks.toml"}
	if c.Secrets.GitleaksConfig != "" {
		names[1] = filepath.FromSlash(c.Secrets.GitleaksConfig)
	}
	var out []validate.Finding
	for _, name := range names {
		p := filepath.Join(root, name)
		if _, err := os.Lstat(p); err != nil {
			continue
		}
		if _, err := statRegular(p); err != nil {
			if f, ok := notRegularFinding(err, filepath.ToSlash(name)); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

// ignoreFilesReadable checks the files git reads for its ignore rules
// before running a git command that reads them (status, ls-files
// --others): git blocks on a FIFO there and reads a device without end,
// so one that is not a regular file is an error naming it.
func ignoreFilesReadable(repo *gitutil.Repo) error {
	for _, p := range []string{filepath.Join(repo.TopLevel, ".gitignore"), repo.GitPath("info/exclude")} {
		if _, err := os.Lstat(p); err != nil {
			continue
		}
		if _, err := statRegular(p); errors.As(err, new(*NotRegularError)) {
			return fmt.Errorf("%w: git blocks reading it; replace it with a regular file", err)
		}
	}
	return nil
}
