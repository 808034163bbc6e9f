package custodian

import (
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Focused checks, as upstream's `check --routing`, `--reachability`,
// `--freshness` and `--conflicts` run them.
const (
	FocusRouting      = "routing"
	FocusReachability = "reachability"
	FocusFreshness    = "freshness"
	FocusConflicts    = "conflicts"
)

// FocusChecks lists the focused checks in the order they are documented.
var FocusChecks = []string{FocusRouting, FocusReachability, FocusFreshness, FocusConflicts}

// Severities of focused findings, as upstream writes them.
const (
	SevError   = "ERROR"
	SevWarning = "WARNING"
	SevInfo    = "INFO"
)

// FocusRequest asks for one focused check of a memory directory.
type FocusRequest struct {
	// Check is one of FocusChecks.
	Check string
	// Project is the repository root, against which Evidence paths are
	// resolved (freshness); nil when unknown.
	Project fs.FS
	// Head is the full hash of the commit HEAD names, "" when git is
	// unavailable (outside a repository, or an unborn branch).
	Head string
}

// FocusResult is the report of a focused check.
type FocusResult struct {
	Check string `json:"check"`
	// Status is OK, or FAILED when a finding is an ERROR.
	Status   string `json:"status"`
	Protocol string `json:"protocol,omitempty"`
	// ConflictStatus (conflicts only) is CLEAR, REVIEW, CONFLICT or
	// INVALID, the worst of the findings.
	ConflictStatus string         `json:"conflict_status,omitempty"`
	Findings       []FocusFinding `json:"findings"`
}

// FocusFinding is one finding of a focused check.
type FocusFinding struct {
	// Code is upstream's stable code: MC-ROUTING-00x, MC-REACH-00x,
	// MC-FRESH-00x or MC-CONFLICT-0xx.
	Code     string `json:"code"`
	Severity string `json:"severity"`
	// Status (conflicts only) is CONFLICT, REVIEW or INVALID.
	Status string `json:"status,omitempty"`
	// Path is the memory file, relative to the memory directory ("" for
	// the directory itself); Line is 0 for a whole file.
	Path    string `json:"path"`
	Line    int    `json:"line"`
	EntryID string `json:"entry_id,omitempty"`
	Message string `json:"message"`
}

// ExitCode is 1 when a finding is an ERROR, else 0.
func (r *FocusResult) ExitCode() int {
	if r.Status == "FAILED" {
		return 1
	}
	return 0
}

// UnknownFocusError is returned for a check that is not one of FocusChecks.
type UnknownFocusError struct{ Check string }

func (e *UnknownFocusError) Error() string {
	return fmt.Sprintf("unknown focused check %q (want %s)", e.Check, strings.Join(FocusChecks, ", "))
}

// LinkError is returned by Focus for protocol 0.6+ memory holding a .md
// file or a module or archive folder that is a symbolic link: upstream
// reads memory from regular files only, and what the link points to is
// not judged.
type LinkError struct{ Name, Protocol string }

func (e *LinkError) Error() string {
	return fmt.Sprintf("%s must not be a symlink: protocol %s memory is read from regular files only", quoteControl(e.Name), e.Protocol)
}

// quoteControl quotes a name holding a control character, so that a
// terminal shows it rather than interprets it.
func quoteControl(name string) string {
	if strings.IndexFunc(name, unicode.IsControl) >= 0 {
		return strconv.Quote(name)
	}
	return name
}

// Focus runs one focused check on the memory directory fsys (nil: the
// directory does not exist). It reads through fsys and req.Project only.
// A missing directory or manifest is MC-ROUTING-001, and a manifest that
// breaks its contract gives only MC-ROUTING-007 findings, whatever the
// check.
func Focus(fsys fs.FS, req FocusRequest) (*FocusResult, error) {
	if !slices.Contains(FocusChecks, req.Check) {
		return nil, &UnknownFocusError{Check: req.Check}
	}
	res := &FocusResult{Check: req.Check, Findings: []FocusFinding{}}
	defer res.finish()
	if fsys == nil {
		res.add(FocusFinding{Code: "MC-ROUTING-001", Severity: SevError, Message: "Memory directory is missing."})
		return res, nil
	}
	mem := Load(fsys)
	if len(mem.Unread) > 0 {
		return nil, &mem.Unread[0]
	}
	if mem.Manifest == nil {
		res.add(FocusFinding{Code: "MC-ROUTING-001", Severity: SevError, Path: "manifest.md", Message: "manifest.md is missing."})
		return res, nil
	}
	proto, contract := contractFindings(mem.Manifest)
	res.Protocol = proto.String()
	if proto.atLeast(v06) {
		for _, l := range mem.Links {
			if refusedLink(l) {
				return nil, &LinkError{Name: l, Protocol: proto.String()}
			}
		}
	}
	if len(contract) > 0 {
		res.Findings = append(res.Findings, contract...)
		return res, nil
	}
	(&focus{mem: mem, proto: proto, res: res, req: req}).run()
	return res, nil
}

// focus holds one focused run over a parsed memory directory.
type focus struct {
	mem   *Memory
	proto version
	res   *FocusResult
	req   FocusRequest
	// findings of the plain check, computed once on demand.
	checked []checkedFinding
	done    bool
}

func (f *focus) run() {
	switch f.req.Check {
	case FocusRouting:
		f.routing()
	case FocusReachability:
		f.reachability()
	case FocusFreshness:
		f.freshness()
	case FocusConflicts:
		f.conflicts()
	}
}

func (r *FocusResult) add(f FocusFinding) { r.Findings = append(r.Findings, f) }

// finish sets the status; for conflicts, also the conflict status.
func (r *FocusResult) finish() {
	r.Status = "OK"
	for _, f := range r.Findings {
		if f.Severity == SevError {
			r.Status = "FAILED"
		}
	}
	if r.Check != FocusConflicts {
		return
	}
	r.ConflictStatus = "CLEAR"
	for _, f := range r.Findings {
		status := f.Status
		if status == "" {
			// A missing manifest or a contract error: nothing can be
			// judged, so nothing is approved.
			status = "INVALID"
		}
		if conflictRank()[status] > conflictRank()[r.ConflictStatus] {
			r.ConflictStatus = status
		}
	}
}

// contractFindings returns the protocol the manifest is judged by and one
// MC-ROUTING-007 finding per contract problem: invalid metadata, a
// version this tool does not judge, the routing grammar, the module
// index. A manifest without any Protocol section, nor any trace of one
// (a `###` or Setext form, an indented copy), is pre-metadata legacy
// routing, judged by the 0.5 rules, and no contract error.
func contractFindings(m *Manifest) (version, []FocusFinding) {
	bad := func(line int, msg string) FocusFinding {
		return FocusFinding{Code: "MC-ROUTING-007", Severity: SevError, Path: "manifest.md", Line: line, Message: msg}
	}
	if !m.UTF8 {
		return v05, []FocusFinding{bad(invalidLine(m.File.Src), "manifest.md is not valid UTF-8 text")}
	}
	proto, pp := protocolOf(m)
	var out []FocusFinding
	traces := m.protocolTraces()
	for _, l := range indentedProtocolHeadings(m) {
		if !slices.Contains(traces, l) {
			traces = append(traces, l)
		}
	}
	switch {
	case len(m.Meta) == 0 && m.ProtocolLine == 0 && len(traces) > 0:
		out = append(out, bad(traces[0], fmt.Sprintf("manifest.md must contain exactly one MemoryCustodian Protocol heading, written as an H2 with canonical whitespace (found %d)", len(traces))))
	case pp != nil && (len(m.Meta) > 0 || m.ProtocolLine != 0) && !olderThanJudged(m):
		out = append(out, bad(pp.line, pp.msg))
	}
	probs := m.problems(proto)
	slices.SortStableFunc(probs, func(a, b routeProblem) int { return a.line - b.line })
	for _, p := range probs {
		out = append(out, bad(p.line, p.msg))
	}
	return proto, out
}

// olderThanJudged reports a protocol_version older than 0.5: the plain
// check reports it, and the routes are judged by the 0.5 rules.
func olderThanJudged(m *Manifest) bool {
	v, _ := m.Version()
	c, ok := compareVersion(v, ProtocolVersion)
	return ok && c < 0
}

// indentedProtocolHeadings returns the lines of Protocol headings
// indented into code (4 spaces or a tab), which the lexing hides from
// m.Lines: upstream refuses such a manifest rather than read it as one
// without metadata.
func indentedProtocolHeadings(m *Manifest) []int {
	var out []int
	for i, l := range pyLines(m.Text) {
		s := strings.TrimSpace(l)
		if (strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t")) && strings.HasPrefix(s, "#") &&
			strings.EqualFold(strings.Trim(s, "# \t"), "memorycustodian protocol") {
			out = append(out, i+1)
		}
	}
	return out
}
