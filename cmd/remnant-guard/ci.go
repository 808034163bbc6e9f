package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// ciHelp is what help says of ci besides its synopsis and flags.
func ciHelp() helpDoc {
	return helpDoc{
		about: "Checks every commit of a pull request, merge request or range, oldest first: secrets " +
			"in added lines, a committed REMNANT.md, the memory rules on each memory file a commit " +
			"changes, and the Decisions base against head. Without --base the range comes from the " +
			"GitHub event file, GitLab's merge request variables, or the merge base with origin/HEAD. " +
			"The rules are read from the base commit, so a pull request cannot turn them off.",
		examples: []string{
			"remnant-guard ci  # the pull request's commits, found from the environment",
			"remnant-guard ci --base origin/main --format github  # annotations in GitHub Actions",
			"remnant-guard ci --format junit --output remnant-guard.xml  # a test report for GitLab, Jenkins or Azure",
			"remnant-guard ci --format github --sarif \"$RUNNER_TEMP/remnant-guard.sarif\"  # annotations and a SARIF file in one run",
		},
	}
}

func runCI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	rf := reportFlags{acceptHint: acceptHintCI}
	fs := newFlagSet("ci", "ci [--base REV] [--head REV] [flags]", stderr)
	rf.register(fs)
	base := fs.String("base", "", "check the commits after `rev` (default: worked out from the CI event, see docs/ci.md, or the merge base with origin/HEAD)")
	head := fs.String("head", "", "check the commits up to `rev` (default: HEAD)")
	fs.StringVar(&rf.sarif, "sarif", "", "also write a SARIF report to `file`, whatever --format says (for code scanning)")
	pos, opt, failOn, code, ok := rf.parse(fs, args, stderr)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(fs, stderr, fmt.Errorf("unexpected argument %q", pos[0]))
	}
	if sameReportFile(rf.sarif, rf.output) {
		return usageError(fs, stderr, fmt.Errorf("--sarif %s and --output %s are the same file: the one report would overwrite the other", rf.sarif, rf.output))
	}
	rep, rng, err := hooks.CI(hooks.CIOptions{Options: opt, Base: *base, Head: *head})
	if err != nil {
		return historyError(stderr, err)
	}
	if rng.WholeHistory() {
		fmt.Fprintf(stderr, "remnant-guard: checking the whole history of %s (%s, from %s)\n",
			report.ShortRev(rng.Head), report.Plural(rng.Commits, "commit"), rng.From)
	} else {
		fmt.Fprintf(stderr, "remnant-guard: checking %s..%s (%s, base from %s; compared with the merge base %s)\n",
			report.ShortRev(rng.Base), report.ShortRev(rng.Head), report.Plural(rng.Commits, "commit"), rng.From, report.ShortRev(rng.MergeBase))
	}
	return writeResult(rep, rf, failOn, stdout, stderr)
}

// historyError prints an error about reading history, with the fetch to
// run when the clone is shallow.
func historyError(stderr io.Writer, err error) int {
	code := fail(stderr, err)
	var se *hooks.ShallowError
	switch {
	case errors.As(err, &se):
		fmt.Fprintf(stderr, "remnant-guard: hint: run git fetch --unshallow (in GitHub Actions: actions/checkout with fetch-depth: 0; in GitLab CI: GIT_DEPTH: 0)\n")
	case errors.Is(err, hooks.ErrNoRange):
		fmt.Fprintf(stderr, "remnant-guard: hint: give --base REV, or run git remote set-head origin --auto\n")
	}
	return code
}

// sameReportFile tells whether two report paths name one file: the same
// path once links (of the folders, and of the file itself, also to a
// target yet to be made) are followed, or two names of one existing file.
func sameReportFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	return resolveReportPath(a) == resolveReportPath(b) || sameFile(a, b)
}

// resolveReportPath is path made absolute with the links on the way
// followed as far as they exist: the file os.Create(path) writes.
func resolveReportPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	for hops := 0; hops < 40; hops++ {
		dir, name := filepath.Split(abs)
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			dir = real
		}
		abs = filepath.Join(dir, name)
		target, err := safefile.FollowLinks(abs)
		if err != nil || target == abs {
			return abs
		}
		abs = target
	}
	return abs
}

// writeSARIFFile writes the SARIF report of ci's --sarif to path, masked
// like every report; nothing when path is "". With it one run gives both
// the annotations (--format github) and the file code scanning reads.
func writeSARIFFile(path string, rep *report.Report, m *judge.Masker) error {
	if path == "" {
		return nil
	}
	// Rendered first, then written as --output writes: never through a
	// link out of the repository, whole or not at all.
	var buf bytes.Buffer
	rw := newRedactWriter(&buf, m)
	err := writeFormat(rw, rep, reportFlags{format: "sarif"}, false)
	if ferr := rw.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	return writeOutput(path, buf.Bytes())
}
