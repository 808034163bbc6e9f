package agents

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/BurntSushi/toml"

	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/tomlcheck"
)

// agentNotes tells the user what the agent needs before it runs the hooks
// (trust), and which switch in the settings turns them off.
func agentNotes(opt InstallOptions, file string, settings []byte) []string {
	literal := func(keys ...string) string { return nestedLiteral(opt, file, settings, keys...) }
	notes := opt.Agent.spec().notes(opt, file, literal)
	if opt.scope() == "project" {
		notes = append(notes, where(opt, file)...)
	}
	notes = append(notes, twiceNote(opt)...)
	if _, err := exec.LookPath("remnant-guard"); err != nil {
		notes = append(notes, "remnant-guard is not on PATH here: the hooks run remnant-guard from PATH (the same command in every clone and scope), and until it is there each hook says that memory is not checked")
	}
	return notes
}

// twiceNote warns when the other scope's hooks file of Codex or GitHub
// Copilot holds remnant-guard's entries too: the client runs both, so
// every hook runs twice (one of the runs answers).
func twiceNote(opt InstallOptions) []string {
	other := map[string]string{"project": "user", "user": "project"}[opt.scope()]
	if (opt.Agent != Codex && opt.Agent != Copilot) || other == "" {
		return nil
	}
	o := opt
	o.Scope = other
	file, _, err := settingsPath(o)
	if err != nil {
		return nil
	}
	src, err := safefile.ReadPrefix(file, maxSettingsSize)
	if err != nil || !bytes.Contains(src, []byte("agent-hook --agent "+string(opt.Agent))) {
		return nil
	}
	return []string{fmt.Sprintf("%s holds remnant-guard's %s hooks too: %s runs both files' entries, so each hook runs twice (remnant-guard answers once); keep one: remnant-guard uninstall --agent %s --scope %s", file, opt.Agent, opt.Agent.spec().title, opt.Agent, other)}
}

// where says where the project's hooks take effect.
func where(opt InstallOptions, file string) []string {
	top := filepath.Dir(filepath.Dir(file))
	switch opt.Agent {
	case Claude:
		return []string{"Claude Code reads " + file + " only in sessions started in " + top + ", not in its subfolders; for sessions started in a subfolder, also run: remnant-guard install --agent claude --scope local (read from the repository top wherever a session starts)"}
	case Gemini:
		return []string{"Gemini CLI reads " + file + " only in sessions started in " + top + ", not in its subfolders; for sessions started in a subfolder, also run: remnant-guard install --agent gemini --scope user (every folder of this user)"}
	case Copilot:
		return []string{"GitHub Copilot CLI reads " + file + " from any folder of the repository"}
	}
	return []string{"Codex finds " + file + " from any folder of the repository"}
}

func claudeNotes(opt InstallOptions, file string, literal func(keys ...string) string) []string {
	notes := []string{"Claude Code runs project hooks once the folder's workspace-trust dialog is accepted; a running session picks the new hooks up after /hooks or a restart"}
	if opt.scope() != "user" {
		notes = append(notes, "GitHub Copilot CLI runs these entries too and gets its answers in its own form; remnant-guard install --agent copilot gives it entries of its own (then these stand aside in Copilot sessions)")
	}
	if literal("disableAllHooks") == "true" {
		notes = append(notes, file+` sets "disableAllHooks": true: no hook runs until it is removed`)
	}
	return notes
}

func geminiNotes(_ InstallOptions, file string, literal func(keys ...string) string) []string {
	notes := []string{"Gemini CLI runs these hooks only in a trusted folder (it asks on first start, or /permissions); it warns once about new project hooks"}
	if literal("hooksConfig", "enabled") == "false" {
		notes = append(notes, file+` sets "hooksConfig": {"enabled": false}: no hook runs until it is true`)
	}
	return notes
}

func codexNotes(opt InstallOptions, file string, _ func(keys ...string) string) []string {
	notes := []string{"Codex runs a hook only once it is trusted: start codex in the repository, open /hooks and trust the three remnant-guard hooks (again after each change of them); codex exec skips untrusted hooks without a word (trust them interactively first, or pass --dangerously-bypass-hook-trust)"}
	for i, cfg := range codexConfigs(opt, file) {
		// The first is the project's, beside hooks.json: read only inside
		// the repository. The user's is read where its links lead. Both
		// are read bounded, and never wait on a FIFO.
		var root *safefile.Root
		if i == 0 && opt.scope() != "user" {
			root = &safefile.Root{Dir: filepath.Dir(filepath.Dir(file))}
		}
		switch off, err := codexHooksOff(root, cfg); {
		case err != nil:
			notes = append(notes, cfg+" could not be read ("+safefile.UnwrapPath(err).Error()+"): check yourself that it does not turn hooks off ([features] hooks = false)")
		case off:
			notes = append(notes, cfg+" turns hooks off ([features] hooks = false): set it to true")
		}
	}
	return notes
}

// nestedLiteral returns the text of the literal member at the path of
// keys ("" if none).
func nestedLiteral(opt InstallOptions, file string, src []byte, keys ...string) string {
	v, err := opt.editor(file).parse(src)
	if err != nil {
		return ""
	}
	for _, k := range keys {
		if v.Kind != '{' {
			return ""
		}
		m := v.Member(k)
		if m == nil {
			return ""
		}
		v = m.Value
	}
	if v.Kind != 'l' {
		return ""
	}
	return string(src[v.Start:v.End])
}

// codexConfigs are the config.toml files that may switch Codex's hooks
// off: the one beside hooks.json and the user's.
func codexConfigs(opt InstallOptions, file string) []string {
	out := []string{filepath.Join(filepath.Dir(file), "config.toml")}
	home := opt.Home
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	if home != "" {
		if user := filepath.Join(home, ".codex", "config.toml"); user != out[0] {
			out = append(out, user)
		}
	}
	return out
}

// codexHooksOff tells whether a Codex config.toml turns hooks off; a
// file that does not exist, or is not TOML, does not. It is read through
// root when one is given.
func codexHooksOff(root *safefile.Root, file string) (bool, error) {
	var data []byte
	var err error
	if root != nil {
		data, err = root.ReadOptional(file, safefile.MaxConfigSize)
	} else {
		data, err = safefile.ReadOptional(file, safefile.MaxConfigSize)
	}
	if err != nil || data == nil {
		return false, err
	}
	if _, err := tomlcheck.Precheck(data, safefile.MaxConfigSize); err != nil {
		// Nested past what a config needs: the decoder's time and memory
		// would grow with the square of the depth. Codex refuses it too.
		return false, nil
	}
	var cfg struct {
		Features map[string]any `toml:"features"`
	}
	if _, err := toml.Decode(string(data), &cfg); err != nil {
		return false, nil
	}
	for _, k := range []string{"hooks", "codex_hooks"} {
		if v, ok := cfg.Features[k].(bool); ok && !v {
			return true, nil
		}
	}
	return false, nil
}
