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
}

func (e *ManagerError) Error() string {
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
// folder with a lefthook config at the top, or a lefthook hook already in
// place of one of ours.
func managerOf(repo *gitutil.Repo, dir string, names []string) *ManagerError {
	slash := filepath.ToSlash(dir)
	lefthook := func(why string) *ManagerError {
		return &ManagerError{Manager: "lefthook", Dir: dir, Why: why,
			Snippet: "# lefthook.yml\npre-commit:\n  commands:\n    remnant-guard:\n      run: remnant-guard pre-commit\n"}
	}
	if slash != filepath.ToSlash(filepath.Join(repo.CommonDir, "hooks")) {
		switch {
		case strings.Contains(slash, "/.husky"):
			return &ManagerError{Manager: "husky", Dir: dir, Why: fmt.Sprintf("core.hooksPath points at husky's folder %s", dir),
				Snippet: "# .husky/pre-commit\nremnant-guard pre-commit\n"}
		case hasLefthookConfig(repo.TopLevel):
			return lefthook(fmt.Sprintf("core.hooksPath points at %s and the repository has a lefthook config", dir))
		}
	}
	for _, name := range names {
		p := filepath.Join(dir, name)
		data, err := safefile.ReadFile(p, safefile.MaxSideFileSize)
		if err == nil && classify(data) == hookForeign && bytes.Contains(bytes.ToLower(data), []byte("lefthook")) {
			return lefthook(fmt.Sprintf("%s is lefthook's hook", p))
		}
	}
	return nil
}

func hasLefthookConfig(top string) bool {
	for _, name := range []string{"lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml"} {
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
