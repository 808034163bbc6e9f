package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
)

// linksOutRule is the rule for a memory file that is, or is reached
// through, a symbolic link leading out of the repository.
const linksOutRule = "file-links-outside"

// readMemory reads a memory file of the working tree at top: through a
// safefile.Root, so that a link out of the repository is an
// *safefile.OutsideError and nothing outside is read. Outside a repository
// (top ""), or for a file the user named outside it, the file is read
// where it is.
func readMemory(top, path string, limit int64) ([]byte, error) {
	if r := (safefile.Root{Dir: top}); top != "" && r.Contains(path) {
		return r.ReadPrefix(path, limit)
	}
	return safefile.ReadPrefix(path, limit)
}

// unreadFinding turns the error of a memory file left unread into the
// finding that names it: not a regular file, or a link out of the
// repository. ok is false for any other error.
func unreadFinding(err error, display string) (validate.Finding, bool) {
	if errors.Is(err, safefile.ErrOutside) {
		return linksOutFinding(display), true
	}
	return config.NotRegularFinding(err, display)
}

func linksOutFinding(display string) validate.Finding {
	return validate.Finding{
		RuleID: linksOutRule, Severity: validate.Error, Path: display,
		Message: fmt.Sprintf("%s links out of the repository: it is not read", display),
		Hint:    "replace the link with the file itself, or with a link to a file inside the repository",
	}
}

// storedMemory is what the memory rules judge of a memory file read as git
// stores it (stored, at abs): for a symbolic link, the file it names inside
// the repository, not the path it holds. A link out of the repository, or
// to something that is not a regular file, gives the finding that names it
// instead; a dangling link gives nothing to
func storedMemory(top, abs, display string, stored []byte, limit int64) ([]byte, *validate.Finding) {
	fi, err := os.Lstat(abs)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return stored, nil
	}
	src, err := readMemory(top, abs, limit)
	if err == nil {
		return src, nil
	}
	if f, ok := unreadFinding(err, display); ok {
		return nil, &f
	}
	return nil, nil
}

// readMemoryFile is safefile.ReadFile for a memory file named by its path:
// in a repository (found from the path's folder, as it is named), through
// the repository's Root, so that a link out of it is an
// *safefile.OutsideError.
func readMemoryFile(path string, limit int64) ([]byte, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	if top := findRoot(filepath.Dir(abs)); top != "" {
		return safefile.Root{Dir: top}.ReadFile(abs, limit)
	}
	return safefile.ReadFile(path, limit)
}
