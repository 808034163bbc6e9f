package remnant

import (
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/validate"
)

// RemnantDoc is what the git-aware rules need from a REMNANT.md.
type RemnantDoc struct {
	// Version is 2 for a schema v2 file, else 1.
	Version int
	// Date is the Session date. DateOnly is set when it has no time of day;
	// HasDate when a valid date was found, on line DateLine.
	Date     time.Time
	DateOnly bool
	DateLine int
	HasDate  bool
	// Decisions holds each Decisions bullet, "None" and template
	// placeholders ("<YYYY-MM-DD — decision — why>") excepted.
	Decisions []Entry
	// Map holds each Map bullet, "None" excepted.
	Map []MapEntry
	// DecisionsLine is the line of the "## Decisions" heading, 0 if none.
	DecisionsLine int
}

// Entry is one bullet. Text is the bullet's text after the list marker, with
// trailing white space removed; continuation lines follow after "\n".
type Entry struct {
	Line int
	Text string
}

// MapEntry is one Map bullet. Column is the rune column of the path; Path
// has its backticks stripped and is "" when the bullet cannot be parsed.
type MapEntry struct {
	Line, Column int
	Path         string
}

// ParseRemnant reads the parts of a REMNANT.md that the git-aware rules
// compare. It never returns nil and accepts broken input.
func ParseRemnant(src []byte) *RemnantDoc {
	return parseRemnantFile(validate.ParseMarkdown(src)).doc()
}

// The sections of schema v2, in order.
var v2Sections = []string{"Session", "History", "Done", "Failed", "State", "Next", "Blockers", "Decisions", "Map"}

// v1Optional are the sections a v1 file may lack.
var v1Optional = map[string]bool{"History": true, "Decisions": true, "Map": true}

// section is one "##" section: its heading and the lines of its body.
type section struct {
	name        string // canonical name, or the heading text when unknown
	known       bool
	order       int // index in v2Sections
	line, col   int
	first, last int // body lines, inclusive; last < first when empty
}

// remnantFile is a parsed REMNANT.md (or template).
type remnantFile struct {
	md       *validate.Markdown
	title    *validate.Heading
	sections []section
	byName   map[string]*section // first section of each known name
	session  []sessionKey
	version  int
}

func parseRemnantFile(md *validate.Markdown) *remnantFile {
	f := &remnantFile{md: md, byName: map[string]*section{}, version: 1}
	f.collectSections()
	if s := f.byName["Session"]; s != nil {
		f.session = parseSession(md, s)
	}
	if f.isV2() {
		f.version = 2
	}
	return f
}

func (f *remnantFile) collectSections() {
	for i := range f.md.Headings() {
		h := &f.md.Headings()[i]
		if h.Level == 1 && f.title == nil {
			f.title = h
		}
		if h.Level != 2 {
			continue
		}
		if n := len(f.sections); n > 0 {
			f.sections[n-1].last = h.Line - 1
		}
		s := section{name: h.Text, order: -1, line: h.Line, col: h.Col, first: h.Line + 1, last: len(f.md.Lines())}
		for j, name := range v2Sections {
			if strings.EqualFold(h.Text, name) {
				s.name, s.known, s.order = name, true, j
			}
		}
		f.sections = append(f.sections, s)
	}
	f.closeLastSection()
	for i := range f.sections {
		s := &f.sections[i]
		if s.known && f.byName[s.name] == nil {
			f.byName[s.name] = s
		}
	}
}

// closeLastSection ends the last "##" section before a later "#" title.
func (f *remnantFile) closeLastSection() {
	n := len(f.sections)
	if n == 0 {
		return
	}
	for _, h := range f.md.Headings() {
		if h.Level == 1 && h.Line > f.sections[n-1].line {
			f.sections[n-1].last = h.Line - 1
			return
		}
	}
}

// isV2 reports whether the file is schema v2: a version other than 1 in
// Session, and both a Decisions and a Map section.
func (f *remnantFile) isV2() bool {
	k, ok := f.sessionValue("version")
	if !ok || strings.TrimSpace(k.value) == "1" {
		return false
	}
	return f.byName["Decisions"] != nil && f.byName["Map"] != nil
}

func (f *remnantFile) doc() *RemnantDoc {
	d := &RemnantDoc{Version: f.version}
	if k, ok := f.sessionValue("date"); ok {
		if t, dateOnly, err := parseSessionDate(k.value); err == nil {
			d.Date, d.DateOnly, d.DateLine, d.HasDate = t, dateOnly, k.line, true
		}
	}
	if s := f.byName["Decisions"]; s != nil {
		d.DecisionsLine = s.line
		for _, b := range f.bullets(s) {
			if !isNone(b.text) && !isPlaceholderEntry(b.text) {
				d.Decisions = append(d.Decisions, Entry{Line: b.line, Text: b.full})
			}
		}
	}
	if s := f.byName["Map"]; s != nil {
		for _, b := range f.bullets(s) {
			if !isNone(b.text) {
				d.Map = append(d.Map, parseMapEntry(b).entry)
			}
		}
	}
	return d
}

// SessionEnd is the instant the Session date stands for: a date alone
// counts as the end of that day, UTC. State is stale when a commit is
// newer than SessionEnd (the rule remnant-state-stale): the handoff was
// written before work it does not know of.
func (d *RemnantDoc) SessionEnd() time.Time {
	if d.DateOnly {
		y, m, day := d.Date.Date()
		return time.Date(y, m, day, 23, 59, 59, 0, time.UTC)
	}
	return d.Date
}
