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
	// Accepted are the secret findings the run wrote to the ignore file
	// (--write-ignore), out of Findings: the command lists them.
	Accepted []validate.Finding
	// Suppressed are findings of a range under review that an entry or
	// a comment the range itself adds accepts (see Suppressed): they do
	// not block, and every format shows them.
	Suppressed []Suppressed
	// Checked is the number of files checked.
	Checked int
	// BlockSkipped makes skipped files count as blocking.
	BlockSkipped bool
	// BlockLocal makes local findings count as blocking.
	BlockLocal bool
	// FailOn is the lowest severity that blocks, as the summary says it;
	// Off stands for the default, Error.
	FailOn validate.Severity
}

// blocks tells whether f blocks at failOn.
func (r *Report) blocks(f validate.Finding, failOn validate.Severity) bool {
	return f.Severity >= failOn && (!f.Local || r.BlockLocal)
}

// failOn is FailOn with its default.
func (r *Report) failOn() validate.Severity {
	if r.FailOn == validate.Off {
		return validate.Error
	}
	return r.FailOn
}

// CountBlocking returns how many errors and warnings block at the
// report's FailOn.
func (r *Report) CountBlocking() (errors, warnings int) {
	for _, f := range r.Findings {
		if !r.blocks(f, r.failOn()) {
			continue
		}
		switch f.Severity {
		case validate.Error:
			errors++
		case validate.Warning:
			warnings++
		}
	}
	return errors, warnings
}

// Blocking reports whether a finding at or above failOn blocks.
func (r *Report) Blocking(failOn validate.Severity) bool {
	for _, f := range r.Findings {
		if r.blocks(f, failOn) {
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

// Suppressed is a finding accepted by the change under review itself: an
// exact entry it adds to .remnant-guard-ignore ("external", as SARIF
// names a suppression kept outside the source), or an allow comment a
// later commit of it writes on the line ("inSource"). The reviewer sees it
// with the justification.
type Suppressed struct {
	validate.Finding
	Kind          string `json:"kind"`
	Justification string `json:"justification"`
}

// SuppressedNote is how every format introduces a Suppressed finding.
const SuppressedNote = "accepted in this pull request"
