package gitutil

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// ConfigPath returns a path-valued config key as git reads it (~ expanded;
// a relative value is left relative); ok is false when it is not set.
func (r *Repo) ConfigPath(key string) (string, bool, error) {
	out, err := r.run("config", "--type=path", "--get", key)
	var ce *CommandError
	var ee *exec.ExitError
	if errors.As(err, &ce) && errors.As(ce.Err, &ee) && ee.ExitCode() == 1 {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return strings.TrimSuffix(string(out), "\n"), true, nil
}

// WorktreeTops lists the top folder of every worktree of the repository
// that exists on disk, the main one first (a bare main repository has
// none).
func (r *Repo) WorktreeTops() ([]string, error) {
	out, err := r.run("worktree", "list", "--porcelain", "-z")
	if err != nil {
		return nil, err
	}
	var tops []string
	bare := false
	cur := ""
	for _, field := range strings.Split(string(out), "\x00") {
		switch {
		case strings.HasPrefix(field, "worktree "):
			cur, bare = strings.TrimPrefix(field, "worktree "), false
		case field == "bare":
			bare = true
		case field == "" && cur != "":
			if fi, err := os.Stat(cur); err == nil && fi.IsDir() && !bare {
				tops = append(tops, filepath.Clean(cur))
			}
			cur = ""
		}
	}
	return tops, nil
}
