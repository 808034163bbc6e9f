package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/hooks/githooks"
)

// hookList collects repeated --hook flags.
type hookList []string

func (h *hookList) String() string     { return fmt.Sprint(*h) }
func (h *hookList) Set(v string) error { *h = append(*h, v); return nil }

// installHelp is what help says of install besides its synopsis and flags.
func installHelp() helpDoc {
	return helpDoc{
		about: "Installs remnant-guard as a plain git hook where git runs hooks (core.hooksPath is " +
			"honoured): pre-commit, pre-merge-commit and pre-applypatch by default (git runs the second for a " +
			"merge commit, the third for git am). A hook that is already there is " +
			"kept and runs first. When a hook manager (husky, lefthook) owns core.hooksPath, install " +
			"prints the snippet for its configuration instead.",
		examples: []string{
			"remnant-guard install  # pre-commit, pre-merge-commit and pre-applypatch",
			"remnant-guard install --hook pre-push  # also check pushes",
			"remnant-guard install --force  # write the hooks even in a hook manager's folder",
			"remnant-guard install --agent claude  # the hooks of Claude Code sessions (also gemini, codex, copilot)",
		},
		exits: exitsAction,
	}
}

func runInstall(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var hooksFlag hookList
	var agent agentFlags
	fs := newFlagSet("install", "install [--force] [--hook NAME]... | install --agent claude|gemini|codex|copilot [--scope project|local|user]", stderr)
	force := fs.Bool("force", false, "write the hooks even where a hook manager owns them, or over a hook of ours edited by hand (kept as a backup)")
	fs.Var(&hooksFlag, "hook", "hook `name` to install: pre-commit, pre-merge-commit, pre-applypatch, pre-push (repeatable; default pre-commit, pre-merge-commit and pre-applypatch)")
	agent.register(fs, "install")
	if code, ok := noPositional(fs, args, stderr); !ok {
		return code
	}
	if agent.agent != "" || agent.scope != "" {
		return installAgent(agent, stdout, stderr)
	}
	return install(githooks.InstallOptions{Hooks: hooksFlag, Force: *force}, stdout, stderr)
}

// install writes the hooks with the running binary's path and reports
// what it did; a hook manager's folder gets that manager's snippet.
func install(opt githooks.InstallOptions, stdout, stderr io.Writer) int {
	bin, err := selfPath()
	if err != nil {
		return fail(stderr, err)
	}
	opt.Binary = bin
	done, err := githooks.Install(opt)
	for _, l := range done {
		fmt.Fprintln(stdout, l)
	}
	var me *githooks.ManagerError
	if errors.As(err, &me) && me.Configured != "" {
		fmt.Fprintf(stdout, "%v\n", me)
		fmt.Fprintf(stderr, "remnant-guard: hint: in a clone where %s's hooks are not installed yet, run '%s'\n", me.Manager, me.InstallHint)
		return exitClean
	}
	if errors.As(err, &me) {
		fmt.Fprintf(stderr, "remnant-guard: error: %v\n", me)
		fmt.Fprintf(stderr, "remnant-guard: hint: add this to %s's configuration:\n\n%s\n", me.Manager, me.Snippet)
		return exitError
	}
	var ee *githooks.EditedHookError
	if errors.As(err, &ee) {
		fmt.Fprintf(stderr, "remnant-guard: error: %v\n", ee)
		fmt.Fprintf(stderr, "remnant-guard: hint: compare it with what install writes, or run install --force\n")
		return exitError
	}
	if err != nil {
		return fail(stderr, err)
	}
	return exitClean
}

// uninstallHelp is what help says of uninstall besides its synopsis and flags.
func uninstallHelp() helpDoc {
	return helpDoc{
		about: "Removes the hooks remnant-guard installed and restores any hook they chained, byte for byte. " +
			"With --agent, removes remnant-guard's entries from that agent's settings file (of --scope) instead; " +
			"the rest of the file stays, and a file left with nothing else is deleted.",
		examples: []string{
			"remnant-guard uninstall  # every remnant-guard hook",
			"remnant-guard uninstall --hook pre-push  # just one",
			"remnant-guard uninstall --agent claude  # the hooks of Claude Code sessions (also gemini, codex, copilot)",
		},
		exits: exitsAction,
	}
}

func runUninstall(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var hooksFlag hookList
	var agent agentFlags
	fs := newFlagSet("uninstall", "uninstall [--force] [--hook NAME]... | uninstall --agent claude|gemini|codex|copilot [--scope project|local|user]", stderr)
	force := fs.Bool("force", false, "remove a hook of ours even when it was edited by hand (kept as a backup)")
	fs.Var(&hooksFlag, "hook", "hook `name` to remove (repeatable; default all of remnant-guard's)")
	agent.register(fs, "remove")
	if code, ok := noPositional(fs, args, stderr); !ok {
		return code
	}
	if agent.agent != "" || agent.scope != "" {
		return uninstallAgent(agent, stdout, stderr)
	}
	done, err := githooks.Uninstall("", hooksFlag, *force)
	for _, l := range done {
		fmt.Fprintln(stdout, l)
	}
	if err != nil {
		return fail(stderr, err)
	}
	if len(done) == 0 {
		fmt.Fprintln(stdout, "remnant-guard: no remnant-guard hooks installed")
	}
	return exitClean
}

// noPositional parses flags for a command that takes no arguments.
func noPositional(fs *flag.FlagSet, args []string, stderr io.Writer) (int, bool) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return usageError(fs, stderr, err), false
	}
	if len(pos) > 0 {
		return usageError(fs, stderr, fmt.Errorf("unexpected argument %q", pos[0])), false
	}
	return 0, true
}

// selfPath is the absolute path of the running binary, for the hooks.
func selfPath() (string, error) {
	p, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("cannot find the remnant-guard binary: %w", err)
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	return p, nil
}
