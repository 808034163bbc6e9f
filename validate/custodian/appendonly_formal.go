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
	news := formalEntries(after, schemaNew, nil)
	olds := formalEntries(before, schemaOld, after)
	for _, e := range olds {
		oldIDs[strings.ToLower(e.ID)] = true
	}
	for _, e := range news {
		now[strings.ToLower(e.ID)] = e
		if g, ok := before.Files[e.File]; !oldIDs[strings.ToLower(e.ID)] && (!ok || string(g.Src) != string(after.Files[e.File].Src)) {
			migrated[e.File] = true
		}
	}
	for _, e := range olds {
		n, ok := now[strings.ToLower(e.ID)]
		if !ok {
			continue // forgotten, purged
		}
		c.entryChange(e, n, now)
	}
	return migrated
}

// formalEntries parses the formal entries of every file of mem. A file
// that same holds with the same content is left out: its entries are
// unchanged, found by ID in same.
func formalEntries(mem *Memory, schema int, same *Memory) []*FormalEntry {
	var out []*FormalEntry
	for _, name := range mem.Names(true) {
		f := mem.Files[name]
		if !f.UTF8 || name == "manifest.md" || strings.HasSuffix(name, "README.md") {
			continue
		}
		if same != nil {
			if g, ok := same.Files[name]; ok && string(g.Src) == string(f.Src) {
				continue
			}
		}
		out = append(out, mem.formalOf(name, schema).entries...)
	}
	return out
}

// entryChange reports an in-place edit of old's meaning, or a lifecycle
// change that is no upstream operation.
func (c *checker) entryChange(old, cur *FormalEntry, now map[string]*FormalEntry) {
	report := func(format string, args ...any) {
		c.add(RuleAppendOnly, cur.File, cur.Line, 1, "%s "+format, append([]any{old.ID}, args...)...)
	}
	if old.Title != cur.Title && fold(old.Title) != fold(cur.Title) {
		report("was retitled in place; committed entries are append-only: supersede it with a new entry instead")
		return
	}
	for _, f := range meaningFields {
		if a, b := old.One(f), cur.One(f); a != b && fold(a) != fold(b) {
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
