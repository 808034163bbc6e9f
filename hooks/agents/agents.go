package agents

import (
	"fmt"
	"slices"
)

// Agent names a coding agent whose hooks remnant-guard answers.
type Agent string

// The agents agent-hook knows.
const (
	Claude Agent = "claude"
	Gemini Agent = "gemini"
	Codex  Agent = "codex"
	// Copilot is GitHub Copilot (its CLI, and its cloud agent, which runs
	// the repository's .github/hooks).
	Copilot Agent = "copilot"
)

// All lists the agents, in the order the help text names them.
func All() []Agent { return []Agent{Claude, Gemini, Codex, Copilot} }

// Parse reads an agent name.
func Parse(s string) (Agent, error) {
	for _, a := range All() {
		if string(a) == s {
			return a, nil
		}
	}
	return "", fmt.Errorf("unknown agent %q (want claude, gemini, codex or copilot)", s)
}

// Moment is when in a session an agent runs a hook.
type Moment int

// The moments agent-hook acts on.
const (
	MomentStart Moment = iota + 1 // the session starts (or resumes)
	MomentWrite                   // a tool wrote or edited files
	MomentStop                    // the agent is about to end its turn
)

// Action is what agent-hook asks of the agent.
type Action int

const (
	// Silent: nothing to say; the agent goes on.
	Silent Action = iota
	// Context: Text is added to the model's context at session start.
	Context
	// Findings: a memory file the agent just wrote breaks the rules; Text
	// tells the model what to fix.
	Findings
	// Block: the turn may not end yet; Text is the to-do for the model.
	Block
	// Note: the turn ends; Text tells the user why the gate let it.
	Note
)

// Answer is agent-hook's answer to one hook call, in no agent's
// format yet: the command line writes it in the agent's own contract.
type Answer struct {
	Action Action
	Event  string // the payload's hook_event_name
	Moment Moment
	Text   string
	// Client is the client that ran the hook when it is not the agent
	// whose entries did (GitHub Copilot CLI running Claude Code's).
	Client Agent
	// UserMessage, when set, is also shown to the user (systemMessage,
	// which all three agents show): a gate that could not judge says so.
	UserMessage string
}

// MomentOf is the moment an event of the agent stands for; an event
// remnant-guard does not handle is an *InputError.
func (a Agent) MomentOf(event string) (Moment, error) {
	for _, ev := range a.spec().handled() {
		if ev.name == event {
			return ev.moment, nil
		}
	}
	return 0, &InputError{Msg: fmt.Sprintf("event %q is not one remnant-guard handles for %s (want %s)", event, a, a.eventNames())}
}

// Writes tells whether tool is one of the agent's tools that write files.
func (a Agent) Writes(tool string) bool { return slices.Contains(a.spec().writeTools, tool) }
