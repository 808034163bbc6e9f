package main

import (
	"fmt"
	"io"
	"os"
)

// skipEnv turns the commit and push checks off for one run when it is "0".
// remnant-guard reads it itself, so it works under every hook manager, and
// the hook's chained hook still runs.
const skipEnv = "REMNANT_GUARD"

// skipRequested tells whether REMNANT_GUARD=0 asks to skip the check, and
// says so on stderr.
func skipRequested(stderr io.Writer) bool {
	if os.Getenv(skipEnv) != "0" {
		return false
	}
	fmt.Fprintf(stderr, "remnant-guard: note: %s=0 is set: the check is skipped\n", skipEnv)
	return true
}

// skipHint is how to skip the check once, for the way the hook ran: the
// git command that ran it, and under the pre-commit framework its own SKIP.
func skipHint() string {
	command := map[string]string{
		"pre-merge-commit": "git merge ...",
		"pre-applypatch":   "git am ...",
		"pre-push":         "git push ...",
	}[os.Getenv("REMNANT_GUARD_HOOK")]
	if command == "" {
		command = "git commit ..."
	}
	hint := fmt.Sprintf("%s=0 %s", skipEnv, command)
	if os.Getenv("PRE_COMMIT") == "1" {
		hint += " (or SKIP=remnant-guard " + command + ")"
	}
	return hint
}
