package report

import (
	"slices"
	"sort"

	"github.com/remnant-guard/remnant-guard/validate"
)

// Report is what a command found: the findings, and the files it did not
// check with the reason. Notes are informational lines for the user (for
// example a bypass that was honoured); they never change the exit code.
type Report struct {
	Findings []validate.Finding
	Skipped  []validate.Skipped
	Notes    []string
	// Checked is the number of files checked.
	Checked int
	// BlockSkipped makes skipped files count as blocking.
	BlockSkipped bool
	// BlockLocal makes local findings count as blocking.
	BlockLocal bool
}

// Blocking reports whether a finding at or above failOn blocks.
func (r *Report) Blocking(failOn validate.Severity) bool {
	for _, f := range r.Findings {
		if f.Local && !r.BlockLocal {
			continue
		}
		if f.Severity >= failOn {
			return true
		}
	}
	return r.BlockSkipped && len(r.Skipped) > 0
}

// Settle makes each finding's severity say what it does: a local finding
// that cannot block (no BlockLocal) is a warning whatever its rule's
// severity, so that an error always means a failed run. Writers print the
// report after Settle.
func (r *Report) Settle() {
	if r.BlockLocal {
		return
	}
	for i, f := range r.Findings {
		if f.Local && f.Severity > validate.Warning {
			r.Findings[i].Severity = validate.Warning
		}
	}
}

// Count returns the number of errors and warnings.
func (r *Report) Count() (errors, warnings int) {
	for _, f := range r.Findings {
		switch f.Severity {
		case validate.Error:
			errors++
		case validate.Warning:
			warnings++
		}
	}
	return errors, warnings
}

// Sort orders findings by commit, path, position and rule, so that output
// is stable.
func (r *Report) Sort() {
	slices.SortStableFunc(r.Findings, validate.Compare)
	sort.SliceStable(r.Skipped, func(i, j int) bool { return r.Skipped[i].Path < r.Skipped[j].Path })
}
