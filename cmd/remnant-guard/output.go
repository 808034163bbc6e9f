package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/validate"
)

// fail prints an error (with a hint when one is known) and returns exit 2.
func fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "remnant-guard: error: %v\n", err)
	var ce *hooks.ConfigError
	if errors.As(err, &ce) {
		fmt.Fprintf(stderr, "remnant-guard: hint: see the configuration reference in the README\n")
	}
	return exitError
}

// report writes rep in the chosen format, to --output when given (the
// text listing then goes to the terminal), and returns the exit code.
func report(rep *hooks.Report, rf reportFlags, failOn validate.Severity, stdout, stderr io.Writer) int {
	hooks.RedactReport(nil, rep)
	if err := writeReport(rep, rf, stdout, stderr); err != nil {
		return fail(stderr, err)
	}
	if rep.Blocking(failOn) {
		return exitFindings
	}
	return exitClean
}

func writeReport(rep *hooks.Report, rf reportFlags, stdout, stderr io.Writer) error {
	if rf.output == "" {
		summaryTo := stderr
		if rf.format == "text" || rf.format == "" {
			summaryTo = stdout
		}
		if err := writeFormat(stdout, rep, rf, useColor(stdout, rf.noColor)); err != nil {
			return err
		}
		listed := summaryTo != stdout || listsSkipped(rep, textOptions{verbose: rf.verbose})
		writeSummary(summaryTo, rep, useColor(summaryTo, rf.noColor), listed)
		if summaryTo == stdout && hasSecrets(rep) {
			io.WriteString(stderr, rf.acceptHintText())
		}
		return nil
	}
	f, err := os.Create(rf.output)
	if err != nil {
		return err
	}
	rw := newRedactWriter(f)
	err = writeFormat(rw, rep, rf, false)
	if ferr := rw.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	color := useColor(stdout, rf.noColor)
	if err := writeText(stdout, rep, textOptions{color: color, verbose: rf.verbose}); err != nil {
		return err
	}
	writeSummary(stdout, rep, color, listsSkipped(rep, textOptions{verbose: rf.verbose}))
	if hasSecrets(rep) {
		io.WriteString(stderr, rf.acceptHintText())
	}
	return nil
}

// writeFormat writes the report itself, without the summary line.
func writeFormat(w io.Writer, rep *hooks.Report, rf reportFlags, color bool) error {
	switch rf.format {
	case "json":
		return writeJSON(w, rep)
	case "sarif":
		return writeSARIF(w, rep, hooks.RulesWithExamples())
	case "github":
		if err := writeGitHub(w, rep); err != nil {
			return err
		}
		return appendStepSummary(os.Getenv("GITHUB_STEP_SUMMARY"), rep)
	case "gitlab":
		return writeGitLab(w, rep)
	case "junit":
		failOn, only, err := rf.validate()
		if err != nil {
			return err
		}
		return writeJUnit(w, rep, hooks.RulesWithExamples(), only, failOn)
	}
	return writeText(w, rep, textOptions{color: color, verbose: rf.verbose})
}

// useColor tells whether w is a terminal that may be coloured.
func useColor(w io.Writer, noColor bool) bool {
	if noColor || os.Getenv("NO_COLOR") != "" {
		return false
	}
	return isTerminal(w)
}

type jsonReport struct {
	Version  int                `json:"version"`
	Findings []validate.Finding `json:"findings"`
	Skipped  []validate.Skipped `json:"skipped"`
}

func writeJSON(w io.Writer, rep *hooks.Report) error {
	out := jsonReport{Version: 1, Findings: rep.Findings, Skipped: rep.Skipped}
	if out.Findings == nil {
		out.Findings = []validate.Finding{}
	}
	if out.Skipped == nil {
		out.Skipped = []validate.Skipped{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
