package agents

import (
	"fmt"
	"strings"

	"github.com/remnant-guard/remnant-guard/internal/shquote"
)

// hookGroup is one entry of an event's list in an agent's settings: a
// matcher and the handlers it runs. Fields are in the order the agents'
// documentation writes them.
type hookGroup struct {
	Matcher string        `json:"matcher,omitempty"`
	Hooks   []hookHandler `json:"hooks"`
}

type hookHandler struct {
	Type          string `json:"type"`
	Name          string `json:"name,omitempty"` // Gemini only
	Command       string `json:"command"`
	Timeout       int    `json:"timeout"`                 // seconds; Gemini: milliseconds
	StatusMessage string `json:"statusMessage,omitempty"` // Codex only
}

// hookTimeout is each hook's time limit in seconds.
const hookTimeout = 30

// group is remnant-guard's entry for one event of agent.
func (a Agent) group(ev event) hookGroup {
	h := hookHandler{Type: "command", Command: hookCommand(a), Timeout: hookTimeout}
	a.spec().handler(&h)
	return hookGroup{Matcher: ev.matcher, Hooks: []hookHandler{h}}
}

// hookCommand is the command an agent runs: remnant-guard from PATH, in
// every scope. Project settings are committed, so they name no path of the
// machine install ran on; and the same command in every scope is one the
// agents run once when project and local or user settings both hold it.
// When remnant-guard is not on PATH it says so and exits 1, which blocks
// nothing in any of the agents and so cannot loop (Gemini CLI takes the
// shell's "command not found", exit 127, for a refusal).
//
// Claude Code and Gemini CLI run the command with sh or bash; Codex runs
// it with the user's login shell, which may not be a POSIX one, so its
// command is a script for sh.
func hookCommand(a Agent) string {
	script := fmt.Sprintf(`command -v remnant-guard >/dev/null || { echo "%s" >&2; exit 1; }; exec remnant-guard agent-hook --agent %s`,
		missingText(a), a)
	if a.spec().posixShell {
		return script
	}
	return "sh -c " + shquote.Quote(script)
}

// missingText is what a hook says when remnant-guard is not installed
// where the agent runs.
func missingText(a Agent) string {
	return "remnant-guard: warning: not on PATH, so memory files are not checked in this " + a.spec().title + " session"
}

// isOurCommand tells a handler remnant-guard installed, whatever binary
// path it names.
func isOurCommand(cmd string) bool {
	return strings.Contains(cmd, "remnant-guard") && strings.Contains(cmd, "agent-hook --agent ")
}

// EventNames lists the events remnant-guard hooks into for agent.
func EventNames(a Agent) []string {
	var out []string
	for _, ev := range a.spec().events {
		out = append(out, ev.name)
	}
	return out
}
