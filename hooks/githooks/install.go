package githooks

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// defaultHooks are the hooks install writes when none are named: a plain
// commit, a merge commit (`git merge` runs pre-merge-commit instead), and
// a patch applied by `git am` (pre-applypatch).
var defaultHooks = []string{"pre-commit", "pre-merge-commit", "pre-applypatch"}

// hookCommands maps a hook to the remnant-guard command it runs.
var hookCommands = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"pre-commit":       "pre-commit",
		"pre-merge-commit": "pre-commit",
		"pre-applypatch":   "pre-commit",
		"pre-push":         "pre-push",
	}
})

// allHooks are the hooks uninstall looks at by default.
var allHooks = []string{"pre-commit", "pre-merge-commit", "pre-applypatch", "pre-push"}

// ManagerError says that a hook manager owns the hooks, with the snippet to
// add to that manager's configuration instead.
type ManagerError struct {
	Manager, Dir, Snippet string
	Why                   string // how the manager was told
	// Configured is the manager's file that already names remnant-guard
	// ("" when none does): then there is nothing to add, and InstallHint
	// says how the manager's own hooks are installed in this clone.
	Configured  string
	InstallHint string
}

func (e *ManagerError) Error() string {
	if e.Configured != "" {
		return fmt.Sprintf("%s: %s already runs remnant-guard (%s names it); nothing to install", e.Why, e.Manager, e.Configured)
	}
	return fmt.Sprintf("%s: add remnant-guard to %s instead (or install --force)", e.Why, e.Manager)
}

// InstallOptions say which hooks to write and where the binary is.
type InstallOptions struct {
	Dir    string
	Hooks  []string
	Force  bool
	Binary string // absolute path of the remnant-guard binary
}

// Install writes remnant-guard's hooks where git runs them, in every
// worktree's hooks folder when a relative core.hooksPath gives each its
// own, and returns one line per hook saying what it did.
func Install(opt InstallOptions) ([]string, error) {
	repo, err := gitutil.Open(opt.Dir)
	if err != nil {
		return nil, gitutil.Explain(err)
	}
	defer repo.Close()
	names, err := hookNames(opt.Hooks)
	if err != nil {
		return nil, err
	}
	dirs, err := hookDirs(repo)
	if err != nil {
		return nil, err
	}
	var done []string
	for _, dir := range dirs {
		if m := managerOf(repo, dir, names); m != nil && !opt.Force {
			return done, m
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return done, err
		}
		msgs, err := withLock(dir, func() ([]string, error) {
			var out []string
			for _, name := range names {
				msg, err := installHook(dir, name, opt.Binary, opt.Force)
				if err != nil {
					return out, err
				}
				out = append(out, msg)
			}
			return out, nil
		})
		done = append(done, msgs...)
		if err != nil {
			return done, err
		}
	}
	return done, nil
}

func hookNames(names []string) ([]string, error) {
	if len(names) == 0 {
		return defaultHooks, nil
	}
	for _, n := range names {
		if _, ok := hookCommands()[n]; !ok {
			return nil, fmt.Errorf("unknown hook %q (want pre-commit, pre-merge-commit, pre-applypatch or pre-push)", n)
		}
	}
	return names, nil
}

// managerOf tells whether a hook manager owns dir: husky's folder, a
// folder with a lefthook config at the top, a lefthook or pre-commit
// framework hook already in place of one of ours, or a pre-commit
// framework config at the top that names remnant-guard (the framework
// would run it a second time). It says which of the manager's files
// already names remnant-guard, if one does.
func managerOf(repo *gitutil.Repo, dir string, names []string) *ManagerError {
	slash := filepath.ToSlash(dir)
	top := repo.TopLevel
	lefthook := func(why string) *ManagerError {
		return &ManagerError{Manager: "lefthook", Dir: dir, Why: why, InstallHint: "lefthook install",
			Configured: namingFile(top, lefthookConfigs...),
			Snippet:    "# lefthook.yml\npre-commit:\n  commands:\n    remnant-guard:\n      run: remnant-guard pre-commit\n"}
	}
	framework := func(why string) *ManagerError {
		return &ManagerError{Manager: "the pre-commit framework", Dir: dir, Why: why, InstallHint: "pre-commit install",
			Configured: namingFile(top, preCommitConfig),
			Snippet: "# .pre-commit-config.yaml\nrepos:\n  - repo: https://github.com/remnant-guard/remnant-guard\n" +
				"    rev: <a release tag or commit>\n    hooks:\n      - id: remnant-guard\n"}
	}
	if slash != filepath.ToSlash(filepath.Join(repo.CommonDir, "hooks")) {
		switch {
		case strings.Contains(slash, "/.husky"):
			var userHooks []string
			for _, name := range names {
				userHooks = append(userHooks, filepath.Join(".husky", name))
			}
			return &ManagerError{Manager: "husky", Dir: dir, Why: fmt.Sprintf("core.hooksPath points at husky's folder %s", dir),
				Configured: namingFile(top, userHooks...), InstallHint: "npm install",
				Snippet: "# .husky/pre-commit\nremnant-guard pre-commit\n"}
		case hasLefthookConfig(top):
			return lefthook(fmt.Sprintf("core.hooksPath points at %s and the repository has a lefthook config", dir))
		}
	}
	for _, name := range names {
		p := filepath.Join(dir, name)
		data, err := safefile.ReadFile(p, safefile.MaxSideFileSize)
		if err != nil || classify(data) != hookForeign {
			continue
		}
		lower := bytes.ToLower(data)
		switch {
		case bytes.Contains(lower, []byte("lefthook")):
			return lefthook(fmt.Sprintf("%s is lefthook's hook", p))
		case preCommitFrameworkHook(lower):
			return framework(fmt.Sprintf("%s is the pre-commit framework's hook", p))
		}
	}
	if f := namingFile(top, preCommitConfig); f != "" {
		return framework("the repository has a pre-commit framework config")
	}
	return nil
}

// preCommitConfig is the pre-commit framework's config file.
const preCommitConfig = ".pre-commit-config.yaml"

// lefthookConfigs are the names lefthook reads its config from.
var lefthookConfigs = []string{"lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml"}

// preCommitFrameworkHook tells the hook `pre-commit install` writes (its
// header and the marker it recognises its own hooks by), lower-cased.
func preCommitFrameworkHook(lower []byte) bool {
	return bytes.Contains(lower, []byte("file generated by pre-commit")) ||
		bytes.Contains(lower, []byte("138fd403232d2ddd5efb44317e38bf03"))
}

// namingFile is the first of the files (relative to top) that names
// remnant-guard, or "".
func namingFile(top string, names ...string) string {
	root := safefile.Root{Dir: top}
	for _, name := range names {
		p := filepath.Join(top, name)
		if data, err := root.ReadFile(p, safefile.MaxSideFileSize); err == nil && bytes.Contains(data, []byte("remnant-guard")) {
			return name
		}
	}
	return ""
}

func hasLefthookConfig(top string) bool {
	for _, name := range lefthookConfigs {
		if _, err := os.Stat(filepath.Join(top, name)); err == nil {
			return true
		}
	}
	return false
}

// Uninstall removes remnant-guard's hooks and restores the hooks they
// chained, byte for byte. A hook of ours edited by hand is left alone
// unless force is set; then it is kept as a backup.
func Uninstall(dir string, names []string, force bool) ([]string, error) {
	repo, err := gitutil.Open(dir)
	if err != nil {
		return nil, gitutil.Explain(err)
	}
	defer repo.Close()
	if len(names) == 0 {
		names = allHooks
	}
	if _, err := hookNames(names); err != nil {
		return nil, err
	}
	dirs, err := hookDirs(repo)
	if err != nil {
		return nil, err
	}
	var done []string
	for _, d := range dirs {
		if _, err := os.Stat(d); err != nil {
			continue
		}
		msgs, err := withLock(d, func() ([]string, error) {
			var out []string
			for _, name := range names {
				msg, err := uninstallHook(d, name, force)
				if err != nil {
					return out, err
				}
				if msg != "" {
					out = append(out, msg)
				}
			}
			return out, nil
		})
		done = append(done, msgs...)
		if err != nil {
			return done, err
		}
	}
	return done, nil
}
