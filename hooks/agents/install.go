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
}

// scope is opt's scope, project by default.
func (opt InstallOptions) scope() string {
	if opt.Scope == "" {
		return "project"
	}
	return opt.Scope
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

// settingsStore reads and writes a settings file. In a repository (project
// and local scope) it is confined to the working tree: a settings file or
// folder that is a symbolic link out of it (a clone brings links) is left
// alone. Under the home directory (user scope) a link is followed: the
// user made it in their own home.
type settingsStore struct {
	root *safefile.Root // nil for user scope
}

func (s settingsStore) readPrefix(file string, limit int64) ([]byte, error) {
	if s.root == nil {
		return safefile.ReadPrefix(file, limit)
	}
	return s.root.ReadPrefix(file, limit)
}

func (s settingsStore) checkWritable(file string) error {
	if s.root == nil {
		return safefile.CheckWritable(file)
	}
	return s.root.CheckWritable(file)
}

func (s settingsStore) replace(file string, data []byte) error {
	// The folders made for the file are removed again when it cannot be
	// written (a full disk): nothing is left of an install that failed.
	var made []string
	for d := filepath.Dir(file); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); !errors.Is(err, fs.ErrNotExist) || d == filepath.Dir(d) {
			break
		}
		made = append(made, d)
	}
	var err error
	if s.root == nil {
		if err = os.MkdirAll(filepath.Dir(file), 0o755); err == nil {
			err = safefile.Replace(file, data)
		}
	} else if err = s.root.MkdirAll(filepath.Dir(file), 0o755); err == nil {
		err = s.root.Replace(file, data, 0o644)
	}
	if err != nil {
		for _, d := range made {
			os.Remove(d) // only an empty folder goes
		}
	}
	return err
}

func (s settingsStore) remove(file string) error {
	if s.root == nil {
		real, err := safefile.FollowLinks(file)
		if err != nil {
			return err
		}
		return os.Remove(real)
	}
	return s.root.Remove(file)
}

// settingsFile resolves the settings file opt names, and how to reach it.
func settingsFile(opt InstallOptions) (string, settingsStore, error) {
	file, root, err := settingsPath(opt)
	if err != nil {
		return "", settingsStore{}, err
	}
	if root == "" {
		return file, settingsStore{}, nil
	}
	return file, settingsStore{root: &safefile.Root{Dir: root}}, nil
}

// settingsPath names the settings file opt names, and the repository's
// top level it must stay in ("" for user scope).
func settingsPath(opt InstallOptions) (string, string, error) {
	scope := opt.scope()
	rel, ok := opt.Agent.spec().settings[scope]
	if !ok {
		switch scope {
		case "project", "local", "user":
			return "", "", fmt.Errorf("%s has no %s settings file (want --scope project or user)", opt.Agent, scope)
		}
		return "", "", fmt.Errorf("unknown --scope %q (want project, local or user)", scope)
	}
	if scope == "user" && opt.Agent == Copilot && opt.Home == "" && os.Getenv("COPILOT_HOME") != "" {
		// GitHub Copilot's folder, moved by COPILOT_HOME.
		return filepath.Join(os.Getenv("COPILOT_HOME"), "hooks", filepath.Base(rel)), "", nil
	}
	if scope == "user" {
		home := opt.Home
		if home == "" {
			var err error
			if home, err = os.UserHomeDir(); err != nil {
				return "", "", err
			}
		}
		return filepath.Join(home, filepath.FromSlash(rel)), "", nil
	}
	repo, err := gitutil.OpenFast(opt.Dir)
	if err != nil {
		return "", "", fmt.Errorf("%w (use --scope user outside a repository)", gitutil.Explain(err))
	}
	defer repo.Close()
	return filepath.Join(repo.TopLevel, filepath.FromSlash(rel)), repo.TopLevel, nil
}

func (opt InstallOptions) editor(file string) settingsEditor {
	return settingsEditor{name: file, agent: opt.Agent, comments: opt.Agent.spec().comments}
}

// maxSettingsSize bounds the settings file read: no more than safefile
// reads at most, so that a larger file is refused rather than its prefix
// taken for the whole file.
const maxSettingsSize = safefile.MaxReadLimit

// readSettings reads a settings file; a missing one reads as nil.
func readSettings(st settingsStore, file string) ([]byte, bool, error) {
	src, err := st.readPrefix(file, maxSettingsSize)
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
	if opt.Agent.spec().ownFile {
		return installOwn(opt)
	}
	file, st, src, exists, err := settingsToWrite(opt)
	res := SettingsResult{File: file}
	if err != nil {
		return res, err
	}
	base := src
	if len(bytes.TrimSpace(src)) == 0 {
		base = []byte("{}")
	}
	out, err := opt.editor(file).add(base)
	if err != nil {
		return res, err
	}
	if !exists || len(bytes.TrimSpace(src)) == 0 {
		out = append(out, '\n')
	}
	return writeSettings(opt, st, file, exists, src, out, res)
}

// settingsToWrite finds the agent's settings file and reads it (exists
// tells whether it is there), failing when it could not be written back.
func settingsToWrite(opt InstallOptions) (file string, st settingsStore, src []byte, exists bool, err error) {
	file, st, err = settingsFile(opt)
	if err != nil {
		return "", st, nil, false, err
	}
	src, exists, err = readSettings(st, file)
	if err == nil {
		err = st.checkWritable(file)
	}
	return file, st, src, exists, err
}

// writeSettings writes want to file unless it already holds it (src, when
// exists), with the install notes of what it holds.
func writeSettings(opt InstallOptions, st settingsStore, file string, exists bool, src, want []byte, res SettingsResult) (SettingsResult, error) {
	res.Notes = agentNotes(opt, file, want)
	if exists && bytes.Equal(src, want) {
		return res, nil
	}
	res.Changed = true
	return res, st.replace(file, want)
}

// Uninstall removes remnant-guard's hooks from the agent's settings
// file, and nothing else; a file left holding nothing is deleted.
func Uninstall(opt InstallOptions) (SettingsResult, error) {
	if opt.Agent.spec().ownFile {
		return uninstallOwn(opt)
	}
	file, st, err := settingsFile(opt)
	if err != nil {
		return SettingsResult{}, err
	}
	res := SettingsResult{File: file}
	src, exists, err := readSettings(st, file)
	if err != nil || !exists || len(bytes.TrimSpace(src)) == 0 {
		return res, err
	}
	se := opt.editor(file)
	out, n, gone, err := se.undo(src)
	if err != nil || n == 0 {
		return res, err
	}
	if err := st.checkWritable(file); err != nil {
		return res, err
	}
	res.Removed, res.Changed = n, true
	if gone {
		res.Deleted = true
		return res, st.remove(file)
	}
	return res, st.replace(file, out)
}
