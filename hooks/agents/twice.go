package agents

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// Codex and GitHub Copilot run an entry that two hooks files hold twice,
// the project's and the user's: every finding and every stop block would
// reach the model twice. The hook finds out that both files hold
// remnant-guard's entries, and then only the first of the two runs of one
// event answers (hooks.FirstRun).

// InstalledTwice names the two hooks files that both hold remnant-guard's
// entries for agent, run by client, in a session in cwd, when the client
// runs an entry of each: nil when it does not, or when one of them holds
// none. getenv reads CODEX_HOME and COPILOT_HOME.
func InstalledTwice(agent, client Agent, cwd string, getenv func(string) string) []string {
	top := findTop(cwd)
	var files []string
	switch {
	case agent == Codex || agent == Copilot:
		files = []string{filepath.Join(top, filepath.FromSlash(agent.spec().settings["project"])), userHooksFile(agent, getenv)}
	case agent == Claude && client == Copilot:
		files = []string{filepath.Join(top, ".claude", "settings.json"), filepath.Join(top, ".claude", "settings.local.json")}
	default:
		return nil
	}
	if top == "" || filepath.Clean(files[0]) == filepath.Clean(files[1]) {
		return nil
	}
	for _, f := range files {
		if !holdsOurs(f, agent) {
			return nil
		}
	}
	return files
}

// UserScopeHolds tells whether the user's hooks file of Codex or GitHub
// Copilot holds remnant-guard's entries: without them no entry runs twice,
// and the payload need not be read for it.
func UserScopeHolds(agent Agent, getenv func(string) string) bool {
	return (agent == Codex || agent == Copilot) && holdsOurs(userHooksFile(agent, getenv), agent)
}

// userHooksFile is the user's hooks file of Codex ($CODEX_HOME/hooks.json)
// or GitHub Copilot ($COPILOT_HOME/hooks/remnant-guard.json).
func userHooksFile(agent Agent, getenv func(string) string) string {
	if agent == Codex {
		return filepath.Join(clientHome(getenv, "CODEX_HOME", ".codex"), "hooks.json")
	}
	return filepath.Join(clientHome(getenv, "COPILOT_HOME", ".copilot"), "hooks", "remnant-guard.json")
}

// holdsOurs tells whether file holds remnant-guard's entries for agent.
func holdsOurs(file string, agent Agent) bool {
	src, err := safefile.ReadPrefix(file, maxSettingsSize)
	return err == nil && bytes.Contains(src, []byte("agent-hook --agent "+string(agent)))
}

// findTop is the folder holding .git above dir, or "".
func findTop(dir string) string {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// clientHome is a client's folder in the user's home: $env when set,
// else ~/name.
func clientHome(getenv func(string) string, env, name string) string {
	if h := getenv(env); h != "" {
		return h
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, name)
}

// RunKey names one run of a hook event: what two runs of the same event
// share (the session, the event, the tool call, its ids and time) and two
// events do not.
func (p *Payload) RunKey() string {
	data, _ := json.Marshal([]any{p.SessionID, p.Event, p.ToolName, p.ToolInput, p.ToolResult, p.StopHookActive, p.Timestamp, p.ToolUseID, p.TurnID})
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16])
}

// TwiceText is what the run that stands aside says on stderr.
func TwiceText(files []string) string {
	return "remnant-guard: warning: " + files[0] + " and " + files[1] + " both run remnant-guard's hooks, so each runs twice: answered once; remove one of them (uninstall --agent ... --scope ...)"
}
