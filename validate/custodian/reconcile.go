package custodian

import "strings"

var resolutions = []string{"distinct", "superseded", "exception", "subject-merged"}

// reconciliations checks reconciliations.md (protocol 0.7+): each record
// is `## MC-REC-... — <title>` with Status active, an Entries list of at
// least two existing Entry IDs that match its Resolution (see resolution),
// a known Resolution and Evidence; two records may not cover the same
// entries.
func (c *checker) reconciliations(all []*FormalEntry, subjects map[string]*subject) {
	f, ok := c.mem.Files["reconciliations.md"]
	if !ok || !f.UTF8 || c.protocol.before(v07) {
		return
	}
	ids := map[string]bool{}
	byID := map[string]*FormalEntry{}
	for _, e := range all {
		ids[strings.ToLower(e.ID)] = true
		if _, dup := byID[strings.ToLower(e.ID)]; !dup {
			byID[strings.ToLower(e.ID)] = e
		}
	}
	ff := parseFormal(f, 1)
	bad := func(line int, format string, args ...any) {
		c.add(RuleRelation, f.Name, line, 1, "MC-CONFLICT-008: "+format, args...)
	}
	if ff.lexProblem.msg != "" {
		bad(ff.lexProblem.line, "Markdown parsing failed: %s", ff.lexProblem.msg)
	}
	lines := pyLines(f.Text)
	for _, p := range ff.malformed {
		bad(p.line, "%s%s", p.msg, recordOperands(lines, p.line))
	}
	for i, l := range lines {
		if strings.HasPrefix(l, "## ") && !isEntryHeading(l) && !entryIDRE().MatchString(l) {
			bad(i+1, "malformed reconciliation record heading %s%s", quote(short(l)), recordOperands(lines, i+1))
		}
	}
	pairs := map[string]string{}
	for _, e := range ff.entries {
		if e.Type != "REC" {
			bad(e.Line, "%s is not a reconciliation record (MC-REC-...)", e.ID)
			continue
		}
		for _, p := range e.Problems {
			bad(p.line, "%s", p.msg)
		}
		if e.One("Status") != "active" {
			bad(e.Line, "%s must have Status: active", e.ID)
		}
		if !contains(resolutions, e.One("Resolution")) {
			bad(e.Line, "%s has invalid Resolution %s", e.ID, quote(e.One("Resolution")))
		}
		if ev := e.Fields["Evidence"]; len(ev) != 1 || len(ev[0].Items) == 0 {
			bad(e.Line, "%s Evidence is missing or invalid", e.ID)
		}
		var entries []string
		if es := e.Fields["Entries"]; len(es) == 1 {
			entries = es[0].Items
		}
		if len(entries) < 2 {
			bad(e.Line, "%s Entries must list at least two Entry IDs", e.ID)
		}
		for _, id := range entries {
			if !ids[strings.ToLower(id)] {
				bad(e.Line, "%s Entries names %s, which is no entry", e.ID, id)
			}
		}
		if len(entries) >= 2 {
			resolution(e, entries, byID, subjects, func(format string, args ...any) { bad(e.Line, format, args...) })
		}
		key := strings.ToLower(strings.Join(sortedCopy(entries), ","))
		if first, dup := pairs[key]; dup {
			bad(e.Line, "%s covers the same entries as %s", e.ID, first)
		}
		pairs[key] = e.ID
	}
}

func sortedCopy(xs []string) []string {
	out := append([]string(nil), xs...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// recordOperands names the Entries of a record whose heading could not be
// read (heading on line), as upstream keeps them in its diagnostic:
// "; Entries: A, B." or "".
func recordOperands(lines []string, line int) string {
	var ids []string
	in := false
	for _, l := range lines[min(line, len(lines)):] {
		if strings.HasPrefix(l, "## ") {
			break
		}
		switch name, _, ok := fieldLine(l); {
		case ok:
			in = name == "Entries"
		case in && strings.HasPrefix(l, "- "):
			ids = append(ids, pyStrip(l[2:]))
		}
	}
	if len(ids) == 0 {
		return ""
	}
	return "; Entries: " + strings.Join(ids, ", ") + "."
}
