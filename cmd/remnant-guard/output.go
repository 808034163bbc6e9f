package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// fail prints an error (with a hint when one is known) and returns exit 2.
func fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "remnant-guard: error: %s\n", textsafe.EscapeText(err.Error()))
	var ce *config.Error
	if errors.As(err, &ce) {
		fmt.Fprintf(stderr, "remnant-guard: hint: see the configuration reference, docs/configuration.md\n")
	}
	var h interface{ Hint() string }
	if errors.As(err, &h) {
		fmt.Fprintf(stderr, "remnant-guard: hint: %s\n", h.Hint())
	}
	return exitError
}

// writeResult writes rep in the chosen format, to --output when given (the
// text listing then goes to the terminal), and returns the exit code.
func writeResult(rep *report.Report, rf reportFlags, failOn validate.Severity, stdout, stderr io.Writer) int {
	rep.Settle()
	maskerOf(stdout).Report(rep)
	maskSuppressed(maskerOf(stdout), rep)
	rep.FailOn = failOn
	if rf.acceptHint == "" {
		// ci's hints are read on another machine: they name remnant-guard.
		localizeHints(rep, maskerOf(stdout))
	}
	writeAccepted(stderr, rep)
	if err := writeSARIFFile(rf.sarif, rep, maskerOf(stdout)); err != nil {
		return fail(stderr, err)
	}
	if err := writeReport(rep, rf, stdout, stderr); err != nil {
		return fail(stderr, err)
	}
	if rep.Blocking(failOn) {
		return exitFindings
	}
	return exitClean
}

func writeReport(rep *report.Report, rf reportFlags, stdout, stderr io.Writer) error {
	if rf.output == "" {
		summaryTo := stderr
		if rf.format == "text" || rf.format == "" {
			summaryTo = stdout
		}
		if err := writeFormat(stdout, rep, rf, useColor(stdout, rf.noColor)); err != nil {
			return err
		}
		listed := summaryTo != stdout || report.ListsSkipped(rep, report.TextOptions{Verbose: rf.verbose})
		if err := writeSummary(summaryTo, rep, useColor(summaryTo, rf.noColor), listed); err != nil && summaryTo == stdout {
			return err // the summary is the text report: a lost one is an error
		}
		if summaryTo == stdout && hasSecretFindings(rep) {
			writeSecretHints(stderr, rep, rf)
		}
		return nil
	}
	var buf bytes.Buffer
	rw := newRedactWriter(&buf, maskerOf(stdout))
	err := writeFormat(rw, rep, rf, false)
	if ferr := rw.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if err := writeOutput(rf.output, buf.Bytes()); err != nil {
		return err
	}
	color := useColor(stdout, rf.noColor)
	if err := report.WriteText(stdout, rep, report.TextOptions{Color: color, Verbose: rf.verbose}); err != nil {
		return err
	}
	if err := writeSummary(stdout, rep, color, report.ListsSkipped(rep, report.TextOptions{Verbose: rf.verbose})); err != nil {
		return err
	}
	if hasSecretFindings(rep) {
		writeSecretHints(stderr, rep, rf)
	}
	return nil
}

// hasSecretFindings tells whether a report has a secret finding, with a
// fingerprint shown or not.
func hasSecretFindings(rep *report.Report) bool {
	for _, f := range rep.Findings {
		if isSecret(f.RuleID) {
			return true
		}
	}
	return false
}

// writeSummary is report.WriteSummary that tells whether it was written:
// on a clean run the summary is all the text report holds.
func writeSummary(w io.Writer, rep *report.Report, color, listed bool) error {
	ew := &errWriter{w: w}
	report.WriteSummary(ew, rep, color, listed)
	if ew.err != nil {
		return ew.err
	}
	if rw, ok := w.(*redactWriter); ok {
		return rw.Flush()
	}
	return nil
}

// errWriter keeps the first error of the writes through it.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// writeFormat writes the report itself, without the summary line.
func writeFormat(w io.Writer, rep *report.Report, rf reportFlags, color bool) error {
	switch rf.format {
	case "json":
		return report.WriteJSON(w, rep)
	case "sarif":
		v, _, _ := buildVersion()
		return report.WriteSARIF(w, rep, hooks.RulesWithExamples(), v)
	case "github":
		if err := report.WriteGitHub(w, rep); err != nil {
			return err
		}
		return appendStepSummary(os.Getenv("GITHUB_STEP_SUMMARY"), rep, maskerOf(w))
	case "gitlab":
		return report.WriteGitLab(w, rep)
	case "junit":
		failOn, only, err := rf.validate()
		if err != nil {
			return err
		}
		host, _ := os.Hostname()
		return report.WriteJUnit(w, rep, hooks.RulesWithExamples(), only, failOn, host, time.Now())
	}
	return report.WriteText(w, rep, report.TextOptions{Color: color, Verbose: rf.verbose})
}

// useColor tells whether w is a terminal that may be coloured.
func useColor(w io.Writer, noColor bool) bool {
	if noColor || os.Getenv("NO_COLOR") != "" {
		return false
	}
	return isTerminal(w)
}

// appendStepSummary appends the full list of findings to the job summary
// file as a Markdown table (GitHub shows only ten annotations of each
// kind); nothing when path is "".
func appendStepSummary(path string, rep *report.Report, m *judge.Masker) error {
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	rw := newRedactWriter(f, m)
	err = report.WriteStepSummary(rw, rep)
	if ferr := rw.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeOutput writes the --output file (and ci's --sarif file). Run
// inside a repository, a path in its working tree is written through a
// temporary file and a rename that never leave the tree: the file, a
// dangling link or a folder on the way that is a symbolic link out of it
// (something a commit can put there) is refused with exit 2, and nothing
// is written. So is a link that leads to the git directory or to a file
// remnant-guard reads (a memory file, its config): a report is never
// written over them by a link a commit made. A path outside the working
// tree (absolute, or ../ from it) is the caller's own choice and is
// written as given, as is any path outside a repository.
func writeOutput(path string, data []byte) error {
	if t, abs := outputTree(path); t.top != "" {
		// The errors name the file as the caller did.
		root := safefile.Root{Dir: t.top}
		err := t.refuseLinked(root, path, abs)
		if err == nil {
			err = root.Replace(abs, data, 0o644)
		}
		var oe *safefile.OutsideError
		if errors.As(err, &oe) {
			oe.Path = path
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			pe.Path = path
		}
		var nr *safefile.NotRegularError
		if errors.As(err, &nr) {
			nr.Path = path
		}
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// outputPlace is the working tree a report path is under, as its real
// path, and the git directories of its repository (per worktree and
// common) relative to it when they are inside it.
type outputPlace struct {
	top     string
	gitDirs []string
}

// ownFiles are the files, relative to the working tree, remnant-guard
// reads or keeps there; a report reached through a link is never
// written over one. docs/memory is a folder: nothing under it either.
func ownFiles() []string {
	return []string{
		"REMNANT.md", "REMNANT.template.md", "AGENTS.md", "CLAUDE.md", "GEMINI.md",
		".remnant-guard.toml", ".remnant-guard-ignore", ".gitleaks.toml", ".gitignore",
		"docs/memory",
	}
}

// LinkedOutputError is a report path that a symbolic link leads to the
// git directory or to one of remnant-guard's own files.
type LinkedOutputError struct {
	Path, Target string
}

func (e *LinkedOutputError) Error() string {
	return fmt.Sprintf("%s: is a symbolic link to %s, which a report is never written over: left alone", e.Path, e.Target)
}

// refuseLinked refuses abs when links on the way to it (the file itself
// or a folder) lead into the git directory or to one of ownFiles, where
// the path as given does not name it.
func (t outputPlace) refuseLinked(root safefile.Root, path, abs string) error {
	real, err := root.RealPath(abs)
	if err != nil {
		return err
	}
	given, err := filepath.Rel(t.top, abs)
	if err != nil || real == given {
		return err
	}
	under := func(p, dir string) bool {
		return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
	}
	for _, d := range t.gitDirs {
		if under(real, d) && !under(given, d) {
			return &LinkedOutputError{Path: path, Target: filepath.ToSlash(real)}
		}
	}
	for _, f := range ownFiles() {
		if under(filepath.ToSlash(real), f) {
			return &LinkedOutputError{Path: path, Target: filepath.ToSlash(real)}
		}
	}
	return nil
}

// outputTree is the working tree, as its real path, that path is under
// when the command runs inside a repository, and path made absolute from
// it; a zero place when it is not under one. A relative path is taken
// from the real current directory, so that a current directory reached
// through a link still names the tree it is in.
func outputTree(path string) (t outputPlace, abs string) {
	repo, err := gitutil.OpenFast("")
	if err != nil {
		return outputPlace{}, ""
	}
	defer repo.Close()
	if repo.TopLevel == "" {
		return outputPlace{}, ""
	}
	top, err := filepath.EvalSymlinks(repo.TopLevel)
	if err != nil {
		return outputPlace{}, ""
	}
	abs = path
	if !filepath.IsAbs(abs) {
		wd, err := filepath.EvalSymlinks(".")
		if err != nil {
			return outputPlace{}, ""
		}
		if wd, err = filepath.Abs(wd); err != nil {
			return outputPlace{}, ""
		}
		abs = filepath.Join(wd, path)
	}
	abs = filepath.Clean(abs)
	rel, err := filepath.Rel(top, abs)
	if err != nil || !(rel == "." || filepath.IsLocal(rel)) {
		return outputPlace{}, ""
	}
	t.top = top
	for _, d := range []string{repo.GitDir, repo.CommonDir} {
		if d == "" {
			continue
		}
		if real, err := filepath.EvalSymlinks(d); err == nil {
			d = real
		}
		if r, err := filepath.Rel(top, d); err == nil && filepath.IsLocal(r) {
			t.gitDirs = append(t.gitDirs, r)
		}
	}
	return t, abs
}
