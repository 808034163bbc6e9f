package custodian

import (
	"io/fs"
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

// AppendOnly compares the memory directory before (old, e.g. HEAD) and
// after (new, e.g. the index) a change and reports decisions (units of
// decisions.md) and tombstones (units of do-not-use.md) that were edited
// or removed. Allowed: new entries anywhere; removing exact duplicates;
// moving an entry whole into a file under archive/; and removing a
// decision when the same change adds a tombstone to do-not-use.md whose
// topic or text contains the decision's title (case-insensitive, runs of
// white space as one space). Units compare by normalized text. A nil old
// reports nothing.
func AppendOnly(old, new fs.FS, opt Options) []validate.Finding {
	if old == nil {
		return nil
	}
	return appendOnly(Load(old), Load(new), opt)
}

// CheckChange is Check of new plus AppendOnly of old against new, reading
// new once.
func CheckChange(old, new fs.FS, opt Options, agentFiles map[string][]byte) []validate.Finding {
	after := Load(new)
	out := check(after, opt, agentFiles)
	if old != nil {
		out = append(out, appendOnly(Load(old), after, opt)...)
	}
	return out
}

func appendOnly(before, after *Memory, opt Options) []validate.Finding {
	c := &checker{mem: after, opt: opt}
	protoOld, schemaOld := protocolOfMemory(before)
	protoNew, schemaNew := protocolOfMemory(after)
	migrated := map[string]bool{}
	if protoOld.atLeast(v06) || protoNew.atLeast(v06) {
		migrated = c.formalAppendOnly(before, after, schemaOld, schemaNew)
	}
	kept := keptUnits(after)
	added := addedTombstones(before, after)
	for _, name := range []string{"decisions.md", "do-not-use.md"} {
		f, ok := before.Files[name]
		if !ok || migrated[name] {
			continue
		}
		for _, u := range f.Units {
			if entryIDRE().MatchString(u.Heading) && (protoOld.atLeast(v06) || protoNew.atLeast(v06)) {
				continue // judged by ID
			}
			if kept[u.Text] || (name == "decisions.md" && tombstoned(ParseEntry(u).Title, added)) {
				continue
			}
			c.changed(name, u)
		}
	}
	return finish(c.out, c.sources(nil))
}

// protocolOfMemory returns the protocol and entry schema a directory's
// manifest selects (0.5 and 1 without one).
func protocolOfMemory(mem *Memory) (version, int) {
	m := mem.Manifest
	if m == nil || !m.UTF8 {
		return v05, 1
	}
	p, _ := protocolOf(m)
	return p, entrySchema(m, p)
}

// changed reports the unit u of name as edited (when a unit with the same
// heading is still there) or removed.
func (c *checker) changed(name string, u Unit) {
	kind := "decision"
	if name == "do-not-use.md" {
		kind = "tombstone"
	}
	title := short(ParseEntry(u).Title)
	if f, ok := c.mem.Files[name]; ok {
		for _, nu := range f.Units {
			if nu.Heading != "" && nu.Heading == u.Heading {
				c.add(RuleAppendOnly, name, nu.Line, 1, "%s %q was edited; committed entries are append-only (add a new entry instead)", kind, short(title))
				return
			}
		}
	}
	c.add(RuleAppendOnly, name, 0, 0, "%s %q (line %d before) was removed without archiving it or recording a tombstone", kind, short(title), u.Line)
}

// keptUnits is the set of unit texts in the new decisions.md,
// do-not-use.md and archive/ files.
func keptUnits(mem *Memory) map[string]bool {
	kept := map[string]bool{}
	for name, f := range mem.Files {
		if name != "decisions.md" && name != "do-not-use.md" && !isArchive(name) {
			continue
		}
		for _, u := range f.Units {
			kept[u.Text] = true
		}
	}
	return kept
}

// addedTombstones returns the folded text of do-not-use.md units that are
// new in after.
func addedTombstones(before, after *Memory) []string {
	f, ok := after.Files["do-not-use.md"]
	if !ok {
		return nil
	}
	old := map[string]bool{}
	if bf, ok := before.Files["do-not-use.md"]; ok {
		for _, u := range bf.Units {
			old[u.Text] = true
		}
	}
	var out []string
	for _, u := range f.Units {
		if !old[u.Text] {
			out = append(out, fold(u.Text))
		}
	}
	return out
}

func tombstoned(title string, tombstones []string) bool {
	t := fold(title)
	if t == "" {
		return false
	}
	for _, ts := range tombstones {
		if strings.Contains(ts, t) {
			return true
		}
	}
	return false
}

func fold(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
