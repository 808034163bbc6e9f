package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/validate"
)

const (
	colorRed    = "\x1b[31m"
	colorYellow = "\x1b[33m"
	colorDim    = "\x1b[2m"
	colorReset  = "\x1b[0m"
)

func paint(on bool, color, s string) string {
	if !on {
		return s
	}
	return color + s + colorReset
}

// textOptions say how text output looks.
type textOptions struct {
	color bool
	// verbose lists every skipped file; without it they are counted.
	verbose bool
}

// writeText prints one finding a line, as path:line:col: severity: message
// [rule-id], with the hint indented below it; a secret finding's hint
// carries its fingerprint.
func writeText(w io.Writer, rep *hooks.Report, opt textOptions) error {
	for _, f := range rep.Findings {
		sev := f.Severity.String()
		if f.Severity == validate.Error {
			sev = paint(opt.color, colorRed, sev)
		} else {
			sev = paint(opt.color, colorYellow, sev)
		}
		fmt.Fprintf(w, "%s: %s: %s [%s]\n", location(f), sev, f.Message, f.RuleID)
		hint := f.Hint
		if f.Fingerprint != "" {
			hint = secretHint(f)
		}
		if hint != "" {
			for _, l := range strings.Split(hint, "\n") {
				fmt.Fprintf(w, "    %s\n", paint(opt.color, colorDim, l))
			}
		}
	}
	if listsSkipped(rep, opt) {
		for _, s := range rep.Skipped {
			fmt.Fprintf(w, "%s: skipped: %s\n", location(validate.Finding{Path: s.Path}), s.Reason)
		}
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "remnant-guard: note: %s\n", n)
	}
	return nil
}

// listsSkipped tells whether the skipped files are listed one a line:
// with --verbose, or when they block; else the summary counts them.
func listsSkipped(rep *hooks.Report, opt textOptions) bool { return opt.verbose || rep.BlockSkipped }

// secretHint is a secret finding's hint: what to do, and the fingerprint
// that accepts it. How to accept one is said once, by acceptHint.
func secretHint(f validate.Finding) string {
	what, _, _ := strings.Cut(f.Hint, ";")
	if what == "" {
		what = "remove the secret and rotate it"
	}
	return fmt.Sprintf("%s; fingerprint %s", what, f.Fingerprint)
}

// acceptHint says how to accept secret findings that are not secrets; it
// is printed once per run, after the findings.
const acceptHint = "remnant-guard: hint: not a secret? write remnant-guard:allow in a comment on its line " +
	"(remnant-guard:allow-next-line on the line above), or add its fingerprint to .remnant-guard-ignore; " +
	"remnant-guard scan --write-ignore (or pre-commit --write-ignore) adds every current one\n"

// acceptHintCI is acceptHint for ci, which reads .remnant-guard-ignore
// from the base commit: a fingerprint the pull request adds accepts
// nothing until it is merged.
const acceptHintCI = "remnant-guard: hint: not a secret? write remnant-guard:allow in a comment on its line " +
	"(remnant-guard:allow-next-line on the line above), or add its fingerprint to the .remnant-guard-ignore " +
	"of the base branch (ci reads the base's rules, so one the pull request adds counts once merged)\n"

func (r *reportFlags) acceptHintText() string {
	if r.acceptHint != "" {
		return r.acceptHint
	}
	return acceptHint
}

// hasSecrets tells whether a report has a finding that has a fingerprint.
func hasSecrets(rep *hooks.Report) bool {
	for _, f := range rep.Findings {
		if f.Fingerprint != "" {
			return true
		}
	}
	return false
}

// skippedSummary counts skipped files by reason: "15 binary files, 1
// unreadable file".
func skippedSummary(skipped []validate.Skipped) string {
	var order []string
	n := map[string]int{}
	for _, s := range skipped {
		k := skipKind(s.Reason)
		if n[k] == 0 {
			order = append(order, k)
		}
		n[k]++
	}
	parts := make([]string, len(order))
	for i, k := range order {
		parts[i] = kindCount(n[k], k)
	}
	return strings.Join(parts, ", ")
}

// skipKind groups skip reasons: "binary", "unreadable", ...
func skipKind(reason string) string {
	switch {
	case reason == "binary file":
		return "binary"
	case strings.HasPrefix(reason, "over the size limit"):
		return "over the size limit"
	case strings.HasPrefix(reason, "unreadable"):
		return "unreadable"
	case strings.HasPrefix(reason, "no such file"):
		return "missing"
	}
	return "other"
}

// kindCount is "15 binary files", "2 files over the size limit".
func kindCount(n int, kind string) string {
	switch kind {
	case "over the size limit":
		return plural(n, "file") + " " + kind
	case "other":
		return plural(n, "file")
	}
	return fmt.Sprintf("%d %s %s", n, kind, strings.TrimPrefix(plural(n, "file"), fmt.Sprint(n)+" "))
}

// location is "path:line:col", "path:line" or "path" for a whole-file
// finding; a finding in a commit is prefixed with the commit's short hash.
func location(f validate.Finding) string {
	loc := f.Path
	if strings.IndexFunc(loc, unicode.IsControl) >= 0 {
		loc = strconv.Quote(loc) // one finding, one line, nothing for the terminal to interpret
	}
	if f.Line > 0 {
		loc = fmt.Sprintf("%s:%d", loc, f.Line)
		if f.Column > 0 {
			loc = fmt.Sprintf("%s:%d", loc, f.Column)
		}
	}
	if f.Commit != "" {
		c := f.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		loc = c + ":" + loc
	}
	return loc
}

// writeSummary prints the one-line summary; skipped files not listed
// above are counted by kind.
func writeSummary(w io.Writer, rep *hooks.Report, color, listed bool) {
	errs, warns := rep.Count()
	if errs == 0 && warns == 0 && len(rep.Skipped) == 0 {
		fmt.Fprintf(w, "remnant-guard: no problems found (%s checked)\n", plural(rep.Checked, "file"))
		return
	}
	s := fmt.Sprintf("%s, %s", plural(errs, "error"), plural(warns, "warning"))
	more := ""
	if len(rep.Skipped) > 0 {
		s += fmt.Sprintf(", %s skipped", skippedSummary(rep.Skipped))
		if !listed {
			more = "; --verbose lists the skipped"
		}
	}
	if errs > 0 {
		s = paint(color, colorRed, s)
	}
	fmt.Fprintf(w, "remnant-guard: %s (%s checked%s)\n", s, plural(rep.Checked, "file"), more)
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
