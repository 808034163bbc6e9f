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
	files, opt, failOn, code, ok := rf.parse(fs, args, stderr)
	if !ok {
		return code
	}
	opt.WriteIgnore = *writeIgnore
	if skipRequested(stderr) {
		return exitClean
	}
	rep, err := hooks.PreCommit(opt, files)
	if err != nil {
		return fail(stderr, err)
	}
	code = writeResult(rep, rf, failOn, stdout, stderr)
	if code == exitFindings {
		io.WriteString(stderr, "remnant-guard: hint: fix the findings above, or skip the check once with "+skipHint()+"\n")
	}
	return code
}
