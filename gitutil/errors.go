package gitutil

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNotRepository is returned by Open when the directory is not inside a git
// repository. The returned error wraps it with git's own explanation.
var ErrNotRepository = errors.New("not a git repository")

// ErrBareRepository is returned by Open for a repository without a working
// tree: there is nothing to commit from, so no hook can run there.
var ErrBareRepository = errors.New("bare repository (no working tree)")

// GitTooOldError reports a git executable older than this package needs.
type GitTooOldError struct {
	Have string // version found, as printed by `git version`, e.g. "2.25.1"
	Need string // minimum version, e.g. "2.31"
}

func (e *GitTooOldError) Error() string {
	return fmt.Sprintf("git %s is too old: version %s or newer is needed", e.Have, e.Need)
}

// CommandError is a git command that failed or printed output this package
// could not parse. Stderr holds a bounded excerpt of what git printed.
type CommandError struct {
	Args   []string // arguments after "git"
	Err    error    // exit status or parse problem
	Stderr string
}

func (e *CommandError) Error() string {
	msg := fmt.Sprintf("git %s: %v", strings.Join(e.Args, " "), e.Err)
	if s := lastLine(e.Stderr); s != "" {
		msg += ": " + s
	}
	return msg
}

func (e *CommandError) Unwrap() error { return e.Err }

// lastLine returns the last non-empty line of git's stderr, which is where
// git puts its "fatal:" message; earlier lines may be warnings or traces.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			if len(l) > 300 {
				l = l[:300] + "..."
			}
			return l
		}
	}
	return ""
}

// errParse marks output that did not have the shape git documents.
type parseError struct{ what string }

func (e *parseError) Error() string { return "unexpected output: " + e.what }
