package custodian

import "strings"

// meaningFields are the fields whose text is an entry's meaning: editing
// them in place is not an upstream operation.
var meaningFields = []string{"Scope", "Subject", "Facet", "Decision", "Constraint", "Rejected",
	"Preference", "Rule", "Profile", "Statement", "Reason", "Candidate-Type"}

// formalAppendOnly applies the protocol 0.6+ meaning of append-only.
// Entries are identified by ID. Allowed: new entries; superseding (Status
// active → superseded with Superseded-By naming an entry that carries
// Supersedes back); promoting a candidate (candidate → promoted with
// Promoted-To); adding or removing Exception-To; Evidence changes; schema
// migration (Entry-Type inserted, a body re-encoded into its fence);
// moving an entry into archive/; and removing one, as upstream's forget
// flows do (a purge leaves no trace). Editing an entry's title, Scope,
// Subject, Facet or typed bodies in place is reported. Legacy units keep
// the 0.5 rule, except that a change adding formal entries to a file is a
// migration and may replace its legacy units.
func (c *checker) formalAppendOnly(before, after *Memory, schemaOld, schemaNew int) map[string]bool {
	now := map[string]*FormalEntry{}
	migrated := map[string]bool{}
	oldIDs := map[string]bool{}
	for _, e := range formalEntries(before, schemaOld) {
		oldIDs[strings.ToLower(e.ID)] = true
	}
	for _, e := range formalEntries(after, schemaNew) {
		now[strings.ToLower(e.ID)] = e
		if !oldIDs[strings.ToLower(e.ID)] {
			migrated[e.File] = true
		}
	}
	for _, e := range formalEntries(before, schemaOld) {
		n, ok := now[strings.ToLower(e.ID)]
		if !ok {
			continue // forgotten, purged
		}
		c.entryChange(e, n, now)
	}
	return migrated
}

func formalEntries(mem *Memory, schema int) []*FormalEntry {
	var out []*FormalEntry
	for _, name := range mem.Names(true) {
		f := mem.Files[name]
		if !f.UTF8 || name == "manifest.md" || strings.HasSuffix(name, "README.md") {
			continue
		}
		out = append(out, parseFormal(f, schema).entries...)
	}
	return out
}

// entryChange reports an in-place edit of old's meaning, or a lifecycle
// change that is no upstream operation.
func (c *checker) entryChange(old, cur *FormalEntry, now map[string]*FormalEntry) {
	report := func(format string, args ...any) {
		c.add(RuleAppendOnly, cur.File, cur.Line, 1, "%s "+format, append([]any{old.ID}, args...)...)
	}
	if fold(old.Title) != fold(cur.Title) {
		report("was retitled in place; committed entries are append-only: supersede it with a new entry instead")
		return
	}
	for _, f := range meaningFields {
		if fold(old.One(f)) != fold(cur.One(f)) {
			report("%s was edited in place; committed entries are append-only: supersede it with a new entry instead", f)
			return
		}
	}
	was, is := old.One("Status"), cur.One("Status")
	switch {
	case was == is:
	case was == "active" && is == "superseded":
		by := now[strings.ToLower(cur.One("Superseded-By"))]
		if by == nil || !strings.EqualFold(by.One("Supersedes"), old.ID) {
			report("was marked superseded without a replacement entry naming it in Supersedes")
		}
	case was == "candidate" && is == "promoted":
	default:
		report("changed Status from %s to %s, which no upstream operation does", was, is)
	}
}
