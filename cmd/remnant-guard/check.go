package main

import (
	"fmt"
	"io"
	"os"

	"github.com/remnant-guard/remnant-guard/hooks"
)

// checkHelp is what help says of check besides its synopsis and flags.
func checkHelp() helpDoc {
	return helpDoc{
		about: "Validates memory files in the working tree: with no PATH, the repository's root " +
			"REMNANT.md, REMNANT.template.md, AGENTS.md, CLAUDE.md and GEMINI.md, the MemoryCustodian " +
			"directory (docs/memory) and the config's paths; with PATHs, exactly those files and " +
			"directories. The local REMNANT.md is also judged against git: ignored, not stale, " +
			"Decisions append-only. --routing, --reachability, --freshness or --conflicts instead " +
			"runs one focused check of the MemoryCustodian directory (or the one PATH given) and " +
			"prints upstream's report: `MemoryCustodian <check> check: OK|FAILED` and one " +
			"`- <code> <SEVERITY>: <message>` line per finding; exit 1 when one is an ERROR.",
		examples: []string{
			"remnant-guard check  # the repository's memory files",
			"remnant-guard check docs/memory REMNANT.md  # just these",
			"remnant-guard check --format json --output report.json  # a report for a tool, the listing on the terminal",
			"remnant-guard check --freshness  # MemoryCustodian Evidence against the repository and HEAD (also --routing, --reachability, --conflicts)",
		},
	}
}

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
	code = writeResult(rep, rf, failOn, stdout, stderr)
	// A CI job's clone is fresh each time and runs no hooks by design.
	if os.Getenv("CI") == "" {
		if note := hooks.HooksNote(opt.Dir); note != "" {
			fmt.Fprintf(stderr, "remnant-guard: hint: %s\n", note)
		}
	}
	return code
}
