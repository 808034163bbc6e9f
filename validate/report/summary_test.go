package report

import (
	"bytes"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

// The summary says which findings block: local ones only when BlockLocal
// is set, warnings only at --fail-on warning.
func TestSummarySaysWhatBlocks(t *testing.T) {
	errF := validate.Finding{RuleID: "remnant-staged", Severity: validate.Error, Path: "REMNANT.md"}
	warnF := validate.Finding{RuleID: "remnant-state-stale", Severity: validate.Warning, Path: "REMNANT.md"}
	localErr := validate.Finding{RuleID: "remnant-decisions-append-only", Severity: validate.Error, Path: "REMNANT.md", Local: true}
	for _, c := range []struct {
		rep  Report
		want string
	}{
		{Report{Findings: []validate.Finding{warnF}, Checked: 1},
			"remnant-guard: 0 errors, 1 warning (does not block) (1 file checked)\n"},
		{Report{Findings: []validate.Finding{errF, errF, warnF, warnF}, Checked: 2},
			"remnant-guard: 2 errors (block), 2 warnings (do not block) (2 files checked)\n"},
		{Report{Findings: []validate.Finding{errF, warnF}, FailOn: validate.Warning, Checked: 1},
			"remnant-guard: 1 error (blocks), 1 warning (blocks) (1 file checked)\n"},
		{Report{Findings: []validate.Finding{errF, localErr}, BlockLocal: true, Checked: 1},
			"remnant-guard: 2 errors (block), 0 warnings (1 file checked)\n"},
		{Report{Findings: []validate.Finding{errF, localErr, localErr}, Checked: 1},
			"remnant-guard: 3 errors (1 blocks), 0 warnings (1 file checked)\n"},
	} {
		var b bytes.Buffer
		WriteSummary(&b, &c.rep, false, true)
		if b.String() != c.want {
			t.Errorf("got %q, want %q", b.String(), c.want)
		}
	}
}

// Settle shows the local errors that do not block as warnings, and
// leaves them alone where local findings block.
func TestSettle(t *testing.T) {
	local := validate.Finding{RuleID: "remnant-decisions-append-only", Severity: validate.Error, Local: true}
	staged := validate.Finding{RuleID: "remnant-staged", Severity: validate.Error}
	rep := Report{Findings: []validate.Finding{local, staged}}
	rep.Settle()
	if rep.Findings[0].Severity != validate.Warning || rep.Findings[1].Severity != validate.Error {
		t.Errorf("settled: %v, %v; want warning, error", rep.Findings[0].Severity, rep.Findings[1].Severity)
	}
	var b bytes.Buffer
	WriteSummary(&b, &rep, false, true)
	if want := "remnant-guard: 1 error (blocks), 1 warning (does not block) (0 files checked)\n"; b.String() != want {
		t.Errorf("summary %q, want %q", b.String(), want)
	}
	rep = Report{Findings: []validate.Finding{local}, BlockLocal: true}
	rep.Settle()
	if rep.Findings[0].Severity != validate.Error {
		t.Error("a local error that blocks was settled to a warning")
	}
}
