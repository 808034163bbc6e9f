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
	focus := registerFocus(fs)
	paths, opt, failOn, code, ok := rf.parse(fs, args, stderr)
	if !ok {
		return code
	}
	if name, err := focus.chosen(fs, rf.format, paths); err != nil {
		return usageError(fs, stderr, err)
	} else if name != "" {
		return runFocus(name, opt, paths, rf.format, stdout, stderr)
	}
	opt.AcceptDecisions = *accept
	rep, err := hooks.Check(opt, paths)
	if err != nil {
		return fail(stderr, err)
	}
	return writeResult(rep, rf, failOn, stdout, stderr)
}
