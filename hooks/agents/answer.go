package agents

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/remnant-guard/remnant-guard/internal/textsafe"
)

// The exit codes of agent-hook follow the agents' contract, not the
// house's: every answer is JSON on stdout at exit 0; 1 blocks nothing in
// any of the agents and is what every fault of ours ends with. Exit
// 2, which blocks in Claude Code, Gemini CLI and Codex, is not used: Claude Code shows it as an
// error with the command quoted, Gemini CLI and Codex replace the tool's
// result with it.
const (
	ExitOK    = 0
	ExitFault = 1
)

// hookOutput is the JSON an agent reads from a hook's stdout. Each answer
// fills only the fields of its own agent and event: Codex rejects an
// answer with a key it does not know, Gemini wants the object alone.
type hookOutput struct {
	Decision          string          `json:"decision,omitempty"`
	Reason            string          `json:"reason,omitempty"`
	SystemMessage     string          `json:"systemMessage,omitempty"` // Claude Code: shown to the user
	Specific          *specificOutput `json:"hookSpecificOutput,omitempty"`
	AdditionalContext string          `json:"additionalContext,omitempty"` // GitHub Copilot
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
	user := textsafe.EscapeText(ans.UserMessage)
	shape := agent.spec().answer
	if ans.Client == Copilot && agent == Claude {
		shape = claudeViaCopilot
		// Where the hooks take effect is GitHub Copilot's to say here.
		ans.Text = strings.Replace(ans.Text, Claude.Reach(), Copilot.Reach(), 1)
	}
	switch ans.Action {
	case Context:
		return writeHookJSON(stdout, stderr, shape.context("SessionStart", ans.Text, user))
	case Findings:
		return writeHookJSON(stdout, stderr, shape.context(ans.Event, ans.Text, user))
	case Block:
		if slices.Contains(shape.blockAsContext, ans.Event) {
			return writeHookJSON(stdout, stderr, hookOutput{SystemMessage: user, Specific: &specificOutput{ans.Event, ans.Text}})
		}
		return writeHookJSON(stdout, stderr, hookOutput{Decision: shape.blockDecision, Reason: ans.Text, SystemMessage: user})
	case Note:
		if user != "" {
			// Shown to the user by every agent, in its own JSON.
			return writeHookJSON(stdout, stderr, hookOutput{SystemMessage: ans.Text})
		}
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

// context is an answer that adds text to the model's context.
func (shape answerShape) context(event, text, user string) hookOutput {
	switch {
	case shape.topLevelContext:
		return hookOutput{AdditionalContext: text, SystemMessage: user}
	case shape.bothContexts:
		return hookOutput{Specific: &specificOutput{event, text}, AdditionalContext: text, SystemMessage: user}
	}
	return hookOutput{Specific: &specificOutput{event, text}, SystemMessage: user}
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
