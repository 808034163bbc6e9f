package secrets

import (
	"bytes"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/remnant-guard/remnant-guard/validate"
)

// DefaultMaxFileSize is the size above which a file is skipped, unscanned.
const DefaultMaxFileSize = 10 << 20

// binaryProbe is how many leading bytes are searched for a NUL byte.
const binaryProbe = 8000

// Options configure an Engine. The zero value runs the given rules on
// files up to DefaultMaxFileSize.
type Options struct {
	MaxFileSize int64           // 0 means DefaultMaxFileSize
	Disabled    map[string]bool // rule IDs not to run
	Extra       []RuleDef       // more rules, e.g. from ParseGitleaksConfig
	Ignore      *Ignore         // findings it matches are dropped
	// Excluded, when set, drops the findings of a rule in a path (a
	// configuration's per-rule path exclusions) as Ignore does: before the
	// caps count them, and still standing in for the rules they outrank.
	Excluded func(rule, path string) bool
	// Allowlists and GitleaksIgnore come from a gitleaks configuration:
	// findings they match are dropped.
	Allowlists     []Allowlist
	GitleaksIgnore *GitleaksIgnore
}

// Engine runs a set of rules. It is safe for concurrent use. Its scans
// report MaxRunFindings findings in all: make one per run.
type Engine struct {
	rules      []*rule
	kw         *matcher
	kwLen      []int     // keyword index -> length
	kwRules    [][]int32 // keyword index -> rules triggered
	always     []int32   // rules with a regex and no keywords
	pathRules  []int32   // rules judging a file by its path alone
	pathBound  []int32   // rules that run only on paths their pattern matches
	kwPlain    bool      // every keyword is printable ASCII (MayFind)
	maxSize    int64
	ignore     *Ignore
	excluded   func(rule, path string) bool
	allowlists []Allowlist
	glIgnore   *GitleaksIgnore
	pool       sync.Pool
	// found counts the findings the engine's scans reported, for the cap
	// of a run (MaxRunFindings): an engine judges one run.
	found atomic.Int64
}

// NewEngine prepares defs and opt.Extra, less opt.Disabled. An error names
// the rule whose definition is bad.
func NewEngine(defs []RuleDef, opt Options) (*Engine, error) {
	e := &Engine{maxSize: opt.MaxFileSize, ignore: opt.Ignore, excluded: opt.Excluded, allowlists: opt.Allowlists, glIgnore: opt.GitleaksIgnore}
	if e.maxSize <= 0 {
		e.maxSize = DefaultMaxFileSize
	}
	seen := map[string]bool{}
	for _, d := range append(append([]RuleDef(nil), defs...), opt.Extra...) {
		if opt.Disabled[d.ID] {
			continue
		}
		if seen[d.ID] {
			return nil, &RuleError{d.ID, fmt.Errorf("defined twice")}
		}
		seen[d.ID] = true
		r, err := newRule(d)
		if err != nil {
			return nil, err
		}
		r.order = len(e.rules)
		e.rules = append(e.rules, r)
	}
	e.index()
	return e, nil
}

// index builds the keyword automaton and the keyword-to-rule table.
func (e *Engine) index() {
	kwIndex := map[string]int{}
	var keywords []string
	for i, r := range e.rules {
		if r.path != nil {
			e.pathBound = append(e.pathBound, int32(i))
		}
		switch {
		case r.pathOnly():
			e.pathRules = append(e.pathRules, int32(i))
			continue
		case len(r.def.Keywords) == 0:
			e.always = append(e.always, int32(i))
			continue
		}
		for _, k := range r.def.Keywords {
			ki, ok := kwIndex[k]
			if !ok {
				ki = len(keywords)
				kwIndex[k] = ki
				keywords = append(keywords, k)
				e.kwRules = append(e.kwRules, nil)
				e.kwLen = append(e.kwLen, len(k))
			}
			e.kwRules[ki] = append(e.kwRules[ki], int32(i))
		}
	}
	e.kw = newMatcher(keywords)
	e.kwPlain = true
	for _, k := range keywords {
		for i := 0; i < len(k); i++ {
			if k[i] < ' ' || k[i] > '~' {
				e.kwPlain = false
			}
		}
	}
}

// RuleIDs lists the IDs of the rules the engine runs.
func (e *Engine) RuleIDs() []string {
	ids := make([]string, len(e.rules))
	for i, r := range e.rules {
		ids[i] = r.def.ID
	}
	return ids
}

// ScanFile scans the whole content of one file. A file it does not scan
// (binary, too big) is returned as Skipped, with any findings about its
// path alone.
func (e *Engine) ScanFile(path string, src []byte) ([]validate.Finding, *validate.Skipped) {
	found := e.scanPath(path, "")
	if int64(len(src)) > e.maxSize {
		return found, &validate.Skipped{Path: path, Reason: fmt.Sprintf("over the size limit (%d bytes)", e.maxSize)}
	}
	if isBinary(src) {
		return found, &validate.Skipped{Path: path, Reason: "binary file"}
	}
	t := text{path: path, data: src}
	return append(found, e.scanText(&t)...), nil
}

func isBinary(src []byte) bool {
	return bytes.IndexByte(src[:min(len(src), binaryProbe)], 0) >= 0
}

// scanPath reports the path-only rules that match path.
func (e *Engine) scanPath(path, commit string) []validate.Finding {
	var out []validate.Finding
	for _, ri := range e.pathRules {
		r := e.rules[ri]
		if !r.appliesTo(path) {
			continue
		}
		f := validate.Finding{
			RuleID: r.def.ID, Severity: validate.Error, Path: path,
			Message: r.def.Description, Hint: pathHint,
			Fingerprint: Fingerprint(r.def.ID, path),
		}
		in := allowInput{rule: r.def.ID, path: path, commit: commit, secret: path, match: path}
		if !e.ignored(f, commit) && !e.allowlisted(&in) {
			out = append(out, f)
		}
	}
	return out
}

func (e *Engine) ignored(f validate.Finding, commit string) bool {
	return e.ignore != nil && e.ignore.Match(f) || e.glIgnore.match(&f, commit) ||
		e.excluded != nil && e.excluded(f.RuleID, f.Path)
}

// MayFind tells whether any set of lines of data, scanned as the lines of
// the file at path (ScanLines, ScanBatch), could hold a finding: false
// only when no keyword of a rule occurs in data, no rule runs without
// keywords, and no rule judges path by its name alone. A caller holding a
// whole version of a file can so skip working out which of its lines a
// change added. It is true whenever a keyword could occur in scanned text
// without occurring in data (a keyword spanning lines, or not ASCII).
func (e *Engine) MayFind(path string, data []byte) bool {
	if len(e.always) > 0 || !e.kwPlain {
		return true
	}
	for _, ri := range e.pathRules {
		if e.rules[ri].appliesTo(path) {
			return true
		}
	}
	return e.kw.any(data)
}
