package main

import (
	"fmt"
	"io"

	"github.com/remnant-guard/remnant-guard/hooks"
)

// prePushHelp is what help says of pre-push besides its synopsis and flags.
func prePushHelp() helpDoc {
	return helpDoc{
		about: "Checks every commit a push sends, read from git's pre-push input on stdin " +
			"(\"<local ref> <local sha> <remote ref> <remote sha>\" lines), so that commits made with " +
			"git commit --no-verify are caught before they leave the machine. Install it with " +
			"remnant-guard install --hook pre-push.",
		examples: []string{
			"remnant-guard install --hook pre-push  # run it on every git push",
			"echo \"refs/heads/main $(git rev-parse HEAD) refs/heads/main $(git rev-parse origin/main)\" | remnant-guard pre-push  # by hand",
		},
	}
}

// runPrePush checks the commits being pushed, read from git's pre-push
// input: "<local ref> <local sha> <remote ref> <remote sha>" lines.
func runPrePush(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var rf reportFlags
	fs := newFlagSet("pre-push", "pre-push [flags] [REMOTE URL] < refs", stderr)
	rf.register(fs)
	pos, opt, failOn, code, ok := rf.parse(fs, args, stderr)
	if !ok {
		return code
	}
	if len(pos) > 2 { // git passes the remote's name and URL
		return usageError(fs, stderr, fmt.Errorf("unexpected argument %q", pos[2]))
	}
	if skipRequested(stderr) {
		return exitClean
	}
	updates, err := hooks.ParsePushUpdates(stdin)
	if err != nil {
		return fail(stderr, err)
	}
	remote := ""
	if len(pos) > 0 {
		remote = pos[0]
	}
	rep, err := hooks.PrePush(opt, remote, updates)
	if err != nil {
		return historyError(stderr, err)
	}
	code = writeResult(rep, rf, failOn, stdout, stderr)
	if code == exitFindings {
		io.WriteString(stderr, "remnant-guard: hint: rewrite the commits above (git rebase -i), then push again\n")
	}
	return code
}
