package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/hooks/agents"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
)

// maxPayload bounds the hook payload read from stdin (a Write payload
// carries the whole file).
const maxPayload = 64 << 20

// agentHookHelp is what help says of agent-hook besides its synopsis and flags.
func agentHookHelp() helpDoc {
	return helpDoc{
		about: "Answers one hook of a coding agent's session, read as JSON from stdin: at session " +
			"start it gives the model the memory context (REMNANT.md's staleness against git log, " +
			"the MemoryCustodian route), after a write to a memory file it checks that file, and at " +
			"the end of a turn it asks for an updated REMNANT.md when the session changed the " +
			"repository. Any other file is passed at once. The answer follows the agent's own " +
			"contract. remnant-guard install --agent writes the entries that run it.",
		examples: []string{
			"remnant-guard install --agent claude  # the entries in .claude/settings.json",
			"remnant-guard agent-hook --agent codex < payload.json  # one hook by hand",
		},
		exits: "0 done: the answer, if any, is JSON on stdout in the agent's contract (findings as " +
			"context for the model, a stop gate's to-do as a block or as context); 1 a fault of " +
			"remnant-guard's own, which blocks nothing",
	}
}

func runAgentHook(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return agentHookWithin(agentDeadline, args, stdin, stdout, stderr)
}

// agentHookWithin is agent-hook giving up after deadline.
func agentHookWithin(deadline time.Duration, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "remnant-guard: error: agent-hook failed unexpectedly (%v); the agent goes on unchecked\n", r)
			code = agents.ExitFault
		}
	}()
	fs := newFlagSet("agent-hook", "agent-hook [--agent claude|gemini|codex|copilot] [--event NAME] < payload.json", stderr)
	name := fs.String("agent", "claude", "the `agent` whose hook payload stdin holds: claude, gemini, codex or copilot")
	event := fs.String("event", "", "the hook `event`, for a payload that names none (GitHub Copilot's camelCase events)")
	pos, err := parseArgs(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		usageError(fs, stderr, err)
		return agents.ExitOK
	case err != nil:
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook: %s\n", flagMessage(err))
		return agents.ExitFault
	case len(pos) > 0:
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook: unexpected argument %q\n", pos[0])
		return agents.ExitFault
	}
	agent, err := agents.Parse(*name)
	if err != nil {
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook: %v\n", err)
		return agents.ExitFault
	}
	done := make(chan agentResult, 1)
	known := make(chan readPayload, 1)
	go answerAgent(agent, *event, stdin, maskerOf(stdout), known, done)
	timer := time.NewTimer(deadline)
	defer timer.Stop()
	var r agentResult
	select {
	case r = <-done:
	case <-timer.C:
		select {
		case r = <-done: // the answer came with the deadline: it counts
			return agentAnswer(agent, r, stdout, stderr)
		default:
		}
		select {
		case k := <-known:
			// The payload was read: the model and the user are told, in
			// the agent's own answer, that memory was not judged. It is
			// parsed here, so that a hook in time pays for one parse.
			if p, err := agents.ParsePayload(k.data); err == nil {
				if _, err := agent.MomentOf(p.Event); err == nil {
					ans := unjudged(agent, p,
						fmt.Sprintf("the check took longer than %s and was given up", deadline),
						fmt.Sprintf("within %s", deadline))
					ans.Client = k.client
					return agents.WriteAnswer(agent, ans, stdout, stderr)
				}
			}
		default:
		}
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook (%s): no answer after %s (stdin left open, or a file or repository too slow to check); the agent goes on unchecked\n", agent, deadline)
		return agents.ExitFault
	}
	return agentAnswer(agent, r, stdout, stderr)
}

// agentAnswer writes the answer, or the fault, of a hook that finished.
func agentAnswer(agent agents.Agent, r agentResult, stdout, stderr io.Writer) int {
	switch {
	case r.panicked != nil:
		panic(r.panicked) // recovered above, with the same message
	case r.readErr != nil:
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook: %v\n", r.readErr)
		return agents.ExitFault
	case r.err != nil:
		if ans, ok := failedUnjudged(agent, r); ok {
			fmt.Fprintf(stderr, "remnant-guard: error: agent-hook (%s): %v; memory was not checked, as the agent is told\n", agent, r.err)
			return agents.WriteAnswer(agent, ans, stdout, stderr)
		}
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook (%s): %v; the agent goes on unchecked\n", agent, r.err)
		return agents.ExitFault
	}
	if r.aside != "" {
		fmt.Fprintln(stderr, r.aside)
		return agents.ExitOK
	}
	return agents.WriteAnswer(agent, r.ans, stdout, stderr)
}

// agentDeadline bounds one hook call, below the 30 s time limit install
// gives the agents: past it, the model and the user are told that memory
// was not checked (or, with no payload read, the agent goes on with an
// error) rather than the hook being held until the agent kills it.
const agentDeadline = 20 * time.Second

// readPayload is a payload the hook has read, with the client that sent
// it, for the answer of a hook that runs out of time.
type readPayload struct {
	data   []byte
	client agents.Agent
}

type agentResult struct {
	ans      agents.Answer
	aside    string // why another run answers instead
	readErr  error
	err      error
	read     *readPayload // the payload, when err came after it was read
	panicked any
}

// unjudged is the answer to a hook whose check ran out of time or failed
// (a configuration, a file or git the check could not read): the memory
// was not judged, and both the model (context, or one block of the turn's
// end) and the user (the agent's systemMessage) are told so, never a
// silent pass. why says it to the user, how to the model ("within 20s").
func unjudged(agent agents.Agent, p *agents.Payload, why, how string) agents.Answer {
	m, _ := agent.MomentOf(p.Event)
	ans := agents.Answer{Event: p.Event, Moment: m}
	user := "remnant-guard: memory was NOT checked: " + why
	switch m {
	case agents.MomentStart:
		ans.Action, ans.UserMessage = agents.Context, user+" (session start)"
		ans.Text = fmt.Sprintf("remnant-guard could not prepare the memory context %s: REMNANT.md and the MemoryCustodian memory were not checked against git. Read them yourself and trust git log over them.", how)
	case agents.MomentWrite:
		ans.Action, ans.UserMessage = agents.Findings, user+" (the file just written)"
		ans.Text = fmt.Sprintf("remnant-guard could not check the file just written %s: if it is a memory file, it was NOT judged. Re-read it against the memory rules (no secrets, the schema, Decisions append-only) before you go on.", how)
	case agents.MomentStop:
		ans.UserMessage = user + " (end of turn)"
		ans.Text = fmt.Sprintf("remnant-guard could not check the memory files %s, so the memory gate did not judge this turn: make sure REMNANT.md is up to date (Done, State, Next, Decisions appended, no secrets) before you finish.", how)
		ans.Action = agents.Block
		if p.StopHookActive {
			// Asked once already: the turn ends, the user is told.
			ans.Action, ans.Text = agents.Note, ans.UserMessage
		}
	}
	return ans
}

// failedUnjudged is the answer to a hook whose check failed on something
// of the repository's (its configuration, a file, git) rather than on the
// payload: like one out of time, the model and the user are told that
// memory was not judged, and why. ok is false for a payload that cannot
// be answered in the agent's contract (not JSON, an event not handled,
// a field missing), which stays a fault of exit 1.
func failedUnjudged(agent agents.Agent, r agentResult) (agents.Answer, bool) {
	var ie *agents.InputError
	if r.read == nil || errors.As(r.err, &ie) {
		return agents.Answer{}, false
	}
	p, err := agents.ParsePayload(r.read.data)
	if err != nil {
		return agents.Answer{}, false
	}
	if _, err := agent.MomentOf(p.Event); err != nil {
		return agents.Answer{}, false
	}
	msg := textsafe.Clip(r.err.Error(), 4*textsafe.MaxEcho)
	ans := unjudged(agent, p, "the check failed: "+msg, "(the check failed: "+msg+")")
	ans.Client = r.read.client
	return ans, true
}

// answerAgent reads the payload and answers it, on its own goroutine so
// that the caller can give up on it; the payload read is sent on known
// first, so that an answer given up on can still be one of its event.
func answerAgent(agent agents.Agent, event string, stdin io.Reader, m *judge.Masker, known chan<- readPayload, done chan<- agentResult) {
	defer func() {
		if p := recover(); p != nil {
			done <- agentResult{panicked: p}
		}
	}()
	data, err := io.ReadAll(io.LimitReader(stdin, maxPayload+1))
	if err == nil && len(data) > maxPayload {
		err = fmt.Errorf("hook payload: over %d MiB", maxPayload>>20)
	}
	if err != nil {
		done <- agentResult{readErr: err}
		return
	}
	data = agents.WithEvent(data, event)
	var client agents.Agent
	if agents.CopilotCalls(agent, os.Getenv) {
		client = agents.Copilot
		if p, err := agents.ParsePayload(data); err == nil && agents.ClaudeCodeCalls(p, os.Getenv) {
			client = "" // Claude Code's own session, with COPILOT_CLI inherited
		}
	}
	known <- readPayload{data, client}
	if r, ok := standAside(agent, client, data); ok {
		done <- r
		return
	}
	ans, err := hooks.AgentHook(agent, data, time.Now(), m)
	ans.Client = client
	done <- agentResult{ans: ans, err: err, read: &readPayload{data, client}}
}

// standAside tells a run of the hook that leaves the answer to another:
// GitHub Copilot CLI runs the Claude Code entries too, which stand aside
// while its own entries are installed; and Codex and Copilot run an entry
// that both the project's and the user's hooks file hold twice, of which
// the first run answers. Only these callers pay for reading the payload
// twice; Codex and Copilot look at the user's hooks file first.
func standAside(agent, client agents.Agent, data []byte) (agentResult, bool) {
	if client != agents.Copilot && !agents.UserScopeHolds(agent, os.Getenv) {
		return agentResult{}, false
	}
	p, err := agents.ParsePayload(data)
	if err != nil {
		return agentResult{}, false // agent-hook reports it
	}
	if client == agents.Copilot {
		if file := agents.CopilotEntries(p.Cwd, p.Event, os.Getenv); file != "" {
			return agentResult{aside: agents.StandAsideText(file)}, true
		}
	}
	if files := agents.InstalledTwice(agent, client, p.Cwd, os.Getenv); files != nil {
		if first, err := hooks.FirstRun(p.Cwd, p.RunKey(), time.Now()); err == nil && !first {
			return agentResult{aside: agents.TwiceText(files)}, true
		}
	}
	return agentResult{}, false
}
