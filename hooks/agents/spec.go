package agents

import (
	"strings"
	"sync"
)

// spec is everything remnant-guard knows of one agent: the events it hooks
// into, the tools that write files, where the settings live, what its
// handlers carry, how an answer is written in its contract, and what to
// tell the user at install. Adding an agent is adding its spec to specs.
type spec struct {
	// title is the agent as its users call it.
	title string
	// events are the events install adds, in that order, each with its
	// matcher and the moment it stands for.
	events []event
	// alsoHandled are events answered that install does not add.
	alsoHandled []event
	// writeTools are the tools that write files; patches says they name
	// the files in an apply_patch text rather than in file_path.
	writeTools []string
	patches    bool
	// settings names the settings file of each scope, relative to the
	// repository top ("project", "local") or the home directory ("user");
	// comments says the file may hold comments.
	settings map[string]string
	comments bool
	// ownFile: the settings file is remnant-guard's own, written whole in
	// the agent's hooks-file format (GitHub Copilot's .github/hooks).
	ownFile bool
	// handler fills in the handler fields of the agent's own.
	handler func(*hookHandler)
	// posixShell: the agent runs a command with sh or bash (else with the
	// user's login shell, which may be any).
	posixShell bool
	// launchFolderOnly: the agent reads the project settings only in the
	// folder a session starts in, not in the repository's subfolders.
	launchFolderOnly bool
	// reach says, for the model at the start of a session, where the
	// hooks take effect.
	reach string
	// answer is how an answer is written in the agent's contract.
	answer answerShape
	// notes tells the user what the agent needs before it runs the hooks,
	// and which switch in its settings turns them off; literal reads a
	// literal of the settings file by its keys.
	notes func(opt InstallOptions, file string, literal func(keys ...string) string) []string
}

// event is one hook event of an agent.
type event struct {
	name, matcher string
	moment        Moment
}

// answerShape is how an agent takes each kind of answer.
type answerShape struct {
	// Findings after a write are always additional context: a block would
	// make the model take the write for failed (Gemini CLI and Codex
	// replace the tool's result), and Claude Code labels exit 2 an error
	// and quotes the command twice.

	// blockDecision is the "decision" of a stop block.
	blockDecision string
	// blockAsContext names the stop events whose block is additional
	// context instead: the agent goes on with it as a reminder, with no
	// error shown to the user and no command quoted.
	blockAsContext []string
	// noteAsSystemMessage: the note that ends a turn is a systemMessage
	// shown to the user; otherwise plain stderr at exit 0.
	noteAsSystemMessage bool
	// topLevelContext: context goes in a top-level additionalContext
	// (GitHub Copilot reads no hookSpecificOutput); bothContexts: in both
	// places, for an answer that Claude Code and GitHub Copilot both read.
	topLevelContext, bothContexts bool
}

// claudeViaCopilot is how the Claude Code entries answer when GitHub
// Copilot CLI runs them (it reads .claude/settings.json too): context in
// both places, which Claude Code also accepts (it reads
// hookSpecificOutput), and a stop block as a decision, the one answer
// Copilot continues a turn on.
var claudeViaCopilot = answerShape{blockDecision: "block", noteAsSystemMessage: true, bothContexts: true}

// specs are the agents remnant-guard knows.
var specs = sync.OnceValue(func() map[Agent]*spec {
	return map[Agent]*spec{
		Claude: {
			title: "Claude Code",
			events: []event{
				{"SessionStart", "", MomentStart},
				{"PostToolUse", "Write|Edit|NotebookEdit", MomentWrite},
				{"Stop", "", MomentStop},
			},
			alsoHandled:      []event{{"SubagentStop", "", MomentStop}},
			writeTools:       []string{"Write", "Edit", "NotebookEdit"},
			settings:         map[string]string{"project": ".claude/settings.json", "local": ".claude/settings.local.json", "user": ".claude/settings.json"},
			handler:          func(*hookHandler) {},
			posixShell:       true,
			launchFolderOnly: true,
			reach:            "Claude Code runs the project's hooks only in sessions started at the repository top; sessions started in a subfolder are checked once `remnant-guard install --agent claude --scope local` has been run",
			answer:           answerShape{blockDecision: "block", blockAsContext: []string{"Stop"}, noteAsSystemMessage: true},
			notes:            claudeNotes,
		},
		Gemini: {
			title: "Gemini CLI",
			events: []event{
				{"SessionStart", "", MomentStart},
				{"AfterTool", "write_file|replace", MomentWrite},
				{"AfterAgent", "", MomentStop},
			},
			writeTools: []string{"write_file", "replace"},
			settings:   map[string]string{"project": ".gemini/settings.json", "user": ".gemini/settings.json"},
			comments:   true,
			handler: func(h *hookHandler) {
				h.Name = "remnant-guard"
				h.Timeout = hookTimeout * 1000 // milliseconds
			},
			posixShell:       true,
			launchFolderOnly: true,
			reach:            "Gemini CLI runs the project's hooks only in sessions started at the repository top; sessions started in a subfolder are checked once `remnant-guard install --agent gemini --scope user` has been run",
			answer:           answerShape{blockDecision: "deny"},
			notes:            geminiNotes,
		},
		Codex: {
			title: "Codex",
			events: []event{
				{"SessionStart", "", MomentStart},
				{"PostToolUse", "apply_patch", MomentWrite},
				{"Stop", "", MomentStop},
			},
			alsoHandled: []event{{"SubagentStop", "", MomentStop}},
			writeTools:  []string{"apply_patch"},
			patches:     true,
			settings:    map[string]string{"project": ".codex/hooks.json", "user": ".codex/hooks.json"},
			handler:     func(h *hookHandler) { h.StatusMessage = "remnant-guard: checking memory" },
			reach:       "Codex runs them in any folder of the repository once they are trusted (/hooks)",
			answer:      answerShape{blockDecision: "block"},
			notes:       codexNotes,
		},
		Copilot: {
			title: "GitHub Copilot",
			// The camelCase events, the form GitHub documents for its CLI
			// and cloud agent; their payloads name no event, so each entry
			// passes its own (--event).
			events: []event{
				{"sessionStart", "", MomentStart},
				{"postToolUse", "", MomentWrite},
				{"agentStop", "", MomentStop},
			},
			writeTools: []string{"create", "edit"},
			settings:   map[string]string{"project": ".github/hooks/remnant-guard.json", "user": ".copilot/hooks/remnant-guard.json"},
			ownFile:    true,
			handler:    func(*hookHandler) {},
			posixShell: true, // bash --norc --noprofile -c
			reach:      "GitHub Copilot CLI runs them in any folder of the repository once the repository's top folder is trusted (copilot -p --trust-folder in a subfolder trusts only that subfolder, and no hook runs)",
			answer:     answerShape{blockDecision: "block", topLevelContext: true},
			notes:      copilotNotes,
		},
	}
})

// Reach says where the agent's hooks take effect.
func (a Agent) Reach() string { return a.spec().reach }

// spec is the agent's spec; every Agent value comes from Parse or the
// constants, so it has one.
func (a Agent) spec() *spec { return specs()[a] }

// handled are the events answered: those install adds, then the others.
func (s *spec) handled() []event {
	return append(append([]event(nil), s.events...), s.alsoHandled...)
}

// eventNames lists the handled events for an error message: "A, B or C".
func (a Agent) eventNames() string {
	var names []string
	for _, ev := range a.spec().handled() {
		names = append(names, ev.name)
	}
	last := len(names) - 1
	return strings.Join(names[:last], ", ") + " or " + names[last]
}
