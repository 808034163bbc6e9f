package agents

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// The exit codes of agent-hook follow the agents' contract, not the
// house's: 2 blocks (the agent shows stderr to the model), 1 blocks
// nothing in any of the three agents and is what every fault of ours ends
// with.
const (
	ExitOK    = 0
	ExitFault = 1
	ExitBlock = 2
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
	switch ans.Action {
	case Context:
		return writeHookJSON(stdout, stderr, hookOutput{Specific: &specificOutput{"SessionStart", ans.Text}})
	case Findings:
		if agent == Claude {
			fmt.Fprintln(stderr, ans.Text)
			return ExitBlock
		}
		// Gemini and Codex would replace the tool's result with a block,
		// and the model would take the write for failed: add context.
		return writeHookJSON(stdout, stderr, hookOutput{Specific: &specificOutput{ans.Event, ans.Text}})
	case Block:
		switch agent {
		case Claude:
			fmt.Fprintln(stderr, ans.Text)
			return ExitBlock
		case Gemini:
			return writeHookJSON(stdout, stderr, hookOutput{Decision: "deny", Reason: ans.Text})
		}
		return writeHookJSON(stdout, stderr, hookOutput{Decision: "block", Reason: ans.Text})
	case Note:
		// The turn ends. Claude Code shows a systemMessage to the user;
		// Gemini CLI shows the user a hook's plain stderr at exit 0; Codex
		// wants nothing or JSON it knows, so stderr only.
		if agent == Claude {
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
