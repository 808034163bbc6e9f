package main

import (
	"io"

	"github.com/remnant-guard/remnant-guard/hooks"
)

func runPreCommit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var rf reportFlags
	fs := newFlagSet("pre-commit", "pre-commit [flags] [FILE...]", stderr)
	rf.register(fs)
	writeIgnore := fs.Bool("write-ignore", false, "append the staged secret findings to .remnant-guard-ignore as a baseline")
	files, err := parseArgs(fs, args)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	failOn, only, err := rf.validate()
	if err != nil {
		return usageError(fs, stderr, err)
	}
	rep, err := hooks.PreCommit(hooks.Options{ConfigPath: rf.config, Only: only, WriteIgnore: *writeIgnore}, files)
	if err != nil {
		return fail(stderr, err)
	}
	code := report(rep, rf, failOn, stdout, stderr)
	if code == exitFindings {
		io.WriteString(stderr, "remnant-guard: hint: fix the findings above, or skip the check once with REMNANT_GUARD=0 git commit ...\n")
	}
	return code
}
