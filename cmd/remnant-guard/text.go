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

// writeText prints one finding a line, as path:line:col: severity: message
// [rule-id], with the hint indented below it.
func writeText(w io.Writer, rep *hooks.Report, color bool) error {
	for _, f := range rep.Findings {
		sev := f.Severity.String()
		if f.Severity == validate.Error {
			sev = paint(color, colorRed, sev)
		} else {
			sev = paint(color, colorYellow, sev)
		}
		fmt.Fprintf(w, "%s: %s: %s [%s]\n", location(f), sev, f.Message, f.RuleID)
		if f.Hint != "" {
			for _, l := range strings.Split(f.Hint, "\n") {
				fmt.Fprintf(w, "    %s\n", paint(color, colorDim, l))
			}
		}
	}
	for _, s := range rep.Skipped {
		fmt.Fprintf(w, "%s: skipped: %s\n", location(validate.Finding{Path: s.Path}), s.Reason)
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "remnant-guard: note: %s\n", n)
	}
	return nil
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

// writeSummary prints the one-line summary.
func writeSummary(w io.Writer, rep *hooks.Report, color bool) {
	errs, warns := rep.Count()
	if errs == 0 && warns == 0 && len(rep.Skipped) == 0 {
		fmt.Fprintf(w, "remnant-guard: no problems found (%s checked)\n", plural(rep.Checked, "file"))
		return
	}
	s := fmt.Sprintf("%s, %s", plural(errs, "error"), plural(warns, "warning"))
	if len(rep.Skipped) > 0 {
		s += fmt.Sprintf(", %s skipped", plural(len(rep.Skipped), "file"))
	}
	if errs > 0 {
		s = paint(color, colorRed, s)
	}
	fmt.Fprintf(w, "remnant-guard: %s (%s checked)\n", s, plural(rep.Checked, "file"))
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
