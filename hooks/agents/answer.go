package agents

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/remnant-guard/remnant-guard/internal/textsafe"
)

// The exit codes of agent-hook follow the agents' contract, not the
// house's: 2 blocks (the agent shows stderr to the model), 1 blocks
// nothing in any of the three agents and is what every fault of ours ends
// with.
const (
	ExitOK    = 0
	ExitFault = 1
	exitBlock = 2
)

// hookOutput is the JSON an agent reads from a hook's stdout. Each answer
// fills only the fields of its own agent and event: Codex rejects an
// answer with a key it does not know, Gemini wants the object alone.
type hookOutput struct {
	Decision      string          `json:"decision,omitempty"`
	Reason        string          `json:"reason,omitempty"`
	SystemMessage string          `json:"systemMessage,omitempty"` // Claude Code: shown to the user
	Specific      *specificOutput `json:"hookSpecificOutput,omitempty"`
}

type specificOutput struct {
	HookEventName     string `json:"hookEventName"`
	AdditionalContext string `json:"additionalContext"`
}

// WriteAnswer writes ans in agent's contract and returns the exit
// code that goes with it.
func WriteAnswer(agent Agent, ans Answer, stdout, stderr io.Writer) int {
	// The text quotes memory files and names: the controls in it are
	// shown escaped, as in every other output (textsafe.EscapeText).
	ans.Text = textsafe.EscapeText(ans.Text)
	shape := agent.spec().answer
	switch ans.Action {
	case Context:
		return writeHookJSON(stdout, stderr, hookOutput{Specific: &specificOutput{"SessionStart", ans.Text}})
	case Findings:
		if shape.findingsOnStderr {
			fmt.Fprintln(stderr, ans.Text)
			return exitBlock
		}
		return writeHookJSON(stdout, stderr, hookOutput{Specific: &specificOutput{ans.Event, ans.Text}})
	case Block:
		if shape.blockDecision == "" {
			fmt.Fprintln(stderr, ans.Text)
			return exitBlock
		}
		return writeHookJSON(stdout, stderr, hookOutput{Decision: shape.blockDecision, Reason: ans.Text})
	case Note:
		// The turn ends: a systemMessage where the agent shows one to the
		// user, else plain stderr (Gemini CLI shows it at exit 0; Codex
		// wants nothing or JSON it knows).
		if shape.noteAsSystemMessage {
			return writeHookJSON(stdout, stderr, hookOutput{SystemMessage: ans.Text})
		}
		fmt.Fprintln(stderr, ans.Text)
	}
	return ExitOK
}

// writeHookJSON writes one JSON object and a newline, nothing else.
func writeHookJSON(stdout, stderr io.Writer, v hookOutput) int {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook: %v\n", err)
		return ExitFault
	}
	if _, err := stdout.Write(buf.Bytes()); err != nil {
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook: %v\n", err)
		return ExitFault
	}
	return ExitOK
}
