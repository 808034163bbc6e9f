package custodian

import (
	"fmt"
	"strings"
	"sync"
)

// RouteConflict is one conflict finding that bears on a route (0.7+): an
// owner conflict in a loaded file, any other conflict finding of the
// memory, or two matched areas owning one Subject and Facet.
type RouteConflict struct {
	// Code is MC-CONFLICT-001..010, or MC-CONFLICT-007 for a schema or
	// lexing problem of a loaded file.
	Code string `json:"code"`
	// Status is CONFLICT, REVIEW or INVALID.
	Status  string `json:"status"`
	Path    string `json:"path"`
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// conflictRules are the check rules whose findings make a route's conflict
// status INVALID, unless their message names another MC-CONFLICT code.
var conflictRules = sync.OnceValue(func() map[string]string {
	return map[string]string{
		RuleEntrySchema: "MC-CONFLICT-007", RuleEntrySubject: "MC-CONFLICT-005", RuleDuplicateID: "MC-CONFLICT-008",
		RuleRelation: "MC-CONFLICT-008", RuleSubjectRegistry: "MC-CONFLICT-010", RuleConflict: "MC-CONFLICT-001",
		RuleConflictReview: "MC-CONFLICT-002",
	}
})

var conflictRank = sync.OnceValue(func() map[string]int {
	return map[string]int{"CLEAR": 0, "REVIEW": 1, "CONFLICT": 2, "INVALID": 3}
})

// conflicts sets the route's conflict status: the worst of the conflict
// findings of check in the loaded files and the registries, and REVIEW
// (MC-CONFLICT-009) for two matched areas owning one Subject and Facet.
func (r *router) conflicts() {
	res := r.res
	res.ConflictStatus, res.Conflicts = "CLEAR", []RouteConflict{}
	scope := map[string]bool{"subjects.md": true, "reconciliations.md": true}
	for _, f := range res.Loaded {
		scope[f.Path] = true
	}
	if _, ok := r.mem.Files["subjects.md"]; !ok {
		r.conflict("MC-CONFLICT-010", "subjects.md", 0, "MC-CONFLICT-010: subjects.md: missing managed Subject registry")
	}
	prefix := DefaultDir + "/"
	for _, f := range check(r.mem, Options{}, nil) {
		code, ok := conflictCode(f.RuleID, f.Message)
		name := strings.TrimPrefix(f.Path, prefix)
		if !ok || ownerFinding(f.RuleID, f.Message) && !scope[name] || name == "do-not-use.md" && strings.HasPrefix(f.Message, "ambiguous column-zero bullet") {
			// do-not-use.md may mix a new formal guard and older legacy
			// bullets: the ambiguous bullet fails check, but is no
			// conflict to upstream's read.
			continue
		}
		r.conflict(code, name, f.Line, f.Message)
	}
	r.matchedAreas()
}

// ownerFinding reports a finding about two owners of one identity, which
// upstream's read weighs in the loaded files only. Every other conflict
// finding (schema, Subject references, relations, duplicate IDs, the
// registry) bears on every read, loaded or not.
func ownerFinding(rule, msg string) bool {
	return rule == RuleConflict || rule == RuleConflictReview
}

// conflictCode returns the MC-CONFLICT code of a check finding, and false
// when the finding is no conflict finding.
func conflictCode(rule, msg string) (string, bool) {
	if rule == RuleEntrySubject && strings.Contains(msg, " Provisional-") {
		return "", false // a candidate's provisional identity is checked, not read
	}
	code, ok := conflictRules()[rule]
	if c, _, found := strings.Cut(msg, ":"); ok && found && strings.HasPrefix(c, "MC-CONFLICT-") {
		code = c
	} else if ok && rule == RuleEntrySubject && strings.Contains(msg, "Facet") {
		code = "MC-CONFLICT-007" // a bad Facet, not an unresolvable Subject
	}
	return code, ok
}

// conflictStatus is the status a conflict code gives.
func conflictStatus(code string) string {
	switch code {
	case "MC-CONFLICT-001":
		return "CONFLICT"
	case "MC-CONFLICT-002", "MC-CONFLICT-009":
		return "REVIEW"
	}
	return "INVALID"
}

func (r *router) conflict(code, name string, line int, msg string) {
	status := conflictStatus(code)
	res := r.res
	res.Conflicts = append(res.Conflicts, RouteConflict{Code: code, Status: status, Path: name, Line: line, Message: msg})
	if conflictRank()[status] > conflictRank()[res.ConflictStatus] {
		res.ConflictStatus = status
	}
}

// matchedAreas reports MC-CONFLICT-009: active owners in two different
// loaded areas/*.md files with the same Subject and Facet.
func (r *router) matchedAreas() {
	schema := entrySchema(r.mem.Manifest, r.res.proto)
	first := map[string]*FormalEntry{}
	for _, l := range r.res.Loaded {
		f, ok := r.mem.Files[l.Path]
		if !ok || !f.UTF8 || !strings.HasPrefix(l.Path, "areas/") {
			continue
		}
		for _, e := range r.mem.formalOf(l.Path, schema).entries {
			if !owns(e) || e.One("Subject") == "" || e.One("Facet") == "" {
				continue
			}
			k := strings.ToLower(e.One("Subject") + "\x00" + e.One("Facet"))
			if p, dup := first[k]; dup && p.File != e.File {
				r.conflict("MC-CONFLICT-009", l.Path, e.Line, fmt.Sprintf("MC-CONFLICT-009: matched areas %s (%s) and %s (%s) both own Subject %s, Facet %s", p.File, p.ID, e.File, e.ID, e.One("Subject"), e.One("Facet")))
			} else if !dup {
				first[k] = e
			}
		}
	}
}
