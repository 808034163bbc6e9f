package custodian

import (
	"strings"
	"sync"
)

// relations checks Supersedes and Superseded-By: each target resolves to
// exactly one entry (live or archived), and the two sides name each other.
func (c *checker) relations(all []*FormalEntry, subjects map[string]*subject) {
	byID := map[string][]*FormalEntry{}
	for _, e := range all {
		byID[strings.ToLower(e.ID)] = append(byID[strings.ToLower(e.ID)], e)
	}
	for _, e := range all {
		for _, rel := range []struct{ field, back string }{{"Supersedes", "Superseded-By"}, {"Superseded-By", "Supersedes"}, {"Promoted-To", "Promoted-From"}, {"Promoted-From", "Promoted-To"}} {
			for _, f := range e.Fields[rel.field] {
				ts := byID[strings.ToLower(f.Value)]
				switch {
				case len(ts) == 0:
					c.add(RuleRelation, e.File, f.Line, 1, "%s %s references missing entry %s", e.ID, rel.field, f.Value)
				case len(ts) > 1:
					c.add(RuleRelation, e.File, f.Line, 1, "%s %s target %s resolves to %d entries; relation targets must be unique", e.ID, rel.field, f.Value, len(ts))
				case !strings.EqualFold(ts[0].One(rel.back), e.ID):
					c.add(RuleRelation, e.File, f.Line, 1, "%s %s relation is not reciprocal", e.ID, rel.field)
				case rel.field == "Supersedes" && !sameLineage(e, ts[0], subjects):
					c.add(RuleRelation, e.File, f.Line, 1, "%s Supersedes must preserve Scope+Subject+Facet identity", e.ID)
				case rel.field == "Promoted-To":
					c.promotion(e, ts[0], f.Line)
				}
			}
		}
		for _, f := range e.Fields["Exception-To"] {
			ts := byID[strings.ToLower(pyStrip(f.Value))]
			switch {
			case len(ts) == 0:
				c.add(RuleRelation, e.File, f.Line, 1, "%s Exception-To references missing entry %s", e.ID, f.Value)
			case len(ts) > 1:
				c.add(RuleRelation, e.File, f.Line, 1, "%s Exception-To target %s resolves to %d entries; relation targets must be unique", e.ID, f.Value, len(ts))
			}
			if !validException(e, ts) {
				c.add(RuleRelation, e.File, f.Line, 1, "%s Exception-To relation is invalid; it must point from an active area owner to a matching project owner", e.ID)
			}
		}
	}
}

// validException reports an Exception-To from an active area entry to the
// one active project entry of the same Subject and Facet, which has no
// Exception-To itself.
func validException(e *FormalEntry, ts []*FormalEntry) bool {
	if e.One("Status") != "active" || !strings.HasPrefix(strings.ToLower(e.One("Scope")), "area:") || len(ts) != 1 {
		return false
	}
	t := ts[0]
	return t.One("Status") == "active" && strings.EqualFold(t.One("Scope"), "project") && t.One("Exception-To") == "" &&
		strings.EqualFold(e.One("Subject"), t.One("Subject")) && strings.EqualFold(e.One("Facet"), t.One("Facet"))
}

// candidateTypes maps a Candidate-Type to the entry type it promotes to.
var candidateTypes = sync.OnceValue(func() map[string]string {
	return map[string]string{"decision": "DEC", "constraint": "CON", "do-not-use": "DNU",
		"preference": "PREF", "area": "AREA"}
})

// promotion checks a candidate promoted to target.
func (c *checker) promotion(cand, target *FormalEntry, line int) {
	if t := candidateTypes()[cand.One("Candidate-Type")]; t != "" && t != target.Type {
		c.add(RuleRelation, cand.File, line, 1, "%s type does not match source Candidate-Type %s", target.ID, quote(cand.One("Candidate-Type")))
	}
	if !strings.EqualFold(cand.One("Scope"), target.One("Scope")) {
		c.add(RuleRelation, cand.File, line, 1, "%s promotion must preserve Scope", target.ID)
	}
}

// chains reports supersession chains that loop or do not end at an
// active entry.
func (c *checker) chains(all []*FormalEntry) {
	byID := map[string]*FormalEntry{}
	for _, e := range all {
		byID[strings.ToLower(e.ID)] = e
	}
	reported := map[string]bool{}
	for _, e := range all {
		if e.One("Status") != "superseded" || reported[e.ID] {
			continue
		}
		path := []string{e.ID}
		seen := map[string]bool{strings.ToLower(e.ID): true}
		for cur := e; ; {
			next, ok := byID[strings.ToLower(cur.One("Superseded-By"))]
			if !ok {
				break // a missing target is reported by relations
			}
			path = append(path, next.ID)
			if seen[strings.ToLower(next.ID)] {
				for _, id := range path {
					reported[id] = true
				}
				c.add(RuleRelation, e.File, e.Line, 1, "supersession cycle detected: %s", strings.Join(path, " -> "))
				break
			}
			seen[strings.ToLower(next.ID)] = true
			if st := next.One("Status"); st != "superseded" {
				if st != "active" {
					c.add(RuleRelation, e.File, e.Line, 1, "%s supersession chain does not terminate at an active replacement", e.ID)
				}
				break
			}
			cur = next
		}
	}
}

func identity(e *FormalEntry) string {
	return strings.ToLower(e.One("Scope") + "\x00" + e.One("Subject") + "\x00" + e.One("Facet"))
}

func sameIdentity(a, b *FormalEntry) bool { return identity(a) == identity(b) }

// sameLineage is sameIdentity with a merged Subject read as the Subject it
// merged into: superseding an entry on a merged Subject by one on its
// target keeps the identity.
func sameLineage(a, b *FormalEntry, subjects map[string]*subject) bool {
	key := func(e *FormalEntry) string {
		subj := strings.ToLower(e.One("Subject"))
		if s, ok := subjects[subj]; ok && s.status == "merged" && s.into != "" {
			subj = strings.ToLower(s.into)
		}
		return strings.ToLower(e.One("Scope")) + "\x00" + subj + "\x00" + strings.ToLower(e.One("Facet"))
	}
	return key(a) == key(b)
}

// conflicts reports two active owners of one (Scope, Subject, Facet)
// identity (MC-CONFLICT-001) and an area owner overlapping a project owner
// without Exception-To (MC-CONFLICT-002, for review).
func (c *checker) conflicts(all []*FormalEntry) {
	owners := map[string]*FormalEntry{}
	project := map[string]*FormalEntry{}
	for _, e := range all {
		if !owns(e) || e.One("Subject") == "" || e.One("Facet") == "" {
			continue
		}
		k := identity(e)
		if first, dup := owners[k]; dup {
			c.add(RuleConflict, e.File, e.Line, 1, "MC-CONFLICT-001: %s and %s (%s) both own Scope %s, Subject %s, Facet %s", first.ID, e.ID, first.File, e.One("Scope"), e.One("Subject"), e.One("Facet"))
			continue
		}
		owners[k] = e
		if e.One("Scope") == "project" {
			project[strings.ToLower(e.One("Subject")+"\x00"+e.One("Facet"))] = e
		}
	}
	for _, e := range all {
		if !owns(e) || !strings.HasPrefix(e.One("Scope"), "area:") {
			continue
		}
		p, ok := project[strings.ToLower(e.One("Subject")+"\x00"+e.One("Facet"))]
		if !ok {
			continue
		}
		switch ex := e.One("Exception-To"); {
		case ex == "":
			c.add(RuleConflictReview, e.File, e.Line, 1, "MC-CONFLICT-002: area entry %s overlaps project entry %s (same Subject and Facet) without Exception-To", e.ID, p.ID)
		case !strings.EqualFold(ex, p.ID):
			c.add(RuleConflict, e.File, e.Line, 1, "MC-CONFLICT-006: %s Exception-To relation is invalid; it must point from an active area owner to a matching project owner", e.ID)
		}
	}
}
