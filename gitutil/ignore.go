package gitutil

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// ignoreState holds the ignore rules read so far.
type ignoreState struct {
	exclude []ignorePattern            // info/exclude
	dirs    map[string][]ignorePattern // .gitignore of each directory read, by dir
	// user returns the patterns of core.excludesFile, the lowest in
	// precedence: they are loaded (one git config process) only when no
	// other pattern decides.
	user func() ([]ignorePattern, error)
}

// Ignored reports whether git's ignore rules exclude path (relative to
// TopLevel, slash-separated; a trailing "/" asks about a directory), like
// `git check-ignore --no-index`: only the rules count, not whether the path
// is tracked (see Tracked). It reads core.excludesFile (default
// $XDG_CONFIG_HOME/git/ignore), $GIT_COMMON_DIR/info/exclude and the
// .gitignore files of the working tree from the top down to path's
// directory. As in git, nothing inside an excluded directory can be
// re-included, and a later or deeper pattern wins over an earlier one.
// Matching is case-sensitive (core.ignoreCase is not consulted).
func (r *Repo) Ignored(path string) (bool, error) {
	isDir := strings.HasSuffix(path, "/")
	path = cleanPath(path)
	if path == "" {
		return false, nil
	}
	if !isDir {
		fi, err := os.Lstat(filepath.Join(r.TopLevel, filepath.FromSlash(path)))
		isDir = err == nil && fi.IsDir()
	}
	r.ignoreMu.Lock()
	defer r.ignoreMu.Unlock()
	st, err := r.ignoreRules()
	if err != nil {
		return false, err
	}
	return st.ignored(r.TopLevel, path, isDir)
}

// ignored walks path's directories from the top like git's prep_exclude: an
// excluded directory excludes everything below it; otherwise its .gitignore
// is read and the next level is checked.
func (st *ignoreState) ignored(top, path string, isDir bool) (bool, error) {
	list := append([]ignorePattern(nil), st.exclude...)
	dir := ""
	parts := strings.Split(path, "/")
	for i, name := range parts {
		pats, err := st.dirPatterns(top, dir)
		if err != nil {
			return false, err
		}
		list = append(list, pats...)
		if dir == "" {
			dir = name
		} else {
			dir += "/" + name
		}
		last := i == len(parts)-1
		excluded, matched := lastMatch(list, dir, isDir || !last)
		if !matched {
			user, err := st.user()
			if err != nil {
				return false, err
			}
			excluded, _ = lastMatch(user, dir, isDir || !last)
		}
		if excluded || last {
			return excluded, nil
		}
	}
	return false, nil
}

// dirPatterns reads dir/.gitignore once. A missing file, or a symbolic link
// (git does not follow those), contributes nothing.
func (st *ignoreState) dirPatterns(top, dir string) ([]ignorePattern, error) {
	if p, ok := st.dirs[dir]; ok {
		return p, nil
	}
	name := filepath.Join(top, filepath.FromSlash(dir), ".gitignore")
	data, err := readRegular(name)
	if err != nil {
		return nil, err
	}
	p := parseIgnoreFile(data, dir)
	st.dirs[dir] = p
	return p, nil
}

// readRegular reads a regular file; a missing file or one of another kind
// reads as empty.
func readRegular(name string) ([]byte, error) {
	fi, err := os.Lstat(name)
	if err != nil || !fi.Mode().IsRegular() {
		if err != nil && !errors.Is(err, os.ErrNotExist) && !errors.Is(err, syscallNotDir) {
			return nil, err
		}
		return nil, nil
	}
	return os.ReadFile(name)
}

// ignoreRules loads the repository-wide rules once. The caller holds
// r.ignoreMu.
func (r *Repo) ignoreRules() (*ignoreState, error) {
	if r.ignore != nil {
		return r.ignore, nil
	}
	st := &ignoreState{dirs: map[string][]ignorePattern{}}
	data, err := readRegular(r.GitPath("info/exclude"))
	if err != nil {
		return nil, err
	}
	st.exclude = parseIgnoreFile(data, "")
	st.user = sync.OnceValues(func() ([]ignorePattern, error) {
		name, err := r.excludesFile()
		if err != nil || name == "" {
			return nil, err
		}
		data, err := readRegular(name)
		return parseIgnoreFile(data, ""), err
	})
	r.ignore = st
	return st, nil
}

// excludesFile resolves core.excludesFile through `git config`, which knows
// every config source (system, global, XDG, includes, GIT_CONFIG_* and -c);
// it does not read the index. Unset, git's default applies.
func (r *Repo) excludesFile() (string, error) {
	out, err := r.run("config", "--path", "--get", "core.excludesFile")
	var ce *CommandError
	if err != nil && asCommandError(err, &ce) && exitCode(ce) == 1 {
		return defaultExcludesFile(r.env), nil
	}
	if err != nil {
		return "", err
	}
	name := strings.TrimSuffix(string(out), "\n")
	if name != "" && !filepath.IsAbs(name) {
		name = filepath.Join(r.TopLevel, name)
	}
	return name, nil
}

// defaultExcludesFile is $XDG_CONFIG_HOME/git/ignore, or
// $HOME/.config/git/ignore when XDG_CONFIG_HOME is unset or empty.
func defaultExcludesFile(env []string) string {
	if x := envValue(env, "XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "git", "ignore")
	}
	if h := envValue(env, "HOME"); h != "" {
		return filepath.Join(h, ".config", "git", "ignore")
	}
	return ""
}
