package gitutil

import (
	"os"
	"path/filepath"
	"strings"
)

// discover finds the repository around dir the way git does in the common
// cases, reading a few small files instead of running `git rev-parse`: a
// hook pays for every process it starts. It returns ok=false, and the
// caller asks git, whenever anything could make git's answer differ:
// variables that steer discovery or configuration, core.worktree,
// core.bare, config includes, reftable, a symbolic-ref chain, a HEAD it
// cannot read, or a repository another user owns. The Repo it returns has
// no HooksDir (global config may set core.hooksPath); it serves reading
// the commit being made.
func discover(dir string, env []string) (r *Repo, ok bool) {
	for _, name := range []string{"GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM",
		"GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
		"GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG", "GIT_NAMESPACE",
		"GIT_IMPLICIT_WORK_TREE", "GIT_TEST_ASSUME_DIFFERENT_OWNER"} {
		if envValue(env, name) != "" {
			return nil, false
		}
	}
	gitDir, top, ok := findGitDir(dir, env)
	if !ok || envValue(env, "GIT_DIR") == "" && !ownedByCurrentUser(env, top, filepath.Join(top, ".git"), gitDir) {
		// git refuses a repository it found that another user owns
		// (safe.directory): its configuration may run commands.
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
		r.IndexFile = absFrom(top, idx) // git reads a relative one from the top
	}
	if prefix = filepath.ToSlash(prefix); prefix != "." {
		r.Prefix = prefix + "/"
	}
	if born {
		r.headShort, r.headHash = head[:7], head
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
		case looksLikeGitDir(d):
			// git takes a directory holding HEAD, objects and refs for a
			// git directory itself (a bare repository, or inside .git).
			return "", "", false
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", "", false
		}
		d = parent
	}
}

// looksLikeGitDir tells a directory git would take for a git directory:
// it holds HEAD, objects and refs (git checks them more closely; any
// likeness is left to git).
func looksLikeGitDir(d string) bool {
	for _, name := range []string{"HEAD", "objects", "refs"} {
		if _, err := os.Lstat(filepath.Join(d, name)); err != nil {
			return false
		}
	}
	return true
}

// readRepoConfig reads the repository's object format from its config
// (parsed by parseGitConfig, which refuses what it does not read as git
// does) and refuses configurations whose effect only git can tell.
func readRepoConfig(commonDir, gitDir string) (format string, ok bool) {
	cfg, ok := loadConfig(filepath.Join(commonDir, "config"))
	if !ok || !plainConfig(cfg) {
		return "", false
	}
	format, ok = repoFormat(cfg)
	if !ok {
		return "", false
	}
	if cfg.isTrue("extensions", "worktreeconfig") {
		wt, ok := loadConfig(filepath.Join(gitDir, "config.worktree"))
		if !ok || !plainConfig(wt) {
			return "", false
		}
	}
	return format, format == "sha1" || format == "sha256"
}

// repoFormat reads core.repositoryformatversion and the extensions as
// git's setup does, and refuses what git would refuse or read in a way
// the fast path does not follow: a version other than 0 or 1, an
// extension other than objectFormat (version 1 only, "sha1" or "sha256"
// exactly as git spells them) and worktreeConfig.
func repoFormat(cfg *gitConfig) (format string, ok bool) {
	version := "0"
	if e, found := cfg.last("core", "repositoryformatversion"); found {
		version = e.value
	}
	if version != "0" && version != "1" {
		return "", false
	}
	format = "sha1"
	for _, e := range cfg.entries {
		if e.section != "extensions" || e.subsection != "" {
			continue
		}
		switch e.key {
		case "worktreeconfig":
		case "objectformat":
			if version != "1" || !e.hasValue {
				return "", false
			}
			format = e.value
		default:
			return "", false
		}
	}
	return format, format == "sha1" || format == "sha256"
}

// loadConfig reads a git config file; a missing file is an empty config.
func loadConfig(name string) (*gitConfig, bool) {
	data, err := os.ReadFile(name)
	if err != nil {
		return &gitConfig{}, os.IsNotExist(err)
	}
	return parseGitConfig(data)
}

// plainConfig tells a config that neither moves the working tree, nor
// makes the repository bare, nor pulls in other files.
func plainConfig(cfg *gitConfig) bool {
	if _, ok := cfg.last("core", "worktree"); ok || cfg.isTrue("core", "bare") {
		return false
	}
	return !cfg.hasSection("include") && !cfg.hasSection("includeif")
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

// OpenFast is Open for a caller that reads the working tree and objects
// but installs nothing: it finds the repository without a git process
// where discover can (the Repo has no HooksDir then), and asks git
// otherwise.
func OpenFast(dir string) (*Repo, error) {
	abs, env, r, ok, err := openDiscovered(dir)
	if err != nil || ok {
		return r, err
	}
	return OpenEnv(abs, env)
}

// openDiscovered runs discover on dir ("" is the current directory) in
// the process environment and finishes the Repo it finds (prefix, the
// environment of its git commands). ok is false when git must be asked;
// abs and env are what to ask it with.
func openDiscovered(dir string) (abs string, env []string, r *Repo, ok bool, err error) {
	if dir == "" {
		dir = "."
	}
	if abs, err = filepath.Abs(dir); err != nil {
		return "", nil, nil, false, err
	}
	env = os.Environ()
	if r, ok = discover(abs, env); !ok {
		return abs, env, nil, false, nil
	}
	r.env = commandEnv(env, r)
	return abs, env, r, true, nil
}
