package gitutil

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Repo is a repository located by Open. Its exported fields are absolute,
// cleaned paths; they already honour GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE
// and core.hooksPath. A Repo is safe for concurrent use.
type Repo struct {
	TopLevel  string // top of the working tree
	GitDir    string // $GIT_DIR: per-worktree git directory
	CommonDir string // $GIT_COMMON_DIR: shared by all worktrees
	IndexFile string // the index being committed ($GIT_INDEX_FILE or GitDir/index)
	HooksDir  string // where git looks for hooks (core.hooksPath honoured)
	// Prefix is the working directory relative to TopLevel, slash-terminated,
	// "" at the top: what relative paths given by the user are relative to.
	// A hook runs at the top whatever GIT_PREFIX says, and the names git
	// or a hook manager passes it are relative to the top.
	Prefix       string
	Bare         bool
	ObjectFormat string // "sha1" or "sha256"

	env       []string // environment of every git command run for the repo
	headShort string   // abbreviated HEAD hash; "" when HEAD is unborn
	headHash  string   // full HEAD hash when discover read it without git, else ""

	early      chan earlyResult // diff-index started by OpenStaged, or nil
	index      *indexFile       // index read by OpenStaged for the in-process diff, or nil
	indexErr   error            // the index is damaged or unreadable (OpenStaged), or nil
	sorted     *indexFile       // the index the in-process diff read, mapped, kept for lookups (guarded by mu)
	stagedOnce sync.Once
	staged     []Change
	stagedErr  error
	// stagedGitlinks: the submodule entries the staged changes add
	stagedGitlinks []string

	ignoreMu sync.Mutex // guards ignore, apart from mu: loading it runs git config

	mu     sync.Mutex
	batch  *batch          // lazily started `git cat-file --batch`
	odb    *odbState       // in-process object reader (odb.go), prepared once
	trees  map[string]tree // tree objects read so far, by hash
	head   *headState      // HEAD commit, read once
	ignore *ignoreState    // ignore rules, loaded once
}

// Open locates the repository containing dir ("" means the current
// directory) the way git would, honouring the process environment.
func Open(dir string) (*Repo, error) {
	return OpenEnv(dir, os.Environ())
}

// OpenEnv is Open with an explicit environment in place of os.Environ().
func OpenEnv(dir string, env []string) (*Repo, error) {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	r, err := locate(abs, env)
	if err != nil {
		return nil, err
	}
	r.env = commandEnv(env, r)
	return r, nil
}

// Close stops the git processes the Repo started. The Repo may be used
// again afterwards; processes are restarted on demand.
func (r *Repo) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.odb != nil {
		r.odb.close()
		r.odb = nil
	}
	if r.sorted != nil {
		r.sorted.close()
		r.sorted = nil
	}
	if r.index != nil {
		r.index.close()
		r.index = nil
	}
	if r.batch == nil {
		return nil
	}
	err := r.batch.close()
	r.batch = nil
	return err
}

// commonNames are the $GIT_DIR entries that live in the common directory in a
// linked worktree (git's path.c common_list); perWorktreeNames are exceptions
// below them.
var (
	commonNames = []string{"branches", "common", "config", "description",
		"hooks", "info", "logs", "lost-found", "objects", "packed-refs",
		"refs", "remotes", "rr-cache", "shallow", "svn", "worktrees"}
	perWorktreeNames = []string{"info/sparse-checkout", "logs/HEAD",
		"logs/refs/bisect", "refs/bisect", "refs/rewritten", "refs/worktree"}
)

// GitPath returns the absolute path git uses for name inside the git
// directory, like `git rev-parse --git-path name`: shared entries (config,
// objects, refs, info, ...) resolve in CommonDir, everything else, such as a
// tool's own state directory, in the per-worktree GitDir. "index" and
// "hooks" resolve to IndexFile and HooksDir.
func (r *Repo) GitPath(name string) string {
	name = strings.Trim(filepath.ToSlash(name), "/")
	switch name {
	case "index":
		return r.IndexFile
	case "hooks":
		return r.HooksDir
	}
	if isCommonPath(name) {
		return filepath.Join(r.CommonDir, filepath.FromSlash(name))
	}
	return filepath.Join(r.GitDir, filepath.FromSlash(name))
}

func isCommonPath(name string) bool {
	for _, p := range perWorktreeNames {
		if name == p || strings.HasPrefix(name, p+"/") {
			return false
		}
	}
	first, _, _ := strings.Cut(name, "/")
	return slices.Contains(commonNames, first)
}
