package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/remnant-guard/remnant-guard/validate"
)

const (
	colorRed    = "\x1b[31m"
	colorYellow = "\x1b[33m"
	colorDim    = "\x1b[2m"
	colorReset  = "\x1b[0m"
)

// ColorAt is the length of the colour sequence the text format writes
// that s starts with, or 0: those are the only escape sequences
// remnant-guard's output holds.
func ColorAt(s string) int {
	for _, c := range [...]string{colorRed, colorYellow, colorDim, colorReset} {
		if strings.HasPrefix(s, c) {
			return len(c)
		}
	}
	return 0
}

func paint(on bool, color, s string) string {
	if !on {
		return s
	}
	return color + s + colorReset
}

// TextOptions say how text output looks.
type TextOptions struct {
	Color bool
	// verbose lists every skipped file; without it they are counted.
	Verbose bool
}

// WriteText prints one finding a line, as path:line:col: severity: message
// [rule-id], with the hint indented below it; a secret finding's hint
// carries its fingerprint.
func WriteText(w io.Writer, rep *Report, opt TextOptions) error {
	for _, f := range rep.Findings {
		sev := f.Severity.String()
		if f.Severity == validate.Error {
			sev = paint(opt.Color, colorRed, sev)
		} else {
			sev = paint(opt.Color, colorYellow, sev)
		}
		fmt.Fprintf(w, "%s: %s: %s [%s]\n", Location(f), sev, f.Message, f.RuleID)
		hint := f.Hint
		if f.Fingerprint != "" {
			hint = SecretHint(f)
		}
		if hint != "" {
			for _, l := range strings.Split(hint, "\n") {
				fmt.Fprintf(w, "    %s\n", paint(opt.Color, colorDim, l))
			}
		}
	}
	if ListsSkipped(rep, opt) {
		for _, s := range rep.Skipped {
			fmt.Fprintf(w, "%s: skipped: %s\n", Location(validate.Finding{Path: s.Path}), s.Reason)
		}
	}
	for _, s := range rep.Suppressed {
		fmt.Fprintf(w, "%s: note: %s: %s [%s]\n    %s\n", Location(s.Finding), SuppressedNote, s.Message, s.RuleID, paint(opt.Color, colorDim, s.Justification))
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "remnant-guard: note: %s\n", n)
	}
	return nil
}

// ListsSkipped tells whether the skipped files are listed one a line:
// with --verbose, or when they block; else the summary counts them.
func ListsSkipped(rep *Report, opt TextOptions) bool { return opt.Verbose || rep.BlockSkipped }

// SecretHint is a secret finding's hint: what to do, and the fingerprint
// that accepts it. How to accept one is said once, by acceptHint.
func SecretHint(f validate.Finding) string {
	if strings.Contains(f.Hint, f.Fingerprint) {
		return f.Hint // it names the fingerprint already
	}
	what, _, _ := strings.Cut(f.Hint, ";")
	if what == "" {
		what = "remove the secret and rotate it"
	}
	return fmt.Sprintf("%s; fingerprint %s", what, f.Fingerprint)
}

// SkippedSummary counts skipped files by reason: "15 binary files, 1
// unreadable file".
func SkippedSummary(skipped []validate.Skipped) string {
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
		return Plural(n, "file") + " " + kind
	case "other":
		return Plural(n, "file")
	}
	return fmt.Sprintf("%d %s %s", n, kind, strings.TrimPrefix(Plural(n, "file"), fmt.Sprint(n)+" "))
}

// Location is "path:line:col", "path:line" or "path" for a whole-file
// finding; a finding in a commit is prefixed with the commit's short hash.
func Location(f validate.Finding) string {
	loc := f.Path
	if strings.IndexFunc(loc, unicode.IsControl) >= 0 || strings.HasPrefix(loc, "::") {
		// One finding, one line, nothing for the terminal to interpret,
		// and no line a CI log reads as a workflow command.
		loc = strconv.Quote(loc)
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

// WriteSummary prints the one-line summary; skipped files not listed
// above are counted by kind.
func WriteSummary(w io.Writer, rep *Report, color, listed bool) {
	errs, warns := rep.Count()
	if errs == 0 && warns == 0 && len(rep.Skipped) == 0 {
		fmt.Fprintf(w, "remnant-guard: no problems found (%s checked)\n", Plural(rep.Checked, "file"))
		return
	}
	s := Counts(rep)
	more := ""
	if len(rep.Skipped) > 0 {
		s += fmt.Sprintf(", %s skipped", SkippedSummary(rep.Skipped))
		if !listed {
			more = "; --verbose lists the skipped"
		}
	}
	if berrs, bwarns := rep.CountBlocking(); berrs+bwarns > 0 {
		s = paint(color, colorRed, s)
	}
	fmt.Fprintf(w, "remnant-guard: %s (%s checked%s)\n", s, Plural(rep.Checked, "file"), more)
}

// Counts is the summary's count of errors and warnings, each saying
// whether it blocks: "2 errors (block), 1 warning (does not block)".
func Counts(rep *Report) string {
	errs, warns := rep.Count()
	berrs, bwarns := rep.CountBlocking()
	return Plural(errs, "error") + blockLabel(errs, berrs) + ", " + Plural(warns, "warning") + blockLabel(warns, bwarns)
}

// blockLabel says how many of n findings block.
func blockLabel(n, blocking int) string {
	switch {
	case n == 0:
		return ""
	case blocking == 0 && n == 1:
		return " (does not block)"
	case blocking == 0:
		return " (do not block)"
	case blocking == n && n == 1:
		return " (blocks)"
	case blocking == n:
		return " (block)"
	case blocking == 1:
		return " (1 blocks)"
	}
	return fmt.Sprintf(" (%d block)", blocking)
}

func Plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
