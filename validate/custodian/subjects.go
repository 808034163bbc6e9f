package custodian

import (
	"strings"
)

// subject is one Subject of the registry subjects.md (protocol 0.6+).
type subject struct {
	id, status, title string
	into              string // Merged-Into of a merged Subject
	line              int
}

var subjectKinds = []string{"dependency", "repo-path", "area", "api", "service", "feature", "concept"}

// subjects reads subjects.md, reports its schema problems and alias and
// Canonical-Ref collisions, and returns the Subjects by folded ID.
func (c *checker) subjects() map[string]*subject {
	out := map[string]*subject{}
	f, ok := c.mem.Files["subjects.md"]
	if !ok || !f.UTF8 {
		return out
	}
	ff := parseFormal(f, 1)
	if ff.lexProblem.msg != "" {
		c.add(RuleSubjectRegistry, f.Name, ff.lexProblem.line, 1, "MC-CONFLICT-010: Markdown parsing failed: %s", ff.lexProblem.msg)
	}
	for _, p := range ff.malformed {
		c.add(RuleSubjectRegistry, f.Name, p.line, 1, "MC-CONFLICT-010: %s", p.msg)
	}
	for _, p := range subjectStrayLines(f) {
		c.add(RuleSubjectRegistry, f.Name, p.line, 1, "MC-CONFLICT-010: %s", p.msg)
	}
	aliases, refs := map[string]string{}, map[string]string{}
	defer c.mergedFrom(f, ff.entries)
	for _, e := range ff.entries {
		bad := func(format string, args ...any) {
			c.add(RuleSubjectRegistry, f.Name, e.Line, 1, "MC-CONFLICT-010: %s "+format, append([]any{e.ID}, args...)...)
		}
		if e.Type != "SUBJ" {
			bad("is not a Subject (MC-SUBJ-...) and does not belong in subjects.md")
			continue
		}
		for _, p := range e.Problems {
			if strings.HasPrefix(p.msg, "ambiguous column-zero bullet") {
				continue // a bullet after a list is one of its items, or a stray line
			}
			c.add(RuleSubjectRegistry, f.Name, p.line, 1, "MC-CONFLICT-010: %s", p.msg)
		}
		for name, fs := range e.Fields {
			switch name {
			case "Status", "Kind", "Evidence", "Canonical-Ref", "Aliases", "Merged-Into", "Merged-From":
				if len(fs) > 1 {
					bad("has duplicate %s fields", name)
				}
			default:
				bad("has unknown field %s", name)
			}
		}
		for _, req := range []string{"Status", "Kind", "Evidence"} {
			if len(e.Fields[req]) == 0 {
				bad("must declare exactly one %s field (found 0)", req)
			}
		}
		if ev := e.Fields["Evidence"]; len(ev) == 1 {
			if why := subjectEvidence(ev[0].Items); why != "" {
				bad("%s", why)
			}
		}
		st := pyStrip(e.One("Status"))
		switch {
		case st != "active" && st != "merged":
			bad("has invalid Status %s", quote(st))
		case st == "merged" && e.One("Merged-Into") == "":
			bad("is merged but names no Merged-Into")
		case st == "active" && e.One("Merged-Into") != "":
			bad("is active but declares Merged-Into")
		}
		if k := pyStrip(e.One("Kind")); k != "" && !contains(subjectKinds, strings.ToLower(k)) {
			bad("has invalid Kind %s", quote(k))
		}
		key := strings.ToLower(e.ID)
		if _, dup := out[key]; dup {
			bad("is a duplicate Subject ID")
			continue
		}
		out[key] = &subject{id: e.ID, status: st, title: e.Title, into: pyStrip(e.One("Merged-Into")), line: e.Line}
		if st != "active" {
			continue
		}
		if raw := pyStrip(e.One("Canonical-Ref")); raw != "" {
			if ref, why := canonicalRef(raw); why != "" {
				bad("%s", why)
			} else {
				if other, dup := refs[ref]; dup {
					c.add(RuleSubjectRegistry, f.Name, e.Line, 1, "MC-CONFLICT-003: %s and %s share Canonical-Ref %s", other, e.ID, raw)
				}
				refs[ref] = e.ID
			}
		}
		names := []string{e.Title}
		if a := e.Fields["Aliases"]; len(a) > 0 {
			names = append(names, a[0].Items...)
		}
		seen := map[string]bool{}
		for _, n := range names {
			k := foldAlias(n)
			if k == "" || seen[k] {
				continue
			}
			seen[k] = true
			if other, dup := aliases[k]; dup && other != e.ID {
				c.add(RuleSubjectRegistry, f.Name, e.Line, 1, "MC-CONFLICT-004: %s and %s share the alias %s", other, e.ID, quote(short(n)))
			}
			aliases[k] = e.ID
		}
	}
	return out
}

// mergedFrom checks that each Merged-From of an active Subject names a
// merged Subject whose Merged-Into names it back (MC-CONFLICT-005).
func (c *checker) mergedFrom(f *File, entries []*FormalEntry) {
	byID := map[string]*FormalEntry{}
	for _, e := range entries {
		byID[strings.ToLower(e.ID)] = e
	}
	for _, e := range entries {
		mf := e.Fields["Merged-From"]
		if len(mf) == 0 {
			continue
		}
		if e.One("Status") != "active" {
			c.add(RuleSubjectRegistry, f.Name, e.Line, 1, "MC-CONFLICT-005: %s lists Merged-From but is not active", e.ID)
			continue
		}
		for _, id := range mf[0].Items {
			src, ok := byID[strings.ToLower(id)]
			if !ok || src.One("Status") != "merged" || !strings.EqualFold(src.One("Merged-Into"), e.ID) {
				c.add(RuleSubjectRegistry, f.Name, mf[0].Line, 1, "MC-CONFLICT-005: %s Merged-From %s is not a Subject merged into it", e.ID, id)
			}
		}
	}
}
