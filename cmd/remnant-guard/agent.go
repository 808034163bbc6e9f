package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/remnant-guard/remnant-guard/hooks"
)

// The exit codes of agent-hook follow the agents' contract, not the
// house's: 2 blocks (the agent shows stderr to the model), 1 blocks
// nothing in any of the three agents and is what every fault of ours ends
// with.
const (
	agentOK    = 0
	agentFault = 1
	agentBlock = 2
)

// maxPayload bounds the hook payload read from stdin (a Write payload
// carries the whole file).
const maxPayload = 64 << 20

func runAgentHook(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "remnant-guard: error: agent-hook failed unexpectedly (%v); the agent goes on unchecked\n", r)
			code = agentFault
		}
	}()
	fs := newFlagSet("agent-hook", "agent-hook [--agent claude|gemini|codex] < payload.json", stderr)
	name := fs.String("agent", "claude", "the `agent` whose hook payload stdin holds: claude, gemini or codex")
	pos, err := parseArgs(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		usageError(fs, stderr, err)
		return agentOK
	case err != nil:
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook: %s\n", flagMessage(err))
		return agentFault
	case len(pos) > 0:
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook: unexpected argument %q\n", pos[0])
		return agentFault
	}
	agent, err := hooks.ParseAgent(*name)
	if err != nil {
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook: %v\n", err)
		return agentFault
	}
	data, err := io.ReadAll(io.LimitReader(stdin, maxPayload+1))
	if err == nil && len(data) > maxPayload {
		err = fmt.Errorf("hook payload: over %d MiB", maxPayload>>20)
	}
	if err != nil {
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook: %v\n", err)
		return agentFault
	}
	ans, err := hooks.AgentHook(agent, data, time.Now())
	if err != nil {
		fmt.Fprintf(stderr, "remnant-guard: error: agent-hook (%s): %v; the agent goes on unchecked\n", agent, err)
		return agentFault
	}
	return writeAgentAnswer(agent, ans, stdout, stderr)
}
