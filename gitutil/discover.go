package gitutil

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// discover finds the repository around dir the way git does in the common
// cases, reading a few small files instead of running `git rev-parse`: a
// hook pays for every process it starts. It returns ok=false, and the
// caller asks git, whenever anything could make git's answer differ:
// variables that steer discovery or configuration, core.worktree,
// core.bare, config includes, reftable, a symbolic-ref chain, or a HEAD it
// cannot read. The Repo it returns has no HooksDir (global config may set
// core.hooksPath); it serves reading the commit being made.
func discover(dir string, env []string) (r *Repo, ok bool) {
	for _, name := range []string{"GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM",
		"GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
		"GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG", "GIT_NAMESPACE",
		"GIT_IMPLICIT_WORK_TREE"} {
		if envValue(env, name) != "" {
			return nil, false
		}
	}
	gitDir, top, ok := findGitDir(dir, env)
	if !ok {
		return nil, false
	}
	commonDir := gitDir
	if data, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		commonDir = absFrom(gitDir, strings.TrimSpace(string(data)))
	}
	format, ok := readRepoConfig(commonDir, gitDir)
	if !ok {
		return nil, false
	}
	head, born, ok := readHead(gitDir, commonDir)
	if !ok {
		return nil, false
	}
	prefix, err := filepath.Rel(top, dir)
	if err != nil || prefix == ".." || strings.HasPrefix(prefix, ".."+string(filepath.Separator)) {
		return nil, false
	}
	r = &Repo{TopLevel: top, GitDir: gitDir, CommonDir: commonDir,
		IndexFile: filepath.Join(gitDir, "index"), ObjectFormat: format}
	if idx := envValue(env, "GIT_INDEX_FILE"); idx != "" {
		r.IndexFile = absFrom(dir, idx)
	}
	if prefix = filepath.ToSlash(prefix); prefix != "." {
		r.Prefix = prefix + "/"
	}
	if born {
		r.headShort = head[:7]
	}
	return r, true
}

func absFrom(base, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

// findGitDir applies GIT_DIR and GIT_WORK_TREE, or walks up from dir to
// the first .git: a directory, or a file naming one ("gitdir: ...").
func findGitDir(dir string, env []string) (gitDir, top string, ok bool) {
	if gd := envValue(env, "GIT_DIR"); gd != "" {
		top = dir
		if wt := envValue(env, "GIT_WORK_TREE"); wt != "" {
			top = absFrom(dir, wt)
		}
		return absFrom(dir, gd), top, true
	}
	if envValue(env, "GIT_WORK_TREE") != "" {
		return "", "", false
	}
	for d := dir; ; {
		p := filepath.Join(d, ".git")
		fi, err := os.Lstat(p)
		switch {
		case err == nil && fi.IsDir():
			return p, d, true
		case err == nil && fi.Mode().IsRegular():
			data, err := os.ReadFile(p)
			gd, found := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir: ")
			if err != nil || !found {
				return "", "", false
			}
			return absFrom(d, gd), d, true
		case err == nil:
			return "", "", false
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", "", false
		}
		d = parent
	}
}

// readRepoConfig reads the repository's object format from its config and
// refuses configurations whose effect only git can tell.
func readRepoConfig(commonDir, gitDir string) (format string, ok bool) {
	format = "sha1"
	worktreeConfig := false
	ok = scanConfig(filepath.Join(commonDir, "config"), func(section, key, val string) bool {
		switch section + "." + key {
		case "extensions.objectformat":
			format = strings.ToLower(val)
		case "extensions.worktreeconfig":
			worktreeConfig = val == "" || strings.EqualFold(val, "true")
		case "extensions.refstorage", "core.worktree", "core.bare":
			return key == "bare" && strings.EqualFold(val, "false")
		}
		return section != "include" && !strings.HasPrefix(section, "includeif")
	})
	if ok && worktreeConfig {
		ok = scanConfig(filepath.Join(gitDir, "config.worktree"), func(section, key, val string) bool {
			return section+"."+key != "core.worktree" && section+"."+key != "core.bare" &&
				section != "include" && !strings.HasPrefix(section, "includeif")
		})
	}
	return format, ok && (format == "sha1" || format == "sha256")
}

// scanConfig calls keep for each key of a git config file (section and key
// lowercased, subsections dropped); keep returning false, or a line it
// cannot read, makes the result false. A missing file is fine.
func scanConfig(name string, keep func(section, key, val string) bool) bool {
	data, err := os.ReadFile(name)
	if err != nil {
		return os.IsNotExist(err)
	}
	section := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if line[0] == '[' {
			end := strings.IndexByte(line, ']')
			if end < 0 || strings.TrimSpace(line[end+1:]) != "" && !strings.HasPrefix(strings.TrimSpace(line[end+1:]), "#") {
				return false
			}
			name, _, _ := strings.Cut(line[1:end], " ")
			section = strings.ToLower(name)
			if !keep(section, "", "") {
				return false
			}
			continue
		}
		key, val, _ := strings.Cut(line, "=")
		if !keep(section, strings.ToLower(strings.TrimSpace(key)), strings.Trim(strings.TrimSpace(val), `"`)) {
			return false
		}
	}
	return sc.Err() == nil
}

// readHead resolves HEAD through loose refs and packed-refs. born is false
// on an unborn branch; ok is false when HEAD is anything else than a hash
// or a symbolic ref to a branch.
func readHead(gitDir, commonDir string) (hash string, born, ok bool) {
	data, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return "", false, false
	}
	head := strings.TrimSpace(string(data))
	ref, sym := strings.CutPrefix(head, "ref: ")
	if !sym {
		return head, isHex(head), isHex(head)
	}
	if !strings.HasPrefix(ref, "refs/") || strings.Contains(ref, "..") {
		return "", false, false
	}
	for _, d := range []string{gitDir, commonDir} {
		if data, err := os.ReadFile(filepath.Join(d, filepath.FromSlash(ref))); err == nil {
			h := strings.TrimSpace(string(data))
			return h, isHex(h), isHex(h)
		}
	}
	packed, err := os.ReadFile(filepath.Join(commonDir, "packed-refs"))
	if err != nil {
		return "", false, os.IsNotExist(err)
	}
	for _, line := range strings.Split(string(packed), "\n") {
		if h, name, found := strings.Cut(line, " "); found && name == ref && isHex(h) {
			return h, true, true
		}
	}
	return "", false, true
}

func isHex(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= s[i] && s[i] <= 'f') {
			return false
		}
	}
	return true
}
