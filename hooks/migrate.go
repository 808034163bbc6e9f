package hooks

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
)

// Migration is what migrate did to a REMNANT.md: its content before and
// after, and whether it was written.
type Migration struct {
	Path, Display    string
	Before, After    []byte
	Changed, Written bool
}

// Migrate turns a schema v1 REMNANT.md into v2 (remnant.MigrateRemnant):
// path, or REMNANT.md at the top of the repository around opt.Dir (the
// directory itself outside one). It writes only when write is set, through
// a temporary file renamed over the original.
func Migrate(opt Options, path string, write bool) (*Migration, error) {
	m := &Migration{Path: path, Display: path}
	if path == "" {
		var err error
		if m.Path, m.Display, err = migratePath(opt.Dir); err != nil {
			return nil, err
		}
	}
	src, err := readMemoryFile(m.Path, safefile.MaxReadLimit)
	if errors.Is(err, safefile.ErrOutside) {
		return nil, fmt.Errorf("%s links out of the repository: it is not read", m.Display)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", m.Display, safefile.UnwrapPath(err))
	}
	out, changed, err := remnant.MigrateRemnant(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", m.Display, err)
	}
	m.Before, m.After, m.Changed = src, out, changed
	if !changed || !write {
		return m, nil
	}
	if err := safefile.WriteAtomic(m.Path, out); err != nil {
		return nil, fmt.Errorf("%s: %w", m.Display, err)
	}
	m.Written = true
	return m, nil
}

// migratePath is REMNANT.md at the top of the repository around dir (dir
// itself outside one).
func migratePath(dir string) (path, display string, err error) {
	repo, err := openRepo(dir)
	if err != nil {
		return "", "", err
	}
	if repo == nil {
		return filepath.Join(dir, "REMNANT.md"), "REMNANT.md", nil
	}
	defer repo.Close()
	path = filepath.Join(repo.TopLevel, "REMNANT.md")
	display = "REMNANT.md"
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, path); err == nil {
			display = filepath.ToSlash(rel)
		}
	}
	return path, display, nil
}
