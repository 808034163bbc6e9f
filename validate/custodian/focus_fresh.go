package custodian

import (
	"fmt"
	"io/fs"
	"strings"
)

// freshness reports Evidence that no longer holds and the integrity
// findings upstream's `check --freshness` repeats: an Evidence path that
// does not exist in the repository, or is unsafe (MC-FRESH-001), an
// Evidence revision that is not the commit HEAD names (MC-FRESH-002), git
// unavailable while Evidence names revisions (MC-FRESH-003, once), and
// the relation (MC-FRESH-004), Subject-reference (MC-FRESH-005) and
// reconciliation (MC-FRESH-006) findings of the plain check. The Evidence
// of live entries, Subjects and reconciliation records is judged;
// archive/ keeps history and is not.
func (f *focus) freshness() {
	if f.proto.before(v06) {
		return
	}
	ev := &evidenceCheck{focus: f, stat: map[string]string{}, seen: map[string]bool{}}
	for _, e := range f.evidenceOwners() {
		for _, fl := range e.Fields["Evidence"] {
			for _, it := range fl.Items {
				ev.item(e, fl.Line, it)
			}
		}
	}
	if ev.revisions && f.req.Head == "" {
		f.res.add(FocusFinding{Code: "MC-FRESH-003", Severity: SevInfo, Message: "Git is unavailable; revision-backed Evidence was not freshness-checked."})
	}
	f.integrity()
}

// evidenceOwners are the live formal entries, the Subjects and the
// reconciliation records, in file order.
func (f *focus) evidenceOwners() []*FormalEntry {
	var out []*FormalEntry
	for _, name := range f.entryFiles() {
		out = append(out, f.mem.formalOf(name, f.schema()).entries...)
	}
	for _, name := range []string{"subjects.md", "reconciliations.md"} {
		if file, ok := f.mem.Files[name]; ok && file.UTF8 {
			out = append(out, parseFormal(file, 1).entries...)
		}
	}
	return out
}

type evidenceCheck struct {
	*focus
	// stat caches, by cleaned repository path, "" when it exists or the
	// reason it is not usable.
	stat map[string]string
	// seen drops a finding repeated for one owner.
	seen map[string]bool
	// revisions is set once an item names a revision.
	revisions bool
}

// item judges one Evidence item; only repo:, doc: and test: items name a
// path. Items the grammar rejects are the plain check's (schema).
func (ev *evidenceCheck) item(e *FormalEntry, line int, it string) {
	g := evidenceRE().FindStringSubmatch(it)
	if g == nil || g[1] == "" {
		return
	}
	prefix, rest, _ := strings.Cut(it, ":")
	raw, rev, hasRev := strings.Cut(rest, "@")
	shown := prefix + ":" + raw
	switch why := ev.pathState(raw); why {
	case "":
	case "missing":
		ev.add("MC-FRESH-001", SevError, e, line, "%s Evidence path does not exist: %s", e.ID, shown)
	default:
		ev.add("MC-FRESH-001", SevError, e, line, "%s Evidence path %s: %s", e.ID, why, shown)
	}
	if !hasRev {
		return
	}
	ev.revisions = true
	if ev.req.Head != "" && !sameRevision(rev, ev.req.Head) {
		ev.add("MC-FRESH-002", SevWarning, e, line, "%s Evidence revision differs from current Git HEAD.", e.ID)
	}
}

func (ev *evidenceCheck) add(code, sev string, e *FormalEntry, line int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if key := code + "\x00" + e.File + "\x00" + msg; !ev.seen[key] {
		ev.seen[key] = true
		ev.res.add(FocusFinding{Code: code, Severity: sev, Path: e.File, Line: line, EntryID: e.ID, Message: msg})
	}
}

// pathState returns "" when the Evidence path exists in the project,
// "missing" when it does not, or why it cannot be looked up: it is
// absolute, has a `..` part or a drive, or leaves the repository through
// a symbolic link. `\` counts as `/` and a leading `./` is dropped, as
// upstream normalizes them. Without a project nothing is looked up.
func (ev *evidenceCheck) pathState(raw string) string {
	p := strings.ReplaceAll(raw, `\`, "/")
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	if pathUnsafe(p) {
		return "is unsafe or escapes the repository"
	}
	name := strings.Join(pathParts(p), "/")
	if name == "" || !fs.ValidPath(name) {
		return "is unsafe or escapes the repository"
	}
	if ev.req.Project == nil {
		return ""
	}
	if why, ok := ev.stat[name]; ok {
		return why
	}
	why := ""
	switch {
	case escapes(ev.req.Project, name):
		why = "leaves the repository through a symbolic link"
	case !exists(ev.req.Project, name):
		why = "missing"
	}
	ev.stat[name] = why
	return why
}

// sameRevision reports whether an Evidence revision names the commit
// head: the full hash, or an abbreviation of it of at least 4 hex digits
// (any case). Branch and tag names count as different: Evidence pins the
// commit it was checked at, and the name is never given to git.
func sameRevision(rev, head string) bool {
	rev = strings.ToLower(rev)
	if len(rev) < 4 || len(rev) > len(head) || !isHexString(rev) {
		return false
	}
	return strings.HasPrefix(strings.ToLower(head), rev)
}

func isHexString(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// integrity repeats the plain check's relation findings (MC-FRESH-004,
// an invalid Exception-To included), its Subject-reference findings
// (MC-FRESH-005) and its reconciliation findings (MC-FRESH-006).
func (f *focus) integrity() {
	for _, c := range f.plain() {
		code := ""
		switch {
		case c.rule == RuleRelation && c.name == "reconciliations.md":
			code = "MC-FRESH-006"
		case c.rule == RuleRelation, c.rule == RuleConflict && strings.HasPrefix(c.msg, "MC-CONFLICT-006:"):
			code = "MC-FRESH-004"
		case c.rule == RuleEntrySubject && strings.Contains(c.msg, " references missing or inactive Subject "):
			id, rest, _ := strings.Cut(c.msg, " references missing or inactive Subject ")
			c.msg = fmt.Sprintf("%s Subject %s must resolve to an active registry entry.", id, rest)
			code = "MC-FRESH-005"
		default:
			continue
		}
		msg := c.msg
		if pre, rest, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(pre, "MC-CONFLICT-") {
			msg = rest
		}
		f.res.add(FocusFinding{Code: code, Severity: SevError, Path: c.name, Line: c.line, EntryID: entryIDRE().FindString(msg), Message: msg})
	}
}
