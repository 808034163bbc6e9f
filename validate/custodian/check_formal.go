package custodian

import (
	"fmt"
	"strings"
)

// formal applies the entry rules of protocols 0.6 to 0.8: the schema of
// structured entries, where they are stored, their Evidence, Subjects and
// relations, duplicate IDs, conflicts, and (0.8) legacy units.
func (c *checker) formal() {
	if c.protocol.before(v06) || c.mem.Manifest == nil {
		return
	}
	for _, l := range c.mem.Links {
		if refusedLink(l) {
			c.add(RuleSymlink, l, 0, 0, "%s must not be a symlink: protocol %s memory is read from regular files only", l, c.protocol)
		}
	}
	schema := entrySchema(c.mem.Manifest, c.protocol)
	subjects := c.subjects()
	var all []*FormalEntry
	for _, name := range c.mem.Names(true) {
		f := c.mem.Files[name]
		if !f.UTF8 || name == "subjects.md" || name == "manifest.md" || name == "reconciliations.md" || strings.HasSuffix(name, "README.md") {
			continue
		}
		ff := c.mem.formalOf(name, schema)
		if ff.lexProblem.msg != "" {
			c.add(RuleEntrySchema, name, ff.lexProblem.line, 1, "Markdown entry parsing failed: %s", ff.lexProblem.msg)
		}
		for _, p := range ff.malformed {
			c.add(RuleEntrySchema, name, p.line, 1, "%s", p.msg)
		}
		st, canonical := storageOf(name)
		if schema >= 3 && ff.legacy > 0 && canonical && legacyCounted(name) {
			c.add(RuleLegacyEntry, name, 0, 0, "%d active legacy %s remain readable but are not Protocol 0.8 compliant; migrate them to structured entries", ff.legacy, plural(ff.legacy, "entry", "entries"))
		}
		for _, e := range ff.entries {
			for _, p := range e.Problems {
				c.add(RuleEntrySchema, name, p.line, 1, "%s", p.msg)
			}
			c.entry(e, name, st, canonical, schema, subjects)
		}
		all = append(all, ff.entries...)
	}
	c.duplicateIDs(all)
	c.relations(all, subjects)
	c.chains(all)
	c.reconciliations(all, subjects)
	c.conflicts(all)
}

// legacyCounted reports a file whose legacy units are errors under Entry
// schema 3: decisions, constraints, do-not-use, preferences and areas/
// (rules/ and profiles/ hold prose, and inbox.md only warns).
func legacyCounted(name string) bool {
	switch name {
	case "decisions.md", "constraints.md", "do-not-use.md", "preferences.md":
		return true
	}
	return strings.HasPrefix(name, "areas/")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// entry checks one formal entry.
func (c *checker) entry(e *FormalEntry, name string, st storage, canonical bool, schema int, subjects map[string]*subject) {
	bad := func(rule, format string, args ...any) {
		c.add(rule, name, e.Line, 1, "%s %s", e.ID, fmt.Sprintf(format, args...))
	}
	for _, f := range []string{"Status", "Scope", "Evidence"} {
		if n := len(e.Fields[f]); n != 1 {
			bad(RuleEntrySchema, "must declare exactly one %s field (found %d)", f, n)
		}
	}
	for f, fs := range e.Fields {
		if len(fs) > 1 && f != "Status" && f != "Scope" && f != "Evidence" {
			bad(RuleEntrySchema, "has duplicate %s fields", f)
		}
		if len(fs) > 1 && f == "Evidence" {
			bad(RuleEntrySchema, "has duplicate Evidence fields")
		}
		if scalarFields[f] && fs[0].Value == "" {
			bad(RuleEntrySchema, "%s must not be empty", f)
		}
	}
	status, scope := e.One("Status"), e.One("Scope")
	if status != "" && !contains(entryStatuses, status) {
		bad(RuleEntrySchema, "has invalid Status %s", quote(status))
	}
	// local-user and local-machine are Scope values anywhere; where an
	// entry is stored decides whether they fit (storage).
	if scope != "" && !validScope(scope) && !contains(localScopes, scope) {
		bad(RuleEntrySchema, "has invalid Scope %s", quote(scope))
	}
	c.lifecycle(e, bad)
	c.candidate(e, name, status, subjects, bad)
	c.evidence(e, status, bad)
	switch {
	case isLocal(name):
		c.localEntry(e, name)
	case !isArchive(name):
		c.storage(e, name, st, canonical, schema, bad)
	}
	c.entrySubject(e, status, subjects, bad)
}

func (c *checker) lifecycle(e *FormalEntry, bad func(string, string, ...any)) {
	has := func(f string) bool { return len(e.Fields[f]) > 0 }
	switch status := e.One("Status"); {
	case has("Superseded-By") && has("Promoted-To"):
		bad(RuleEntrySchema, "cannot declare both Superseded-By and Promoted-To")
	case status == "active" && (has("Superseded-By") || has("Promoted-To")):
		bad(RuleEntrySchema, "active lifecycle conflicts with terminal relation fields")
	case status == "superseded" && !has("Superseded-By"):
		bad(RuleEntrySchema, "superseded entry has no Superseded-By")
	case status == "promoted" && !has("Promoted-To"):
		bad(RuleEntrySchema, "promoted entry has no Promoted-To")
	case status == "candidate" && (has("Supersedes") || has("Superseded-By") || has("Promoted-To") || has("Promoted-From")):
		bad(RuleEntrySchema, "candidate lifecycle cannot declare transition relations")
	}
	if has("Candidate-Type") && e.One("Status") != "candidate" && e.One("Status") != "promoted" {
		bad(RuleEntrySchema, "non-candidate lifecycle cannot declare Candidate-Type")
	}
}

func (c *checker) evidence(e *FormalEntry, status string, bad func(string, string, ...any)) {
	fs := e.Fields["Evidence"]
	if len(fs) == 0 {
		if status == "active" {
			bad(RuleEntryEvidence, "is active and has no Evidence")
		}
		return
	}
	items := fs[0].Items
	if len(items) == 0 {
		bad(RuleEntrySchema, "Evidence must contain at least one non-empty item")
		return
	}
	confirmed := false
	for _, it := range items {
		g := evidenceRE().FindStringSubmatch(it)
		switch {
		case it == "":
			bad(RuleEntrySchema, "Evidence must not contain empty items")
		case g == nil || (g[1] != "" && pathUnsafe(g[1])):
			bad(RuleEntrySchema, "has invalid Evidence schema or unsafe source path %s", quote(short(it)))
		case candidateEvidence[it] && status != "candidate" && status != "promoted":
			// upstream admits candidate-grade Evidence on candidates only
			bad(RuleEntrySchema, "has invalid Evidence schema or unsafe source path: %s is candidate-grade Evidence on a %s entry", quote(it), quote(status))
		case it == "legacy-unverified" && (status == "candidate" || status == "promoted"):
			bad(RuleEntrySchema, "has invalid Evidence schema or unsafe source path: legacy-unverified is reserved for migrated entries")
		case it == "legacy-unverified":
			confirmed = true
			c.add(RuleEvidenceLegacy, e.File, fs[0].Line, 1, "%s uses migration-only legacy-unverified Evidence; confirm it (user-confirmed, repo:PATH, ...)", e.ID)
		case !candidateEvidence[it]:
			confirmed = true
		}
	}
	if status == "active" && !confirmed {
		bad(RuleEntryEvidence, "is active but has only unconfirmed Evidence (agent-observed, conversation-unconfirmed); confirm it or keep it a candidate in inbox.md")
	}
}

// pathUnsafe reports an Evidence path that is absolute or leaves the
// repository.
// refusedLink reports a symbolic link protocol 0.6+ memory may not be: a
// .md file, or the areas/, rules/, profiles/ or archive/ folder.
func refusedLink(l string) bool {
	return strings.HasSuffix(l, ".md") || contains([]string{"areas", "rules", "profiles", "archive"}, l)
}

func pathUnsafe(p string) bool {
	p = strings.ReplaceAll(p, `\`, "/")
	if strings.HasPrefix(p, "/") || driveLetter(p) {
		return true
	}
	for _, part := range strings.Split(p, "/") {
		if part == ".." {
			return true
		}
	}
	return false
}

func (c *checker) storage(e *FormalEntry, name string, st storage, canonical bool, schema int, bad func(string, string, ...any)) {
	status := e.One("Status")
	switch {
	case !canonical:
		bad(RuleEntrySchema, "formal entry is outside a canonical storage file")
		return
	case name == "inbox.md" && e.Type != "INBOX":
		bad(RuleEntrySchema, "type does not match its storage location (inbox.md holds MC-INBOX candidates)")
		return
	case e.Type == "INBOX" && name != "inbox.md":
		bad(RuleEntrySchema, "must be stored in inbox.md")
		return
	case name == "inbox.md" && status != "" && status != "candidate" && status != "promoted":
		bad(RuleEntrySchema, "has Status %s; inbox entries must be candidate or promoted", quote(status))
	case name != "inbox.md" && (status == "candidate" || status == "promoted"):
		bad(RuleEntrySchema, "%s Entry must be stored in inbox.md", status)
	case !contains(st.types, e.Type):
		bad(RuleEntrySchema, "type does not match its storage location")
		return
	}
	if st.scope != "" && e.One("Scope") != "" && e.One("Scope") != st.scope {
		bad(RuleEntrySchema, "must use Scope: %s for %s", st.scope, name)
	}
	n := len(e.Fields["Entry-Type"])
	if schema >= 3 && e.Type == "AREA" && n != 1 {
		bad(RuleEntrySchema, "must declare exactly one Entry-Type field (found %d)", n)
	}
	if schema >= 3 && e.Type != "AREA" && n > 0 {
		bad(RuleEntrySchema, "Entry-Type is only valid for MC-AREA entries")
	}
	if e.Type == "AREA" && schema >= 3 && n == 1 {
		et := e.One("Entry-Type")
		ok := areaEntryTypes[et] != ""
		switch {
		case strings.HasPrefix(name, "rules/"):
			ok = et == "rule"
		case strings.HasPrefix(name, "profiles/"):
			ok = et == "profile"
		case ok:
			ok = et != "rule" && et != "profile"
		}
		if !ok {
			bad(RuleEntrySchema, "has invalid Entry-Type %s for %s", quote(et), name)
			return
		}
	}
	want := expectedBody(e, name, schema)
	if want == "" {
		return
	}
	for b := range bodyFields {
		if b != want && b != "Reason" && b != "Promotion-Requirement" && len(e.Fields[b]) > 0 {
			bad(RuleEntrySchema, "uses %s body but its Entry ID/storage requires %s", b, want)
		}
	}
	switch bs := e.Fields[want]; {
	case len(bs) != 1:
		bad(RuleEntrySchema, "must declare exactly one %s typed body (found %d)", want, len(bs))
	case strings.TrimSpace(bs[0].Body) == "":
		bad(RuleEntrySchema, "has an empty %s typed body", want)
	}
}

// candidate checks what a candidate or promoted entry must declare, as
// upstream does for every Entry in that lifecycle: one Candidate-Type, one
// non-empty Promotion-Requirement, Provisional-Subject and
// Provisional-Facet together, naming an active Subject and a known Facet
// (outside the archive).
func (c *checker) candidate(e *FormalEntry, name, status string, subjects map[string]*subject, bad func(string, string, ...any)) {
	if status != "candidate" && status != "promoted" {
		return
	}
	last := func(f string) string { // upstream keeps the last of a repeated field, as written
		fs := e.Fields[f]
		if len(fs) == 0 {
			return ""
		}
		return fs[len(fs)-1].Value
	}
	ps, pf := last("Provisional-Subject"), last("Provisional-Facet")
	if (ps == "") != (pf == "") {
		bad(RuleEntrySchema, "must declare Provisional-Subject and Provisional-Facet together")
	}
	if n := len(e.Fields["Candidate-Type"]); n != 1 {
		bad(RuleEntrySchema, "must declare exactly one Candidate-Type field (found %d)", n)
	}
	switch fs := e.Fields["Promotion-Requirement"]; {
	case len(fs) != 1:
		bad(RuleEntrySchema, "must declare exactly one Promotion-Requirement field (found %d)", len(fs))
	case pyStrip(fs[0].Body) == "":
		bad(RuleEntrySchema, "has an empty Promotion-Requirement body")
	}
	if ps == "" || pf == "" || isArchive(name) {
		return
	}
	if s, ok := subjects[strings.ToLower(ps)]; !ok || s.status != "active" {
		bad(RuleEntrySubject, "references missing or inactive Provisional-Subject %s", ps)
	}
	if !contains(facets, pf) {
		bad(RuleEntrySubject, "has invalid Provisional-Facet %s", quote(pf))
	}
}

func (c *checker) entrySubject(e *FormalEntry, status string, subjects map[string]*subject, bad func(string, string, ...any)) {
	subj, facet := e.One("Subject"), e.One("Facet")
	if e.Type == "INBOX" {
		return // a candidate's identity is provisional (candidate)
	}
	if owns(e) && c.protocol.atLeast(v07) {
		// From 0.7 an owner without its identity is an invalid owner to
		// the conflict analysis (0.6 had none).
		if subj == "" {
			bad(RuleEntrySubject, "active owner must declare a non-empty Subject that resolves exactly once to an active registry entry")
		}
		if facet == "" {
			bad(RuleEntrySubject, "active owner must declare a non-empty Facet")
		}
	}
	if subj == "" && facet == "" {
		if owns(e) {
			c.add(RuleSubjectCoverage, e.File, e.Line, 1, "%s legacy Subject/Facet coverage is incomplete: an active entry names no Subject and Facet", e.ID)
		}
		return
	}
	if subj != "" {
		// A superseded entry may keep the Subject that was merged since.
		if s, ok := subjects[strings.ToLower(subj)]; !ok || s.status != "active" && !(status == "superseded" && s.status == "merged") {
			bad(RuleEntrySubject, "references missing or inactive Subject %s", subj)
		}
	}
	if facet != "" && !contains(facets, facet) {
		bad(RuleEntrySubject, "has invalid Facet %s", quote(facet))
	}
	if (subj == "") != (facet == "") && owns(e) {
		c.add(RuleSubjectCoverage, e.File, e.Line, 1, "%s legacy Subject/Facet coverage is incomplete: it names a Subject or a Facet, not both", e.ID)
	}
}

func (c *checker) duplicateIDs(all []*FormalEntry) {
	first := map[string]*FormalEntry{}
	for _, e := range all {
		k := strings.ToLower(e.ID)
		if f, dup := first[k]; dup {
			if f.File == e.File {
				c.add(RuleDuplicateID, e.File, e.Line, 1, "duplicate Entry ID %s within file (first on line %d)", e.ID, f.Line)
			} else {
				c.add(RuleDuplicateID, e.File, e.Line, 1, "duplicate Entry ID %s in: %s, %s", e.ID, f.File, e.File)
			}
			continue
		}
		first[k] = e
	}
}
