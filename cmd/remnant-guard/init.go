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
			".remnant-guard.toml with every key at its default. It never overwrites a file, and " +
			"running it again changes nothing.",
		examples: []string{
			"remnant-guard init  # the files",
			"remnant-guard init --hooks  # and the git hooks",
		},
		exits: exitsAction,
	}
}

func runInit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("init", "init [--hooks]", stderr)
	withHooks := fs.Bool("hooks", false, "also install the git hooks (as remnant-guard install does)")
	if code, ok := noPositional(fs, args, stderr); !ok {
		return code
	}
	done, err := hooks.Init(hooks.InitOptions{})
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
