package custodian

import "strings"

// relationshipResolutions relate exactly two entries.
var relationshipResolutions = []string{"superseded", "exception", "subject-merged"}

// resolution checks that the entries of reconciliation record rec match
// its Resolution: distinct cannot excuse two owners of one identity;
// superseded needs a supersession pair; exception an active area owner and
// the matching project owner, both with a registered Subject and a valid
// Facet; subject-merged a superseded entry on a merged Subject and the
// active entry on a current Subject. Each problem is passed to bad.
func resolution(rec *FormalEntry, ids []string, byID map[string]*FormalEntry, subjects map[string]*subject, bad func(string, ...any)) {
	res := rec.One("Resolution")
	var es []*FormalEntry
	for _, id := range ids {
		e, ok := byID[strings.ToLower(id)]
		if !ok {
			return // reported as no entry
		}
		es = append(es, e)
	}
	if contains(relationshipResolutions, res) && len(es) != 2 {
		bad("%s Resolution %s must list exactly two Entries (found %d)", rec.ID, res, len(es))
		return
	}
	switch res {
	case "distinct":
		for i, a := range es {
			for _, b := range es[i+1:] {
				if owns(a) && owns(b) && sameIdentity(a, b) && a.One("Subject") != "" {
					bad("%s Resolution distinct cannot excuse duplicate owner %s and %s", rec.ID, a.ID, b.ID)
				}
			}
		}
	case "superseded":
		if !supersedes(es[0], es[1]) && !supersedes(es[1], es[0]) {
			bad("%s Resolution superseded: %s and %s are not a supersession pair", rec.ID, es[0].ID, es[1].ID)
		}
	case "exception":
		exception(rec, es, subjects, bad)
	case "subject-merged":
		subjectMerged(rec, es, subjects, bad)
	}
}

// supersedes reports whether newer replaces older by a relation field.
func supersedes(older, newer *FormalEntry) bool {
	return strings.EqualFold(older.One("Superseded-By"), newer.ID) || strings.EqualFold(newer.One("Supersedes"), older.ID)
}

func exception(rec *FormalEntry, es []*FormalEntry, subjects map[string]*subject, bad func(string, ...any)) {
	ok := true
	for _, e := range es {
		ok = operand(rec, e, subjects, bad) && ok
	}
	area, project := es[0], es[1]
	if strings.HasPrefix(project.One("Scope"), "area:") {
		area, project = project, area
	}
	if ok && !(owns(area) && owns(project) && strings.HasPrefix(area.One("Scope"), "area:") && project.One("Scope") == "project" &&
		strings.EqualFold(area.One("Subject"), project.One("Subject")) && strings.EqualFold(area.One("Facet"), project.One("Facet"))) {
		bad("%s Resolution exception needs an active area owner and the project owner of the same Subject and Facet", rec.ID)
	}
}

// operand checks that e names one active Subject of the registry and a
// controlled Facet.
func operand(rec, e *FormalEntry, subjects map[string]*subject, bad func(string, ...any)) bool {
	ok := true
	if s := subjects[strings.ToLower(e.One("Subject"))]; s == nil || s.status != "active" {
		bad("%s operand %s: Subject must resolve exactly once to an active Subject", rec.ID, e.ID)
		ok = false
	}
	if !contains(facets, e.One("Facet")) {
		bad("%s operand %s: Invalid Facet %s", rec.ID, e.ID, quote(e.One("Facet")))
		ok = false
	}
	return ok
}

func subjectMerged(rec *FormalEntry, es []*FormalEntry, subjects map[string]*subject, bad func(string, ...any)) {
	old, cur := es[0], es[1]
	if old.One("Status") == "active" {
		old, cur = cur, old
	}
	if s := subjects[strings.ToLower(old.One("Subject"))]; old.One("Status") != "superseded" || s == nil || s.status != "merged" {
		bad("%s Resolution subject-merged needs a superseded entry on a merged Subject (%s is %s)", rec.ID, old.ID, old.One("Status"))
	}
	if cur.One("Status") != "active" {
		bad("%s Resolution subject-merged needs the current entry to be active (%s is %s)", rec.ID, cur.ID, cur.One("Status"))
		return
	}
	operand(rec, cur, subjects, bad)
}
