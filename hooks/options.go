package hooks

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
)

// Options are the settings every reporting command shares.
type Options struct {
	// Dir is the directory the command runs in ("" = current directory).
	Dir string
	// ConfigPath is an explicit --config file; "" looks for config.Name at
	// the repository root.
	ConfigPath string
	// Only restricts the run to one family of rules ("" = all).
	Only validate.Family
	// Now is the current time (zero = time.Now()).
	Now time.Time
	// AcceptDecisions re-records the Decisions of the local REMNANT.md as
	// they stand (check --accept-decisions).
	AcceptDecisions bool
	// WriteIgnore appends the secret findings to the ignore file as a
	// baseline and leaves them out of the report (pre-commit, scan).
	WriteIgnore bool
	// History makes scan check every commit reachable from HEAD instead of
	// the working tree.
	History bool
	// Progress, when set, is told the commits done of the total during
	// scan --history.
	Progress func(done, total int)
	// AllRefs makes scan --history check the commits of every ref
	// (--all), not only those reachable from HEAD.
	AllRefs bool
	// Masker is the run's: what the command reports is masked with the
	// engine it judged with, and so is what cmd prints after it (nil: the
	// built-in rules).
	Masker *judge.Masker
}

func (o Options) now() time.Time {
	if o.Now.IsZero() {
		return time.Now()
	}
	return o.Now
}

func (o Options) runs(f validate.Family) bool { return o.Only == "" || o.Only == f }

// target is one file to check, or a MemoryCustodian memory directory: its
// path for display and on disk.
type target struct {
	display   string
	disk      string
	memoryDir bool
}

// findRoot walks up from dir to the directory holding .git (a directory,
// or a file in a linked worktree or submodule), or "" outside a repository.
func findRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// absDir is the directory a command runs in, absolute and with symbolic
// links resolved, as git names the top level: the memory files found from
// it are then inside the working tree by their names too, and are read
// through safefile.Root.
func absDir(dir string) (string, error) {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real, nil
	}
	return abs, nil
}

func loadConfig(opt Options, root string) (*config.Config, error) {
	if opt.ConfigPath != "" {
		return config.Load(opt.ConfigPath, true, allRules())
	}
	if root == "" {
		return config.Default(), nil
	}
	return config.Load(filepath.Join(root, config.Name), false, allRules())
}

// shownPath is how scan and check name a file: from root (the top of
// the repository, or the folder whose configuration judges the run) when
// it lies inside, the path the configuration's globs and the ignore file
// name it by, so that a run from a subfolder judges and prints it as one
// from the top; from dir, the folder the command runs in, otherwise.
func shownPath(dir, root, abs string) string {
	if rel, ok := relInside(root, abs); ok {
		return rel
	}
	return displayPath(dir, abs)
}

// relInside is abs as a slash path from root, when it lies inside root.
func relInside(root, abs string) (string, bool) {
	if root == "" {
		return "", false
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func displayPath(dir, abs string) string {
	if rel, err := filepath.Rel(dir, abs); err == nil {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}

// readStored reads a file of the working tree as git would store it: a
// symbolic link as the path it holds (git does not follow links), a
// regular file up to limit+1 bytes, anything else a *NotRegularError.
func readStored(path string, limit int64) ([]byte, error) {
	fi, err := os.Lstat(path)
	switch {
	case err != nil:
		return nil, err
	case fi.Mode()&os.ModeSymlink != 0:
		target, err := os.Readlink(path)
		return []byte(target), err
	case !fi.Mode().IsRegular():
		return nil, &safefile.NotRegularError{Path: path, Kind: safefile.Kind(fi.Mode())}
	}
	return safefile.ReadPrefix(path, limit)
}

// globPaths lists what a glob of the config's paths matches under the
// working tree top, as absolute paths. The glob is matched in the tree
// alone: a folder on the way that is a link out of it is not listed (the
// config cannot name what lies beside the repository) and matches
// nothing. A path without a wildcard is taken as written when something
// stands under its name, so that a link out is named as one.
func globPaths(top, pat string) ([]string, error) {
	pat = path.Clean(filepath.ToSlash(pat))
	if !hasMeta(pat) {
		p := filepath.Join(top, filepath.FromSlash(pat))
		if _, err := os.Lstat(p); err != nil {
			return nil, nil
		}
		return []string{p}, nil
	}
	rels, err := fs.Glob(safefile.NewConfinedFS(top, safefile.Root{Dir: top}), pat)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(rels))
	for i, r := range rels {
		out[i] = filepath.Join(top, filepath.FromSlash(r))
	}
	return out, nil
}

// hasMeta tells whether a glob holds a wildcard.
func hasMeta(pattern string) bool {
	return strings.ContainsAny(pattern, `*?[\`)
}

// rootFiles are the memory files check validates at the repository root
// when it is given no paths.
var rootFiles = []string{"REMNANT.md", "REMNANT.template.md", "AGENTS.md", "CLAUDE.md", "GEMINI.md"}

// unknownKindError is returned for a path whose name is not a memory file.
type unknownKindError struct{ Path string }

func (e *unknownKindError) Error() string {
	return fmt.Sprintf("%s: not a memory file (want REMNANT.md, REMNANT.template.md, AGENTS.md, CLAUDE.md or GEMINI.md, or a directory holding them)", e.Path)
}
