package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/remnant-guard/remnant-guard/hooks/agents"
)

// agentFlags are install's and uninstall's flags for an agent's hooks.
type agentFlags struct{ agent, scope string }

// register defines --agent and --scope; verb says what the command does
// to the agent's hooks ("install", "remove").
func (a *agentFlags) register(fs interface {
	StringVar(p *string, name, value, usage string)
}, verb string) {
	fs.StringVar(&a.agent, "agent", "", verb+" the hooks of a coding `agent` instead: claude, gemini, codex or copilot")
	fs.StringVar(&a.scope, "scope", "", "with --agent: the `scope` whose settings file changes: project (default), local (Claude Code only) or user")
}

func (a agentFlags) options(stderr io.Writer) (agents.InstallOptions, bool) {
	if a.agent == "" {
		fmt.Fprintln(stderr, "remnant-guard: error: --scope goes with --agent claude|gemini|codex|copilot")
		return agents.InstallOptions{}, false
	}
	agent, err := agents.Parse(a.agent)
	if err != nil {
		fmt.Fprintf(stderr, "remnant-guard: error: %v\n", err)
		return agents.InstallOptions{}, false
	}
	return agents.InstallOptions{Agent: agent, Scope: a.scope}, true
}

// installAgent adds the agent hooks to the agent's settings file.
func installAgent(a agentFlags, stdout, stderr io.Writer) int {
	opt, ok := a.options(stderr)
	if !ok {
		return exitError
	}
	res, err := agents.Install(opt)
	if err != nil {
		return fail(stderr, err)
	}
	events := eventList(opt.Agent)
	switch {
	case res.Changed:
		fmt.Fprintf(stdout, "%s: remnant-guard's %s hooks installed (%s)\n", res.File, opt.Agent, events)
	default:
		fmt.Fprintf(stdout, "%s: remnant-guard's %s hooks already installed\n", res.File, opt.Agent)
	}
	for _, n := range res.Notes {
		fmt.Fprintf(stderr, "remnant-guard: hint: %s\n", n)
	}
	return exitClean
}

// uninstallAgent removes the agent hooks, and only them.
func uninstallAgent(a agentFlags, stdout, stderr io.Writer) int {
	opt, ok := a.options(stderr)
	if !ok {
		return exitError
	}
	res, err := agents.Uninstall(opt)
	if err != nil {
		return fail(stderr, err)
	}
	switch {
	case res.Deleted:
		fmt.Fprintf(stdout, "%s: remnant-guard's %s hooks removed; the file held nothing else and is deleted\n", res.File, opt.Agent)
	case res.Changed:
		fmt.Fprintf(stdout, "%s: remnant-guard's %s hooks removed\n", res.File, opt.Agent)
	default:
		fmt.Fprintf(stdout, "%s: no remnant-guard hooks installed\n", res.File)
	}
	return exitClean
}

func eventList(a agents.Agent) string {
	return strings.Join(agents.EventNames(a), ", ")
}
