package validate

import (
	"cmp"
	"fmt"
	"strings"
)

// Severity is how much a finding matters. The zero value is not a valid
// severity; rules always carry one of Warning or Error.
type Severity int

const (
	// Off disables a rule. It is a configuration value, never a finding's.
	Off Severity = iota
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Error:
		return "error"
	case Off:
		return "off"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// ParseSeverity reads "error", "warning" or "off".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "error":
		return Error, nil
	case "warning":
		return Warning, nil
	case "off":
		return Off, nil
	}
	return Off, fmt.Errorf("unknown severity %q (want error, warning or off)", s)
}

// MarshalText makes a Severity encode as its name in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Finding is one problem found in one file. Positions are 1-based; Line and
// Column are 0 for a finding about the whole file. Columns count Unicode code
// points. Fields that do not apply are left empty and are omitted from JSON.
type Finding struct {
	RuleID      string   `json:"rule_id"`
	Severity    Severity `json:"severity"`
	Path        string   `json:"path"`
	Line        int      `json:"line"`
	Column      int      `json:"column"`
	EndLine     int      `json:"end_line,omitempty"`
	EndColumn   int      `json:"end_column,omitempty"`
	Message     string   `json:"message"`
	Hint        string   `json:"hint,omitempty"`
	Commit      string   `json:"commit,omitempty"`
	Fingerprint string   `json:"fingerprint,omitempty"`
	// Local marks a finding about the local working tree outside the
	// commit being made (the untracked REMNANT.md, ignore rules). Hooks show
	// local findings but do not block on them unless configured to.
	Local bool `json:"local,omitempty"`
}

// Skipped is a file that was not checked, and why.
type Skipped struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// Compare orders findings by path, line, column, rule and commit, for
// stable output (slices.SortStableFunc(fs, Compare)).
func Compare(a, b Finding) int {
	return cmp.Or(
		strings.Compare(a.Path, b.Path),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Column, b.Column),
		strings.Compare(a.RuleID, b.RuleID),
		strings.Compare(a.Commit, b.Commit),
	)
}
