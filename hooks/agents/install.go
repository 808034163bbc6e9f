package agents

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// InstallOptions say which agent's settings to edit and where.
type InstallOptions struct {
	Agent Agent
	// Scope is "project" (the default: the repository's shared settings),
	// "local" (Claude Code's settings.local.json) or "user" (the home
	// directory's).
	Scope string
	// Dir is where the repository is looked up for project and local scope
	// ("" = the current directory).
	Dir string
	// Home is the user's home directory ("" = os.UserHomeDir()).
	Home string
	// Binary is the absolute path of the remnant-guard binary.
	Binary string
}

// SettingsResult says what install or uninstall did to a file.
type SettingsResult struct {
	File    string
	Changed bool
	Removed int // handlers uninstall took out
	Deleted bool
	// Notes are what the user has to do or know (trust, switches).
	Notes []string
}

// settingsFile resolves the settings file opt names.
func settingsFile(opt InstallOptions) (string, error) {
	scope := opt.Scope
	if scope == "" {
		scope = "project"
	}
	rel, ok := opt.Agent.spec().settings[scope]
	if !ok {
		switch scope {
		case "project", "local", "user":
			return "", fmt.Errorf("%s has no %s settings file (want --scope project or user)", opt.Agent, scope)
		}
		return "", fmt.Errorf("unknown --scope %q (want project, local or user)", scope)
	}
	if scope == "user" {
		home := opt.Home
		if home == "" {
			var err error
			if home, err = os.UserHomeDir(); err != nil {
				return "", err
			}
		}
		return filepath.Join(home, filepath.FromSlash(rel)), nil
	}
	repo, err := gitutil.OpenFast(opt.Dir)
	if err != nil {
		return "", fmt.Errorf("%w (use --scope user outside a repository)", gitutil.Explain(err))
	}
	defer repo.Close()
	return filepath.Join(repo.TopLevel, filepath.FromSlash(rel)), nil
}

func (opt InstallOptions) editor(file string) settingsEditor {
	return settingsEditor{name: file, agent: opt.Agent, comments: opt.Agent.spec().comments}
}

// maxSettingsSize bounds the settings file read.
const maxSettingsSize = 16 << 20

// readSettings reads a settings file; a missing one reads as nil.
func readSettings(file string) ([]byte, bool, error) {
	src, err := safefile.ReadPrefix(file, maxSettingsSize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, false, nil
	case err != nil:
		return nil, false, err
	case len(src) > maxSettingsSize:
		return nil, false, fmt.Errorf("%s: over %d MiB: not a settings file remnant-guard edits", file, maxSettingsSize>>20)
	}
	return src, true, nil
}

// Install adds remnant-guard's hooks to the agent's settings file,
// creating it when needed. A file that already holds them is left as it is.
func Install(opt InstallOptions) (SettingsResult, error) {
	file, err := settingsFile(opt)
	if err != nil {
		return SettingsResult{}, err
	}
	res := SettingsResult{File: file}
	src, exists, err := readSettings(file)
	if err == nil {
		err = safefile.CheckWritable(file)
	}
	if err != nil {
		return res, err
	}
	base := src
	if len(bytes.TrimSpace(src)) == 0 {
		base = []byte("{}")
	}
	out, err := opt.editor(file).add(base, opt.Binary)
	if err != nil {
		return res, err
	}
	if !exists || len(bytes.TrimSpace(src)) == 0 {
		out = append(out, '\n')
	}
	res.Notes = agentNotes(opt, file, out)
	if exists && bytes.Equal(out, src) {
		return res, nil
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return res, err
	}
	res.Changed = true
	return res, safefile.Replace(file, out)
}

// Uninstall removes remnant-guard's hooks from the agent's settings
// file, and nothing else; a file left holding nothing is deleted.
func Uninstall(opt InstallOptions) (SettingsResult, error) {
	file, err := settingsFile(opt)
	if err != nil {
		return SettingsResult{}, err
	}
	res := SettingsResult{File: file}
	src, exists, err := readSettings(file)
	if err != nil || !exists || len(bytes.TrimSpace(src)) == 0 {
		return res, err
	}
	se := opt.editor(file)
	out, n, gone, err := se.undo(src)
	if err != nil || n == 0 {
		return res, err
	}
	if err := safefile.CheckWritable(file); err != nil {
		return res, err
	}
	res.Removed, res.Changed = n, true
	if gone {
		res.Deleted = true
		real, err := safefile.FollowLinks(file)
		if err != nil {
			return res, err
		}
		return res, os.Remove(real)
	}
	return res, safefile.Replace(file, out)
}
