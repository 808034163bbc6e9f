package hooks

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
)

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
		if _, err := safefile.StatRegular(p); err != nil {
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
		if _, err := safefile.StatRegular(p); errors.As(err, new(*safefile.NotRegularError)) {
			return fmt.Errorf("%w: git blocks reading it; replace it with a regular file", err)
		}
	}
	return nil
}
