package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
)

// focusFlags are check's focused MemoryCustodian checks, by name.
type focusFlags map[string]*bool

var focusUsage = map[string]string{
	custodian.FocusRouting:      "MemoryCustodian focused check: the manifest's routes and module index (MC-ROUTING-*)",
	custodian.FocusReachability: "MemoryCustodian focused check: active entries no normal route loads (MC-REACH-*)",
	custodian.FocusFreshness:    "MemoryCustodian focused check: Evidence paths and revisions against the repository and HEAD, and broken relations (MC-FRESH-*)",
	custodian.FocusConflicts:    "MemoryCustodian focused check: the conflict status and its MC-CONFLICT-* findings",
}

func registerFocus(fs *flag.FlagSet) focusFlags {
	f := focusFlags{}
	for _, name := range custodian.FocusChecks {
		f[name] = fs.Bool(name, false, focusUsage[name])
	}
	return f
}

// focusIncompatible are the reporting flags a focused check does not take.
var focusIncompatible = []string{"only", "output", "fail-on", "accept-decisions", "verbose"}

// chosen returns the focused check asked for ("" for none), or the usage
// problem: two of them, a flag they do not take, a format other than text
// or json, more than one PATH.
func (f focusFlags) chosen(fs *flag.FlagSet, format string, paths []string) (string, error) {
	var on []string
	for _, name := range custodian.FocusChecks {
		if *f[name] {
			on = append(on, "--"+name)
		}
	}
	if len(on) == 0 {
		return "", nil
	}
	if len(on) > 1 {
		return "", fmt.Errorf("%s cannot be combined: run one focused check at a time", strings.Join(on, " and "))
	}
	var bad []string
	fs.Visit(func(fl *flag.Flag) {
		for _, n := range focusIncompatible {
			if fl.Name == n {
				bad = append(bad, "--"+n)
			}
		}
	})
	switch {
	case len(bad) > 0:
		return "", fmt.Errorf("%s cannot be combined with %s", on[0], strings.Join(bad, ", "))
	case format != "text" && format != "json":
		return "", fmt.Errorf("%s writes text or json, not --format %s", on[0], format)
	case len(paths) > 1:
		return "", fmt.Errorf("%s checks one memory directory, not %d paths", on[0], len(paths))
	}
	return strings.TrimPrefix(on[0], "--"), nil
}

// runFocus runs one focused check and writes upstream's report.
func runFocus(name string, opt hooks.Options, paths []string, format string, stdout, stderr io.Writer) int {
	dir := ""
	if len(paths) == 1 {
		dir = paths[0]
	}
	rep, err := hooks.Focus(opt, dir, name)
	if err != nil {
		return fail(stderr, err)
	}
	if format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return fail(stderr, err)
		}
	} else {
		writeFocus(stdout, rep.FocusResult)
	}
	if rep.ExitCode() != 0 {
		return exitFindings
	}
	return exitClean
}

// writeFocus writes a focused check as upstream does: a status line, then
// one `- CODE SEVERITY: message` line per finding (the status instead of
// the severity for conflicts), or `- no findings`.
func writeFocus(w io.Writer, r *custodian.FocusResult) {
	fmt.Fprintf(w, "MemoryCustodian %s check: %s\n", r.Check, r.Status)
	if r.ConflictStatus != "" {
		fmt.Fprintf(w, "Conflict status: %s\n", r.ConflictStatus)
	}
	if len(r.Findings) == 0 {
		fmt.Fprintln(w, "- no findings")
	}
	for _, f := range r.Findings {
		sev := f.Severity
		if f.Status != "" {
			sev = f.Status
		}
		msg := f.Message
		if strings.IndexFunc(msg, unicode.IsControl) >= 0 {
			msg = strconv.Quote(msg) // one finding, one line, nothing for the terminal to interpret
		}
		fmt.Fprintf(w, "- %s %s: %s\n", f.Code, sev, msg)
	}
}
