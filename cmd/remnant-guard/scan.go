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
	paths, err := parseArgs(fs, args)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	failOn, only, err := rf.validate()
	if err != nil {
		return usageError(fs, stderr, err)
	}
	rep, err := hooks.Scan(hooks.Options{ConfigPath: rf.config, Only: only, WriteIgnore: *writeIgnore}, paths)
	if err != nil {
		return fail(stderr, err)
	}
	return report(rep, rf, failOn, stdout, stderr)
}
