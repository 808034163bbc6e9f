package gitutil

import (
	"errors"
	"os"
	"path/filepath"
)

// OpenHistory is OpenFast for a caller that reads only history and
// objects (ci, pre-push, scan --history): it also opens a bare
// repository, whose Repo has Bare set, GitDir as its TopLevel (the
// directory git runs in) and no index.
func OpenHistory(dir string) (*Repo, error) {
	r, err := OpenFast(dir)
	if err == nil || !errors.Is(err, ErrBareRepository) {
		return r, err
	}
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	env := os.Environ()
	args := []string{"rev-parse", "--path-format=absolute", "--show-object-format", "--git-dir", "--git-common-dir"}
	out, err := runGit(abs, discoveryEnv(env), args...)
	if err != nil {
		return nil, err
	}
	lines := splitLines(out)
	if len(lines) != 3 || lines[0] != "sha1" && lines[0] != "sha256" {
		return nil, badOutput(args, "%d lines", len(lines))
	}
	r = &Repo{Bare: true, ObjectFormat: lines[0], GitDir: filepath.Clean(lines[1]), CommonDir: filepath.Clean(lines[2])}
	r.TopLevel = r.GitDir
	r.env = filterEnv(commandEnv(env, r), func(name string) bool {
		return name == "GIT_WORK_TREE" || name == "GIT_INDEX_FILE"
	})
	return r, nil
}
