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
func (a Agent) group(ev event, binary string) hookGroup {
	h := hookHandler{Type: "command", Command: hookCommand(a, binary), Timeout: hookTimeout}
	a.spec().handler(&h)
	return hookGroup{Matcher: ev.matcher, Hooks: []hookHandler{h}}
}

// Command is the command an agent runs: the binary at the path
// install saw, else remnant-guard from PATH, as the git hook finds it. A
// missing binary ends with exit 1, which blocks nothing in any agent
// (Gemini would take a "command not found" for a refusal).
func hookCommand(a Agent, binary string) string {
	script := fmt.Sprintf(`b=%s; [ -x "$b" ] || b=$(command -v remnant-guard) || { echo "remnant-guard: error: the remnant-guard binary is gone and not on PATH; reinstall it or run: remnant-guard uninstall --agent %s" >&2; exit 1; }; exec "$b" agent-hook --agent %s`,
		shquote.Quote(binary), a, a)
	return "sh -c " + shquote.Quote(script)
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
