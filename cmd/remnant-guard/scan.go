package main

import (
	"errors"
	"io"

	"github.com/remnant-guard/remnant-guard/hooks"
)

// scanHelp is what help says of scan besides its synopsis and flags.
func scanHelp() helpDoc {
	return helpDoc{
		about: "Scans the working tree for secrets and validates its memory files, for adopting " +
			"remnant-guard on an existing repository: every file git tracks or would add, or exactly " +
			"the PATHs given. With --history it scans every commit reachable from HEAD for secrets " +
			"and applies the memory rules to the memory files as HEAD has them (nobody can fix an " +
			"old commit's format; a secret in history must be rotated). --write-ignore accepts the " +
			"secret findings as a baseline in .remnant-guard-ignore.",
		examples: []string{
			"remnant-guard scan  # every file of the working tree",
			"remnant-guard scan --history  # every commit reachable from HEAD",
			"remnant-guard scan --write-ignore  # accept the findings of today as a baseline",
		},
	}
}

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
