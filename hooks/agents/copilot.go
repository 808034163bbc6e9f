package agents

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// GitHub Copilot reads hooks from every JSON file of the repository's
// .github/hooks (and the user's ~/.copilot/hooks): {"version": 1,
// "hooks": {event: [handler, ...]}}, each handler {type, bash,
// powershell, cwd, env, timeoutSec}. remnant-guard writes a file of its
// own there, remnant-guard.json, whole: install writes it, uninstall
// deletes it.

// copilotHandler is one handler of a GitHub Copilot hooks file.
type copilotHandler struct {
	Type       string `json:"type"`
	Bash       string `json:"bash"`
	PowerShell string `json:"powershell"`
	TimeoutSec int    `json:"timeoutSec"`
}

// copilotCommand is the bash command of the entry for event: as every
// agent's (hookCommand), naming its event, which Copilot's camelCase
// payloads do not.
func copilotCommand(event string) string {
	return fmt.Sprintf(`command -v remnant-guard >/dev/null || { echo "%s" >&2; exit 1; }; exec remnant-guard agent-hook --agent copilot --event %s`,
		missingText(Copilot), event)
}

// copilotPowerShell is the same command for Windows, where Copilot runs
// the powershell form.
func copilotPowerShell(event string) string {
	return fmt.Sprintf(`if (Get-Command remnant-guard -ErrorAction SilentlyContinue) { $input | remnant-guard agent-hook --agent copilot --event %s } else { [Console]::Error.WriteLine('%s'); exit 1 }`,
		event, missingText(Copilot))
}

// copilotFile is the text of remnant-guard.json, the events in the order
// of the spec.
func copilotFile() []byte {
	var b bytes.Buffer
	b.WriteString("{\n  \"version\": 1,\n  \"hooks\": {\n")
	evs := Copilot.spec().events
	for i, ev := range evs {
		h := copilotHandler{Type: "command", Bash: copilotCommand(ev.name), PowerShell: copilotPowerShell(ev.name), TimeoutSec: hookTimeout}
		var list bytes.Buffer
		enc := json.NewEncoder(&list)
		enc.SetEscapeHTML(false)
		enc.SetIndent("    ", "  ")
		enc.Encode([]copilotHandler{h})
		fmt.Fprintf(&b, "    %q: %s", ev.name, bytes.TrimRight(list.Bytes(), "\n"))
		if i < len(evs)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("  }\n}\n")
	return b.Bytes()
}

// copilotOurs tells whether src is a hooks file whose every handler is
// one of remnant-guard's: the file remnant-guard may replace or delete.
func copilotOurs(file string, src []byte) error {
	foreign := fmt.Errorf("%s holds hooks or settings remnant-guard did not write; this file is remnant-guard's own: move them to another file of %s", file, filepath.Dir(file))
	var top map[string]json.RawMessage
	if err := json.Unmarshal(src, &top); err != nil {
		return fmt.Errorf("%s: not a hooks file remnant-guard wrote (%v): left as it is", file, err)
	}
	var hooks map[string][]map[string]any
	for k, v := range top {
		switch k {
		case "version":
		case "hooks":
			if json.Unmarshal(v, &hooks) != nil {
				return foreign
			}
		default:
			return foreign
		}
	}
	for _, list := range hooks {
		for _, h := range list {
			if !copilotOurHandler(h) {
				return foreign
			}
		}
	}
	return nil
}

// copilotOurHandler tells a handler as install writes it: remnant-guard's
// commands, and no key of the user's (an env, a cwd, a command of their
// own for Windows), which deleting the file would lose.
func copilotOurHandler(h map[string]any) bool {
	for k, v := range h {
		switch k {
		case "type", "timeoutSec":
		case "bash", "powershell":
			if cmd, _ := v.(string); !isOurCommand(cmd) {
				return false
			}
		default:
			return false
		}
	}
	cmd, _ := h["bash"].(string)
	return isOurCommand(cmd)
}

// installOwn writes remnant-guard's own hooks file.
func installOwn(opt InstallOptions) (SettingsResult, error) {
	file, st, src, exists, err := settingsToWrite(opt)
	res := SettingsResult{File: file}
	if err == nil && exists && len(bytes.TrimSpace(src)) > 0 {
		err = copilotOurs(file, src)
	}
	if err != nil {
		return res, err
	}
	return writeSettings(opt, st, file, exists, src, copilotFile(), res)
}

// uninstallOwn deletes remnant-guard's own hooks file, and the folders
// install made for it when they are left empty.
func uninstallOwn(opt InstallOptions) (SettingsResult, error) {
	file, st, err := settingsFile(opt)
	if err != nil {
		return SettingsResult{}, err
	}
	res := SettingsResult{File: file}
	src, exists, err := readSettings(st, file)
	if err != nil || !exists {
		return res, err
	}
	if len(bytes.TrimSpace(src)) > 0 {
		if err := copilotOurs(file, src); err != nil {
			return res, err
		}
		var f struct {
			Hooks map[string][]json.RawMessage `json:"hooks"`
		}
		json.Unmarshal(src, &f)
		for _, list := range f.Hooks {
			res.Removed += len(list)
		}
	}
	if err := st.checkWritable(file); err != nil {
		return res, err
	}
	if err := st.remove(file); err != nil {
		return res, err
	}
	res.Changed, res.Deleted = true, true
	// .github/hooks and .github (~/.copilot/hooks), when nothing else is
	// in them: an empty folder is nothing git or Copilot keeps.
	rel := opt.Agent.spec().settings[opt.scope()]
	dir := filepath.Dir(file)
	for range strings.Count(rel, "/") {
		if st.root == nil && filepath.Base(dir) != "hooks" {
			break // the user's ~/.copilot holds more than hooks
		}
		if removeEmptyDir(st, dir) != nil {
			break
		}
		dir = filepath.Dir(dir)
	}
	return res, nil
}

// removeEmptyDir removes dir when it holds nothing.
func removeEmptyDir(st settingsStore, dir string) error {
	var entries []fs.DirEntry
	var err error
	if st.root == nil {
		entries, err = os.ReadDir(dir)
	} else {
		entries, err = st.root.ReadDir(dir)
	}
	if err != nil || len(entries) > 0 {
		return errors.New("not empty")
	}
	if st.root == nil {
		return os.Remove(dir)
	}
	return st.root.Unlink(dir)
}

// CopilotCalls tells whether GitHub Copilot CLI runs the hook: Copilot
// runs the Claude Code entries of .claude/settings.json too, and sets
// COPILOT_CLI=1 for every command it runs.
func CopilotCalls(agent Agent, getenv func(string) string) bool {
	return agent == Claude && getenv("COPILOT_CLI") == "1"
}

// ClaudeCodeCalls tells, of a Claude Code entry's payload p, that Claude
// Code itself runs it, though COPILOT_CLI=1 says GitHub Copilot does: a
// Claude Code session started from a Copilot session's shell inherits
// COPILOT_CLI, and Claude Code gives its hooks its own session's id in
// CLAUDE_CODE_SESSION_ID, which Copilot never sets.
func ClaudeCodeCalls(p *Payload, getenv func(string) string) bool {
	id := getenv("CLAUDE_CODE_SESSION_ID")
	return id != "" && id == p.SessionID
}

// CopilotEntries names the remnant-guard hooks file of GitHub Copilot that
// answers, in a session in cwd, the Claude Code entry's event: the
// repository's .github/hooks/remnant-guard.json, else the user's; "" when
// neither is a hooks file GitHub Copilot reads holding remnant-guard's
// entry for an event of the same moment. While one does, the Claude Code
// entries stand aside in Copilot sessions, so that each check answers once
// and never not at all.
func CopilotEntries(cwd, event string, getenv func(string) string) string {
	moment, err := Claude.MomentOf(event)
	if err != nil {
		return ""
	}
	var files []string
	if top := findTop(cwd); top != "" {
		files = append(files, filepath.Join(top, filepath.FromSlash(Copilot.spec().settings["project"])))
	}
	if home := clientHome(getenv, "COPILOT_HOME", ".copilot"); home != "" {
		files = append(files, filepath.Join(home, "hooks", "remnant-guard.json"))
	}
	for _, f := range files {
		src, err := safefile.ReadPrefix(f, maxSettingsSize)
		if err == nil && copilotAnswers(src, moment) {
			return f
		}
	}
	return ""
}

// copilotAnswers tells whether src is a hooks file GitHub Copilot runs
// (version 1) with one of remnant-guard's handlers for an event of moment.
func copilotAnswers(src []byte, moment Moment) bool {
	var f struct {
		Version json.RawMessage             `json:"version"`
		Hooks   map[string][]copilotHandler `json:"hooks"`
	}
	if json.Unmarshal(src, &f) != nil || string(f.Version) != "1" {
		return false
	}
	for _, ev := range Copilot.spec().events {
		if ev.moment != moment {
			continue
		}
		for _, h := range f.Hooks[ev.name] {
			if h.Type == "command" && isOurCommand(h.Bash) && strings.Contains(h.Bash, "agent-hook --agent copilot") {
				return true
			}
		}
	}
	return false
}

// StandAsideText is what the Claude Code entries say, on stderr, when they
// stand aside in a GitHub Copilot session.
func StandAsideText(file string) string {
	return "remnant-guard: the Claude Code entries stand aside in this GitHub Copilot session: " + file + " answers instead"
}

func copilotNotes(opt InstallOptions, _ string, _ func(keys ...string) string) []string {
	notes := []string{"GitHub Copilot CLI runs repository hooks only once the repository's top folder is trusted (it asks on first start; copilot -p --trust-folder trusts the folder it starts in, so start it at the top)"}
	if opt.scope() == "user" {
		notes = append(notes, "GitHub Copilot CLI reads ~/.copilot/hooks ($COPILOT_HOME/hooks when set)")
	}
	notes = append(notes, "GitHub Copilot CLI also runs the remnant-guard entries of .claude/settings.json; while this file is installed they stand aside in Copilot sessions, so each check answers once")
	return notes
}
