package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// allowHelp is what help says of allow besides its synopsis and flags.
func allowHelp() helpDoc {
	return helpDoc{
		about: "Accepts one secret finding that is not a secret, in .remnant-guard-ignore: by the " +
			"fingerprint a report shows, or by PATH:LINE as a finding is printed (PATH alone for a " +
			"finding about a file's name), looked up in the staged and the working-tree content, " +
			"or by COMMIT:PATH:LINE for one in history, as pre-push and ci print it (and gitleaks " +
			"names findings). A finding named by its place is written as its " +
			"fingerprint limited to that file: it stays accepted when lines move, and the same text " +
			"elsewhere is still reported. It says what it accepted, and warns when that has the " +
			"format of a real key. A file without a salt gets one first (init writes one too). " +
			"Commit .remnant-guard-ignore. To accept every current finding at once (adopting on an " +
			"old repository), see scan --write-ignore.",
		examples: []string{
			"remnant-guard allow testdata/creds.ini:2  # the finding printed at that line",
			"remnant-guard allow 5d41402abc4b2a76b9719d911017c592  # the finding with that fingerprint",
			"remnant-guard allow 1a2b3c4d5e6f:config/old.env:3  # a finding in a commit",
		},
		exits: "0 accepted; 2 usage error, no secret finding at the place named, a fingerprint before the repository has a salt, not in a git repository, or an I/O error",
	}
}

func runAllow(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("allow", "allow FINGERPRINT | allow [COMMIT:]PATH[:LINE]", stderr)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	if len(pos) != 1 {
		return usageError(fs, stderr, errors.New("allow takes one FINGERPRINT or PATH:LINE, as a finding shows it"))
	}
	res, err := hooks.Allow(hooks.Options{Masker: maskerOf(stderr)}, pos[0])
	if err != nil {
		return fail(stderr, err)
	}
	if res.Salted {
		fmt.Fprintln(stdout, ".remnant-guard-ignore: salt added (secret findings now show their fingerprint)")
	}
	for _, fp := range res.Already {
		fmt.Fprintf(stdout, "already accepted: %s\n", fp)
	}
	live := 0
	for _, a := range res.Accepted {
		fmt.Fprintf(stdout, "accepted %s: %s [%s], fingerprint %s\n", report.Location(a.Finding), a.Finding.Message, a.Finding.RuleID, a.Finding.Fingerprint)
		if a.Live {
			live++
		}
	}
	if len(res.Accepted) == 0 && len(res.Already) == 0 {
		fmt.Fprintf(stdout, "accepted fingerprint %s\n", pos[0])
	}
	if live > 0 {
		fmt.Fprintf(stderr, "remnant-guard: warning: it has the format of a real key: if it is one, rotate it, take it out of the file "+
			"and delete its line from .remnant-guard-ignore\n")
	}
	fmt.Fprintln(stderr, "remnant-guard: hint: commit .remnant-guard-ignore so that the hooks and CI of every clone accept it too")
	return exitClean
}
