package hooks

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
)

// Marker is the line that identifies a hook remnant-guard wrote.
const Marker = "# remnant-guard: managed hook"

// chainedSuffix names where a foreign hook is kept while ours runs it.
const chainedSuffix = ".remnant-guard-chained"

// DefaultHooks are the hooks install writes when none are named.
var DefaultHooks = []string{"pre-commit", "pre-merge-commit"}

// hookCommands maps a hook to the remnant-guard command it runs.
var hookCommands = map[string]string{
	"pre-commit":       "pre-commit",
	"pre-merge-commit": "pre-commit",
	"pre-push":         "pre-push",
}

// ManagerError says that core.hooksPath belongs to a hook manager, with the
// snippet to add to that manager's configuration instead.
type ManagerError struct {
	Manager, Dir, Snippet string
}

func (e *ManagerError) Error() string {
	return fmt.Sprintf("core.hooksPath points at %s's folder %s: add remnant-guard to %s instead (or install --force)", e.Manager, e.Dir, e.Manager)
}

// InstallOptions say which hooks to write and where the binary is.
type InstallOptions struct {
	Dir    string
	Hooks  []string
	Force  bool
	Binary string // absolute path of the remnant-guard binary
}

// Install writes remnant-guard's hooks where git runs them and returns one
// line per hook saying what it did.
func Install(opt InstallOptions) ([]string, error) {
	repo, err := gitutil.Open(opt.Dir)
	if err != nil {
		return nil, gitError(err)
	}
	defer repo.Close()
	names, err := hookNames(opt.Hooks)
	if err != nil {
		return nil, err
	}
	if m := managerOf(repo); m != nil && !opt.Force {
		return nil, m
	}
	if err := os.MkdirAll(repo.HooksDir, 0o755); err != nil {
		return nil, err
	}
	var done []string
	for _, name := range names {
		msg, err := installHook(repo.HooksDir, name, opt.Binary)
		if err != nil {
			return done, err
		}
		done = append(done, msg)
	}
	return done, nil
}

func hookNames(names []string) ([]string, error) {
	if len(names) == 0 {
		return DefaultHooks, nil
	}
	for _, n := range names {
		if _, ok := hookCommands[n]; !ok {
			return nil, fmt.Errorf("unknown hook %q (want pre-commit, pre-merge-commit or pre-push)", n)
		}
	}
	return names, nil
}

// managerOf tells whether core.hooksPath points at a hook manager's folder.
func managerOf(repo *gitutil.Repo) *ManagerError {
	dir := filepath.ToSlash(repo.HooksDir)
	if dir == filepath.ToSlash(filepath.Join(repo.CommonDir, "hooks")) {
		return nil
	}
	switch {
	case strings.Contains(dir, "/.husky"):
		return &ManagerError{Manager: "husky", Dir: repo.HooksDir,
			Snippet: "# .husky/pre-commit\nremnant-guard pre-commit\n"}
	case isLefthookDir(repo):
		return &ManagerError{Manager: "lefthook", Dir: repo.HooksDir,
			Snippet: "# lefthook.yml\npre-commit:\n  commands:\n    remnant-guard:\n      run: remnant-guard pre-commit\n"}
	}
	return nil
}

func isLefthookDir(repo *gitutil.Repo) bool {
	for _, name := range []string{"lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml"} {
		if _, err := os.Stat(filepath.Join(repo.TopLevel, name)); err == nil {
			return true
		}
	}
	data, err := os.ReadFile(filepath.Join(repo.HooksDir, "pre-commit"))
	return err == nil && bytes.Contains(data, []byte("lefthook"))
}

// hookScript is the POSIX shell hook remnant-guard writes.
func hookScript(name, binary string) string {
	return fmt.Sprintf(`#!/bin/sh
%s (%s). Remove it with: remnant-guard uninstall
# Skip it once with: REMNANT_GUARD=0 git ...
[ "${REMNANT_GUARD:-1}" = 0 ] && exit 0
hook_dir=$(dirname "$0")
%s
bin=%s
if [ ! -x "$bin" ]; then
  bin=$(command -v remnant-guard) || {
    echo "remnant-guard: error: the binary is gone from %s and is not on PATH" >&2
    echo "remnant-guard: hint: reinstall it, skip once with REMNANT_GUARD=0, or remove the hook with remnant-guard uninstall" >&2
    exit 1
  }
fi
%s
`, Marker, name, chainBlock(name), shellQuote(binary), strings.ReplaceAll(binary, `"`, `\"`), runLine(name))
}

// chainBlock runs a kept foreign hook first; its failure fails the hook.
// pre-push hooks read refs on stdin, so stdin is kept for both.
func chainBlock(name string) string {
	if name == "pre-push" {
		return `input=$(cat)
if [ -x "$hook_dir/` + name + chainedSuffix + `" ]; then
  printf '%s\n' "$input" | "$hook_dir/` + name + chainedSuffix + `" "$@" || exit $?
fi`
	}
	return `if [ -x "$hook_dir/` + name + chainedSuffix + `" ]; then
  "$hook_dir/` + name + chainedSuffix + `" "$@" || exit $?
fi`
}

func runLine(name string) string {
	if name == "pre-push" {
		return `printf '%s\n' "$input" | exec "$bin" pre-push "$@"`
	}
	return `exec "$bin" ` + hookCommands[name]
}

func isOurs(path string) (bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return bytes.Contains(data, []byte(Marker)), nil
}

func installHook(dir, name, binary string) (string, error) {
	path := filepath.Join(dir, name)
	script := hookScript(name, binary)
	ours, err := isOurs(path)
	if err != nil {
		return "", err
	}
	if ours {
		if old, _ := os.ReadFile(path); string(old) == script {
			return fmt.Sprintf("%s: already installed", path), nil
		}
		return fmt.Sprintf("%s: updated", path), writeHook(path, script)
	}
	msg := fmt.Sprintf("%s: installed", path)
	if _, err := os.Lstat(path); err == nil {
		if _, err := os.Lstat(path + chainedSuffix); err == nil {
			return "", fmt.Errorf("%s and %s both exist: move one of them away, remnant-guard keeps the existing hook under the second name", path, name+chainedSuffix)
		}
		if err := os.Rename(path, path+chainedSuffix); err != nil {
			return "", err
		}
		msg = fmt.Sprintf("%s: installed; the existing hook runs first (kept as %s)", path, name+chainedSuffix)
	}
	return msg, writeHook(path, script)
}

func writeHook(path, script string) error {
	tmp := path + ".remnant-guard-tmp"
	if err := os.WriteFile(tmp, []byte(script), 0o755); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Uninstall removes remnant-guard's hooks and restores the hooks they
// chained, byte for byte.
func Uninstall(dir string, names []string) ([]string, error) {
	repo, err := gitutil.Open(dir)
	if err != nil {
		return nil, gitError(err)
	}
	defer repo.Close()
	if len(names) == 0 {
		names = []string{"pre-commit", "pre-merge-commit", "pre-push"}
	}
	if _, err := hookNames(names); err != nil {
		return nil, err
	}
	var done []string
	for _, name := range names {
		path := filepath.Join(repo.HooksDir, name)
		ours, err := isOurs(path)
		if err != nil || !ours {
			if err != nil {
				return done, err
			}
			continue
		}
		if err := os.Remove(path); err != nil {
			return done, err
		}
		msg := fmt.Sprintf("%s: removed", path)
		if _, err := os.Lstat(path + chainedSuffix); err == nil {
			if err := os.Rename(path+chainedSuffix, path); err != nil {
				return done, err
			}
			msg = fmt.Sprintf("%s: removed; the earlier hook is restored", path)
		}
		done = append(done, msg)
	}
	return done, nil
}
