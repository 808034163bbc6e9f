package main

import (
	"fmt"
	"io"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/hooks/githooks"
)

// initHelp is what help says of init besides its synopsis and flags.
func initHelp() helpDoc {
	return helpDoc{
		about: "Sets a repository up for Remnant: writes REMNANT.template.md, ignores REMNANT.md in " +
			".gitignore, adds CLAUDE.md and GEMINI.md pointers to AGENTS.md when it exists, and a " +
			".remnant-guard.toml with every key at its default. With --custodian it writes MemoryCustodian " +
			"protocol 0.8 memory in docs/memory (custodian.dir) instead, with a new random project_id, and no Remnant file. " +
			"In a repository whose only memory is MemoryCustodian's, plain init adds no Remnant file either " +
			"(--remnant adds them). It never overwrites a file, and running it again changes nothing.",
		examples: []string{
			"remnant-guard init  # the files",
			"remnant-guard init --hooks  # and the git hooks",
			"remnant-guard init --custodian  # MemoryCustodian memory instead of Remnant's",
		},
		exits: exitsAction,
	}
}

func runInit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("init", "init [--hooks] [--custodian] [--remnant]", stderr)
	withHooks := fs.Bool("hooks", false, "also install the git hooks (as remnant-guard install does)")
	custodian := fs.Bool("custodian", false, "write MemoryCustodian protocol 0.8 memory (docs/memory) with a new project_id, and no Remnant file")
	remnant := fs.Bool("remnant", false, "write the Remnant files even where MemoryCustodian memory is the only memory (with --custodian: both)")
	if code, ok := noPositional(fs, args, stderr); !ok {
		return code
	}
	done, err := hooks.Init(hooks.InitOptions{Custodian: *custodian, Remnant: *remnant})
	for _, l := range done {
		fmt.Fprintln(stdout, l)
	}
	if err != nil {
		return fail(stderr, err)
	}
	if !*withHooks {
		fmt.Fprintln(stderr, "remnant-guard: hint: install the git hooks with: remnant-guard install")
		return exitClean
	}
	return install(githooks.InstallOptions{}, stdout, stderr)
}
