package custodian

import (
	"strings"
	"unicode/utf8"

	"github.com/remnant-guard/remnant-guard/validate"
)

// Manifest is a parsed manifest.md, read as the reference reads it: a
// heading is any line that, with surrounding white space removed, starts
// with "## " or "### "; titles compare after normalizeHeading.
type Manifest struct {
	File *File
	// Text is the decoded text; Lines are its lines (pyLines).
	Text  string
	Lines []string
	// UTF8 is false when the file is not valid UTF-8.
	UTF8 bool
	// ProtocolLine is the line of the first `## MemoryCustodian Protocol`
	// heading (0: absent); ProtocolLines of every one.
	ProtocolLine  int
	ProtocolLines []int
	// Meta holds the `- key: value` fields of the first Protocol section;
	// a key given twice keeps its last value.
	Meta map[string]MetaField
	// Always holds every `## Always load` section.
	Always []Section
	// Routes holds, by category, every `###` section whose title is the
	// category's canonical heading, wherever it is.
	Routes map[string][]Section
	// LoadByTask are the lines of the `## Load by task` headings.
	LoadByTask []int
	// IndexLine is the line of `## Optional module index` (0: absent);
	// Index maps each backticked module path in it to its line.
	IndexLine  int
	IndexLines []int
	Index      map[string]int
	// strictMeta reads the metadata as the 0.12 CLI does, white space
	// around a key allowed (protocol 0.6 and later).
	strictMeta bool
	// Lex is the Markdown lexing (protocol 0.6 and later; nil before).
	Lex *validate.Lexed
	// Unknown are `###` headings under `## Load by task` that are no
	// canonical route heading.
	Unknown []Section
	// heads are the heading level and title of each line, as read.
	heads []headInfo
}

type headInfo struct {
	level int
	title string
}

// MetaField is one protocol metadata field.
type MetaField struct {
	Value string
	Line  int
}

// Section is one route section: its heading and the files it lists.
type Section struct {
	Heading string
	Line    int
	Entries []RouteEntry
}

// RouteEntry is one file listed in a route, named as written (backticks
// and surrounding white space removed).
type RouteEntry struct {
	PathRef
	Required bool
}

// PathRef is a path written in the manifest and where.
type PathRef struct {
	Path         string
	Line, Column int
}

// Version returns protocol_version and its line (0 when absent).
func (m *Manifest) Version() (string, int) {
	f := m.Meta["protocol_version"]
	return f.Value, f.Line
}

// metaFieldRE is the reference's metadata line, matched on the stripped
// line: "- key: value".
var metaFieldRE = validate.LazyRegexp(`^- ([A-Za-z_]+):\s*(.+)$`)

// indexPathRE finds the module paths of the index: backticked
// rules/, profiles/ or areas/ paths ending in .md.
var indexPathRE = validate.LazyRegexp("`((?:rules|profiles|areas)/[^`]+\\.md)`")

// ParseManifest parses manifest.md. It never fails.
func ParseManifest(src []byte) *Manifest {
	f := ParseFile("manifest.md", src)
	m := &Manifest{File: f, Text: f.Text, Lines: f.Lines, UTF8: f.UTF8}
	m.parse()
	v, line := m.Version()
	if line == 0 {
		// The 0.12 CLI's strict reading allows white space around a key
		// ("- protocol_version : 0.8"), where the 0.9.1 CLI's finds no
		// version: a protocol after 0.5 written so is read by the former.
		v, _ = m.strictVersion()
	}
	if lexedVersion(v) {
		// Protocol 0.6 and later are read with Markdown lexing, as the
		// 0.12 CLI reads every manifest, and its metadata strictly.
		lx := lex(m.Lines)
		m.Lex = &lx
		m.Lines = lx.Visible(m.Lines)
		m.strictMeta = true
		loose, looseLine := m.Meta, m.ProtocolLine
		m.parse()
		if m.ProtocolLine == 0 && looseLine > 0 && !lx.Hidden(looseLine) {
			// A Protocol heading the lexing does not take as one (a
			// closing hash without a space, say) still names the
			// protocol its contract errors are judged by.
			m.Meta = loose
		}
	}
	return m
}

// lexedVersion reports a protocol_version after 0.5: the manifests read
// with Markdown lexing.
func lexedVersion(v string) bool {
	c, ok := compareVersion(v, ProtocolVersion)
	return ok && c > 0
}

func (m *Manifest) parse() {
	m.heads = make([]headInfo, len(m.Lines))
	for i := range m.Lines {
		m.heads[i].level, m.heads[i].title = m.readHeading(i)
	}
	m.ProtocolLine, m.ProtocolLines, m.IndexLine, m.IndexLines = 0, nil, 0, nil
	m.Always, m.LoadByTask, m.Unknown = nil, nil, nil
	m.Meta, m.Routes, m.Index = map[string]MetaField{}, map[string][]Section{}, map[string]int{}
	m.h2Sections()
	m.routeSections()
}

// atxRE is an ATX heading as upstream's 0.12 CLI reads it: up to three
// spaces, one to six hashes, then white space or the end of the line.
var atxRE = validate.LazyRegexp(`^ {0,3}(#{1,6})(?:[ \t]+|$)(.*)$`)

// closingRE is a heading's closing sequence.
var closingRE = validate.LazyRegexp(`[ \t]+#+[ \t]*$`)

// heading returns the level and normalized title of line i, 0 when it is
// no heading. A lexed manifest (0.6+) is read as the 0.12 CLI reads it:
// any ATX heading, its closing hashes removed, stripped and case-folded.
// Otherwise as the 0.9.1 CLI: a line that, stripped, starts "## " or
// "### ".
func (m *Manifest) heading(i int) (int, string) {
	if i < len(m.heads) {
		return m.heads[i].level, m.heads[i].title
	}
	return m.readHeading(i)
}

func (m *Manifest) readHeading(i int) (int, string) {
	if m.Lex != nil {
		g := atxRE().FindStringSubmatch(m.Lines[i])
		if g == nil {
			return 0, ""
		}
		return len(g[1]), strings.ToLower(pyStrip(closingRE().ReplaceAllString(g[2], "")))
	}
	s := pyStrip(m.Lines[i])
	switch {
	case strings.HasPrefix(s, "### "):
		return 3, normalizeHeading(s)
	case strings.HasPrefix(s, "## "):
		return 2, normalizeHeading(s)
	}
	return 0, ""
}

// h2At returns the normalized title when line i is a level-2 heading.
func (m *Manifest) h2At(i int) (string, bool) {
	lvl, t := m.heading(i)
	return t, lvl == 2
}

func (m *Manifest) h3At(i int) (string, bool) {
	lvl, t := m.heading(i)
	return t, lvl == 3
}

// sectionEnd returns the index of the next heading of level 2 or higher
// after i (level 3 too when h3), or len(Lines).
func (m *Manifest) sectionEnd(i int, h3 bool) int {
	for j := i + 1; j < len(m.Lines); j++ {
		if lvl, _ := m.heading(j); lvl > 0 && (lvl <= 2 || h3 && lvl == 3) {
			return j
		}
	}
	return len(m.Lines)
}

func (m *Manifest) h2Sections() {
	for i := range m.Lines {
		title, ok := m.h2At(i)
		if !ok {
			continue
		}
		end := m.sectionEnd(i, false)
		switch title {
		case "memorycustodian protocol":
			if m.ProtocolLine == 0 {
				m.ProtocolLine = i + 1
				m.meta(i+1, end)
			}
			m.ProtocolLines = append(m.ProtocolLines, i+1)
		case "always load":
			m.Always = append(m.Always, Section{Heading: pyStrip(m.Lines[i]), Line: i + 1, Entries: m.bullets(i+1, end)})
		case "load by task":
			m.LoadByTask = append(m.LoadByTask, i+1)
			m.unknownRoutes(i+1, end)
		case "optional module index":
			m.IndexLines = append(m.IndexLines, i+1)
			if m.IndexLine == 0 {
				m.IndexLine = i + 1
				m.index(i+1, end)
			}
		}
	}
}

func (m *Manifest) meta(from, to int) {
	for i := from; i < to; i++ {
		s := pyStrip(m.Lines[i])
		if g := metaFieldRE().FindStringSubmatch(s); g != nil {
			m.Meta[g[1]] = MetaField{Value: pyStrip(g[2]), Line: i + 1}
		} else if g := protoBulletRE().FindStringSubmatch(s); m.strictMeta && g != nil && protoKeyRE().MatchString(pyStrip(g[1])) && pyStrip(g[2]) != "" {
			m.Meta[pyStrip(g[1])] = MetaField{Value: pyStrip(g[2]), Line: i + 1}
		}
	}
}

func (m *Manifest) index(from, to int) {
	text := strings.Join(m.Lines[from:to], "\n")
	line := from + 1
	last := 0
	for _, loc := range indexPathRE().FindAllStringSubmatchIndex(text, -1) {
		line += strings.Count(text[last:loc[0]], "\n")
		last = loc[0]
		p := text[loc[2]:loc[3]]
		if _, seen := m.Index[p]; !seen {
			m.Index[p] = line
		}
	}
}

// canonicalRoutes are the only route headings the reference accepts, by
// category (normalized).
var canonicalRoutes = []struct{ category, heading string }{
	{"planning", "planning / architecture / refactoring"},
	{"implementation", "implementation / execution / debugging"},
	{"artifact", "user-facing artifact / output"},
	{"preferences", "preferences"},
	{"history", "change history / recap"},
	{"maintenance", "memory maintenance"},
}

func categoryOfHeading(title string) string {
	for _, c := range canonicalRoutes {
		if c.heading == title {
			return c.category
		}
	}
	return ""
}

func (m *Manifest) routeSections() {
	for i := range m.Lines {
		title, ok := m.h3At(i)
		if !ok {
			continue
		}
		if cat := categoryOfHeading(title); cat != "" {
			m.Routes[cat] = append(m.Routes[cat], Section{Heading: pyStrip(m.Lines[i]), Line: i + 1, Entries: m.bullets(i+1, m.sectionEnd(i, true))})
		}
	}
}

func (m *Manifest) unknownRoutes(from, to int) {
	for i := from; i < to; i++ {
		if title, ok := m.h3At(i); ok && categoryOfHeading(title) == "" {
			m.Unknown = append(m.Unknown, Section{Heading: pyStrip(m.Lines[i]), Line: i + 1})
		}
	}
}

// bullets reads the files of a route section: `Load:` and `Also load:`
// start required files, `Load if present:` optional ones (labels compare
// stripped and case-folded); every line that starts with "- " once
// stripped is a file, backticks trimmed; names ending in "/" are not
// files.
func (m *Manifest) bullets(from, to int) []RouteEntry {
	var out []RouteEntry
	required := true
	for i := from; i < to; i++ {
		s := pyStrip(m.Lines[i])
		switch strings.ToLower(s) {
		case "load:", "also load:":
			required = true
			continue
		case "load if present:":
			required = false
			continue
		}
		if !strings.HasPrefix(s, "- ") {
			continue
		}
		name := strings.Trim(pyStrip(s[2:]), "`")
		if name == "" || strings.HasSuffix(name, "/") {
			continue
		}
		out = append(out, RouteEntry{PathRef: PathRef{Path: name, Line: i + 1, Column: columnOf(m.Lines[i], name)}, Required: required})
	}
	return out
}

// columnOf returns the 1-based column (in code points) of sub in line, or
// 1 when it is not there.
func columnOf(line, sub string) int {
	i := strings.Index(line, sub)
	if i < 0 || sub == "" {
		return 1
	}
	return utf8.RuneCountInString(line[:i]) + 1
}
