package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// Bounds on what is read into memory. Every file remnant-guard opens in
// the working tree goes through ReadFile with one of them (or a limit
// from the config, which is validated to be at most MaxReadLimit).
const (
	// MaxReadLimit is the largest size limit the config may set
	// (secrets.max_file_size, whose default it is): above it a file is
	// reported as too large without being read. Scanning a file of this
	// size beside a memory file at its own largest limit peaks under 64 MiB.
	MaxReadLimit = 10 << 20
	// MaxMemoryFileLimit is the largest limits.max_file_size: a memory file
	// is parsed as Markdown, which takes several times its size.
	MaxMemoryFileLimit = 4 << 20
	// MaxConfigSize bounds .remnant-guard.toml and an imported gitleaks
	// config.
	MaxConfigSize = 1 << 20
	// MaxSideFileSize bounds .remnant-guard-ignore, .gitignore, the
	// decisions record and the AGENTS.md read beside a pointer file.
	MaxSideFileSize = 4 << 20
	// MaxCIFileLimit is the largest [ci] max_file_size: what one commit
	// adds to one file in the history checks, streamed as git prints it.
	MaxCIFileLimit = 1 << 30
)

// NotRegularError is a file that is not a regular file: a directory, a
// FIFO, a socket, a device or a symbolic link loop. remnant-guard never
// opens one for reading in a way that could block.
type NotRegularError struct {
	Path string
	Kind string // "directory", "FIFO", "socket", "device", "symbolic link loop", ...
}

// ErrNotRegular matches every *NotRegularError (errors.Is), for callers
// that only need to know the file could not be read as content.
var ErrNotRegular = errors.New("not a regular file")

// Is makes errors.Is(err, ErrNotRegular) hold.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

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

// Kind names the kind of a file that is not regular.
func Kind(m fs.FileMode) string {
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

// StatRegular follows symbolic links and tells whether path is a regular
// file, without opening it. A link loop or a link that points at a
// directory, a FIFO or a device is a *NotRegularError.
func StatRegular(path string) (fs.FileInfo, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, syscall.ELOOP) {
		return nil, &NotRegularError{Path: path, Kind: "symbolic link loop"}
	}
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Kind: Kind(fi.Mode())}
	}
	return fi, nil
}

// ReadPrefix reads a regular file, following symbolic links, and returns
// at most limit+1 bytes of it: a caller that gets more than limit bytes
// knows the file is over its limit without it having been read whole. A
// file that is not regular is a *NotRegularError; the file is opened
// without blocking, so a FIFO put in place between the check and the open
// is caught by the second check rather than waiting for a writer.
func ReadPrefix(path string, limit int64) ([]byte, error) {
	if _, err := StatRegular(path); err != nil {
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
		return nil, &NotRegularError{Path: path, Kind: Kind(fi.Mode())}
	}
	limit = min(max(limit, 0), MaxReadLimit)
	buf := bytes.NewBuffer(make([]byte, 0, min(fi.Size(), limit)+1))
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ReadFile reads a whole regular file of at most limit bytes; a larger
// one is a *TooLargeError and is not read past its limit.
func ReadFile(path string, limit int64) ([]byte, error) {
	limit = min(max(limit, 0), MaxReadLimit) // as ReadPrefix bounds it
	data, err := ReadPrefix(path, limit)
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

// ReadOptional is ReadFile for a file that may be absent: nil data and
// no error when it does not exist.
func ReadOptional(path string, limit int64) ([]byte, error) {
	data, err := ReadFile(path, limit)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// UnreadableReason is the skip reason for a file that could not be read.
func UnreadableReason(err error) string {
	var nr *NotRegularError
	if errors.As(err, &nr) {
		return "unreadable: not a regular file (" + nr.Kind + ")"
	}
	return "unreadable: " + UnwrapPath(err).Error()
}
