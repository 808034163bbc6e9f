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

// report writes rep in the chosen format and returns the exit code.
func report(rep *hooks.Report, rf reportFlags, failOn validate.Severity, stdout, stderr io.Writer) int {
	summaryTo := stdout
	var err error
	switch rf.format {
	case "json":
		err = writeJSON(stdout, rep)
		summaryTo = stderr
	default:
		err = writeText(stdout, rep, useColor(stdout, rf.noColor))
	}
	if err != nil {
		return fail(stderr, err)
	}
	writeSummary(summaryTo, rep, useColor(summaryTo, rf.noColor))
	if rep.Blocking(failOn) {
		return exitFindings
	}
	return exitClean
}

// useColor tells whether w is a terminal that may be coloured.
func useColor(w io.Writer, noColor bool) bool {
	if noColor || os.Getenv("NO_COLOR") != "" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
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
