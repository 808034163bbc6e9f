package main

import (
	"io"

	"github.com/remnant-guard/remnant-guard/hooks"
)

// preCommitHelp is what help says of pre-commit besides its synopsis and flags.
func preCommitHelp() helpDoc {
	return helpDoc{
		about: "Checks what is being committed: the staged content of the files the commit changes, " +
			"against HEAD. A staged REMNANT.md, a secret in an added line, a memory file that breaks " +
			"its schema or an edited decision blocks the commit. This is what the installed git hook " +
			"and the pre-commit framework's hooks run; given FILEs that the commit does not change " +
			"(pre-commit run --all-files), it checks those files as the working tree has them.",
		examples: []string{
			"remnant-guard pre-commit  # what git commit would record",
			"remnant-guard pre-commit --write-ignore  # accept today's staged secret findings as a baseline",
			"REMNANT_GUARD=0 git commit -m wip  # skip the hook once",
		},
	}
}

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
		io.WriteString(stderr, skipOrFixHint(rep))
	}
	return code
}
