package custodian

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
)

// maxInboxItems is the inbox size at which compaction is recommended.
const maxInboxItems = 30

func (c *checker) decisions() {
	f, ok := c.mem.Files["decisions.md"]
	if !ok {
		return
	}
	for _, u := range f.Units {
		if c.formalUnit(u) {
			continue
		}
		e := ParseEntry(u)
		switch {
		case e.Text == "":
			c.add(RuleDecisionEmpty, f.Name, u.Line, 1, "decision %q has no decision text", short(e.Title))
		case !e.HasReason():
			c.add(RuleDecisionNoReason, f.Name, u.Line, 1, "decision %q gives no reason", short(e.Title))
		}
	}
}

// tombstones reports `##` tombstones in do-not-use.md with an empty body.
// One-line bullet tombstones carry their reason in the line and are not
// checked.
func (c *checker) tombstones() {
	f, ok := c.mem.Files["do-not-use.md"]
	if !ok {
		return
	}
	for _, u := range f.Units {
		if c.formalUnit(u) {
			continue
		}
		if u.Heading != "" && strings.TrimSpace(u.Body()) == "" {
			c.add(RuleTombstoneNoReason, f.Name, u.Line, 1, "tombstone %q gives no reason", short(ParseEntry(u).Title))
		}
	}
}

// inbox reports an inbox.md of more than maxInboxItems items, on the first
// item over the limit.
func (c *checker) inbox() {
	f, ok := c.mem.Files["inbox.md"]
	if !ok {
		return
	}
	n, over := inboxItems(f.Lines)
	if c.protocol.atLeast(v06) {
		n, over = c.inboxItemsFormal(f)
	}
	if over > 0 {
		c.add(RuleInboxFull, f.Name, over, 1, "inbox.md has %d items, more than %d; review and compact it", n, maxInboxItems)
	}
}

// inboxItemsFormal counts an inbox of protocol 0.6 and later as the
// protocol does: its candidate MC-INBOX entries and its legacy bullets
// (outside any entry, code or comment). over is the line of the first item
// over maxInboxItems, 0 if there are no more.
func (c *checker) inboxItemsFormal(f *File) (n, over int) {
	ff := c.mem.formalOf(f.Name, entrySchema(c.mem.Manifest, c.protocol))
	var lines []int
	for _, e := range ff.entries {
		if e.Type == "INBOX" && pyStrip(e.One("Status")) == "candidate" {
			lines = append(lines, e.Line)
		}
	}
	lines = append(lines, ff.bulletLines...)
	slices.Sort(lines)
	if len(lines) > maxInboxItems {
		over = lines[maxInboxItems]
	}
	return len(lines), over
}

// inboxItems counts the items of an inbox as the reference counts them:
// lines that start with "- ", "* " or "+ " at column 0, outside the fences
// of validate.CustodianBullets. over is the 1-based line of the first item
// over maxInboxItems, 0 if there are no more.
func inboxItems(lines []string) (n, over int) {
	fence := bulletFences(lines)
	for i, l := range lines {
		if fence[i] || !inboxItem(l) {
			continue
		}
		if n++; n == maxInboxItems+1 {
			over = i + 1
		}
	}
	return n, over
}

// inboxItem reports whether line starts a top-level bullet unit.
func inboxItem(line string) bool {
	return len(line) >= 2 && line[1] == ' ' && (line[0] == '-' || line[0] == '*' || line[0] == '+')
}

// duplicates reports units repeated exactly within one file.
func (c *checker) duplicates() {
	for _, name := range c.mem.Names(false) {
		if name == "manifest.md" {
			continue
		}
		seen := map[string]int{}
		for _, u := range c.mem.Files[name].Units {
			if first, dup := seen[u.Text]; dup {
				c.add(RuleDuplicateUnit, name, u.Line, 1, "entry repeats the one on line %d exactly", first)
				continue
			}
			seen[u.Text] = u.Line
		}
	}
}

// short cuts s to a readable length for messages.
func short(s string) string {
	const max = 60
	r := validate.Redact(s)
	if c := textsafe.CutRunes(r, max-1); c != r && utf8.RuneCountInString(r) > max {
		return c + "…"
	}
	return r
}

// formalUnit reports whether u is a structured entry (protocol 0.6+),
// judged by the entry rules rather than the legacy ones.
func (c *checker) formalUnit(u Unit) bool {
	return c.protocol.atLeast(v06) && entryIDRE().MatchString(u.Heading)
}

// entryOrder reports dated decisions and tombstones that are not newest
// first: upstream's add puts new entries at the top, so an entry dated
// after the one above it has drifted out of order.
func (c *checker) entryOrder() {
	for _, name := range []string{"decisions.md", "do-not-use.md"} {
		f, ok := c.mem.Files[name]
		if !ok {
			continue
		}
		prev, prevLine, n := "", 0, 0
		for _, u := range f.Units {
			d := unitDate(u.Heading)
			if d == "" {
				continue
			}
			if prev != "" && d > prev {
				if n == 0 {
					c.add(RuleEntryOrder, name, u.Line, 1, "entry dated %s is below one dated %s (line %d); entries are kept newest first", d, prev, prevLine)
				}
				n++
			}
			prev, prevLine = d, u.Line
		}
	}
}

// unitDate returns the YYYY-MM-DD date of a unit heading: a leading ISO
// date, or the date of an Entry ID.
func unitDate(h string) string {
	if _, d := splitTitle(h); d != "" {
		return d
	}
	if id := entryIDRE().FindString(h); id != "" {
		parts := strings.Split(id, "-")
		if len(parts) == 4 && len(parts[2]) == 8 {
			return parts[2][:4] + "-" + parts[2][4:6] + "-" + parts[2][6:]
		}
	}
	return ""
}
