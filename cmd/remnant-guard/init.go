package main

import (
	"fmt"
	"io"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/hooks/githooks"
)

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
