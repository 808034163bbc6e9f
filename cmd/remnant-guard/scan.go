package main

import (
	"io"

	"github.com/remnant-guard/remnant-guard/hooks"
)

func runScan(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var rf reportFlags
	fs := newFlagSet("scan", "scan [flags] [PATH...]", stderr)
	rf.register(fs)
	writeIgnore := fs.Bool("write-ignore", false, "append today's secret findings to .remnant-guard-ignore as a baseline")
	paths, opt, failOn, code, ok := rf.parse(fs, args, stderr)
	if !ok {
		return code
	}
	opt.WriteIgnore = *writeIgnore
	rep, err := hooks.Scan(opt, paths)
	if err != nil {
		return fail(stderr, err)
	}
	return report(rep, rf, failOn, stdout, stderr)
}
