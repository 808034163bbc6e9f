package main

import (
	"errors"
	"io"

	"github.com/remnant-guard/remnant-guard/hooks"
)

func runScan(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var rf reportFlags
	fs := newFlagSet("scan", "scan [flags] [PATH...] | scan --history [--all] [flags]", stderr)
	rf.register(fs)
	writeIgnore := fs.Bool("write-ignore", false, "append today's secret findings to .remnant-guard-ignore as a baseline")
	history := fs.Bool("history", false, "scan every commit reachable from HEAD for secrets, and HEAD's memory files")
	all := fs.Bool("all", false, "with --history: scan the commits of every ref (branches, tags, remote-tracking branches, stashes), not only HEAD's")
	paths, opt, failOn, code, ok := rf.parse(fs, args, stderr)
	if !ok {
		return code
	}
	if *history && len(paths) > 0 {
		return usageError(fs, stderr, errors.New("scan --history takes no paths: it checks every commit reachable from HEAD"))
	}
	opt.WriteIgnore, opt.History, opt.AllRefs = *writeIgnore, *history, *all
	p := newProgress(stderr, rf.format)
	if p != nil && *history {
		opt.Progress = p.update
	}
	rep, err := hooks.Scan(opt, paths)
	if p != nil {
		p.finish() // before anything else is written to the terminal
	}
	if err != nil {
		return historyError(stderr, err)
	}
	return writeResult(rep, rf, failOn, stdout, stderr)
}
