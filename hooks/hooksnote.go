package hooks

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// hooksNoteName is the record, in the clone's git directory (shared by its
// worktrees), that the note on missing hooks has been said.
const hooksNoteName = "remnant-guard/hooks-note"

// HooksNote is the line check says, once per clone, when the repository
// uses remnant-guard and this clone runs no pre-commit hook: in a fresh
// clone nothing checks a commit until someone installs the hooks. It says
// how to install them the way the repository does (the pre-commit
// framework, lefthook, husky, or remnant-guard install). It is "" when
// there is nothing to say, outside a repository, or when it was said
// before in this clone; saying it is recorded under the git directory (a
// record that cannot be written lets it be said again).
func HooksNote(dir string) string {
	repo, err := gitutil.Open(dir)
	if err != nil || repo.Bare || repo.HooksDir == "" {
		return ""
	}
	defer repo.Close()
	how := installedBy(repo.TopLevel)
	if how == "" || hookPresent(filepath.Join(repo.HooksDir, "pre-commit")) {
		return ""
	}
	root := safefile.Root{Dir: repo.CommonDir}
	record := filepath.Join(repo.CommonDir, hooksNoteName)
	if _, err := root.Stat(record); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	if root.MkdirAll(filepath.Dir(record), 0o755) == nil {
		root.Replace(record, []byte("# remnant-guard: the note that this clone has no pre-commit hook was said\n"), 0o600)
	}
	return "commits in this clone are not checked: no pre-commit hook is installed; run '" + how +
		"' (this note is said once per clone)"
}

// installedBy tells how the repository at top has its hooks installed
// when it uses remnant-guard: the command that installs them, or "" when
// nothing says the repository uses remnant-guard.
func installedBy(top string) string {
	root := safefile.Root{Dir: top}
	names := func(path string) bool {
		data, err := root.ReadFile(filepath.Join(top, path), safefile.MaxSideFileSize)
		return err == nil && bytes.Contains(data, []byte("remnant-guard"))
	}
	exists := func(path string) bool {
		_, err := root.Stat(filepath.Join(top, path))
		return err == nil
	}
	switch {
	case names(".pre-commit-config.yaml") || names(".pre-commit-config.yml"):
		return "pre-commit install"
	case names("lefthook.yml") || names("lefthook.yaml") || names(".lefthook.yml") || names(".lefthook.yaml"):
		return "lefthook install"
	case names(filepath.Join(".husky", "pre-commit")):
		return "npm install"
	case exists(config.Name) || exists("REMNANT.template.md") || exists(filepath.Join("docs", "memory")):
		return "remnant-guard install"
	}
	return ""
}

// hookPresent tells whether git would run the hook at path: a file that,
// outside Windows, is executable.
func hookPresent(path string) bool {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	return runtime.GOOS == "windows" || fi.Mode()&0o111 != 0
}
