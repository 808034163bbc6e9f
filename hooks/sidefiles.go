package hooks

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

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
