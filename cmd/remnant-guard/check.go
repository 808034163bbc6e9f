package main

import (
	"io"

	"github.com/remnant-guard/remnant-guard/hooks"
)

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var rf reportFlags
	fs := newFlagSet("check", "check [flags] [PATH...]", stderr)
	rf.register(fs)
	accept := fs.Bool("accept-decisions", false, "record the local REMNANT.md's Decisions as they stand (after a deliberate correction)")
	paths, err := parseArgs(fs, args)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	failOn, only, err := rf.validate()
	if err != nil {
		return usageError(fs, stderr, err)
	}
	rep, err := hooks.Check(hooks.Options{ConfigPath: rf.config, Only: only, AcceptDecisions: *accept}, paths)
	if err != nil {
		return fail(stderr, err)
	}
	return report(rep, rf, failOn, stdout, stderr)
}
