package githooks

import (
	"path/filepath"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
)

// hookDirs lists the folders git runs this repository's hooks from. A
// relative core.hooksPath is resolved by git from each worktree's own top,
// so each linked worktree has a hooks folder of its own: all are listed,
// the current worktree's first.
func hookDirs(repo *gitutil.Repo) ([]string, error) {
	dirs := []string{repo.HooksDir}
	hp, ok, err := repo.ConfigPath("core.hooksPath")
	if err != nil || !ok || filepath.IsAbs(hp) || strings.HasPrefix(hp, "~") {
		return dirs, err
	}
	tops, err := repo.WorktreeTops()
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{filepath.Clean(repo.HooksDir): true}
	for _, top := range tops {
		d := filepath.Clean(filepath.Join(top, hp))
		if !seen[d] {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	return dirs, nil
}
