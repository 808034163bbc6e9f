package custodian

import (
	"strings"
	"unicode/utf8"
)

// ProtocolVersion is the MemoryCustodian protocol version this package
// understands.
const ProtocolVersion = "0.5"

// Manifest is a parsed manifest.md.
type Manifest struct {
	File *File
	// ProtocolLine is the line of `## MemoryCustodian Protocol` (0: absent).
	ProtocolLine int
	Version      string
	VersionLine  int
	// Always holds one route per `## Always load` section (normally one).
	Always []TaskRoute
	// Routes are the `### ...` routes under `## Load by task`.
	Routes []TaskRoute
	// IndexLine is the line of `## Optional module index` (0: absent).
	IndexLine int
	Index     []PathRef
	// Budgets are the token budgets of `## Context budget`, by file name or
	// pattern as written ("brief.md", "rules/*.md").
	Budgets map[string]int
	// Problems are structural errors found while parsing.
	Problems []Problem
}

// TaskRoute is one route: the files a task category loads.
type TaskRoute struct {
	Category string `json:"category"`
	Heading  string `json:"heading"`
	Line     int    `json:"line"`
	Entries  []RouteEntry
}

// RouteEntry is one file listed in a route.
type RouteEntry struct {
	PathRef
	Required bool
}

// PathRef is a path written in the manifest and where.
type PathRef struct {
	Path         string
	Line, Column int
}

// Problem is a rule violation found in the manifest, 1-based.
type Problem struct {
	Rule         string
	Line, Column int
	Message      string
}

// Route returns the route of category cat, or nil.
func (m *Manifest) Route(cat string) *TaskRoute {
	for i := range m.Routes {
		if m.Routes[i].Category == cat {
			return &m.Routes[i]
		}
	}
	return nil
}

type manifestParser struct {
	m        *Manifest
	section  string
	route    *TaskRoute
	required bool
}

// ParseManifest parses manifest.md. It never fails; problems are recorded
// in Manifest.Problems.
func ParseManifest(src []byte) *Manifest {
	p := &manifestParser{m: &Manifest{File: ParseFile("manifest.md", src), Budgets: map[string]int{}}}
	fence := fenceMask(p.m.File.Lines)
	for i, l := range p.m.File.Lines {
		if !fence[i] {
			p.line(i+1, l)
		}
	}
	p.m.Problems = append(p.m.Problems, p.finish()...)
	return p.m
}

func (p *manifestParser) line(n int, l string) {
	if lvl, h := headingLevel(l); lvl > 0 {
		p.heading(n, lvl, h)
		return
	}
	if text, ok := bulletText(l, 1); ok && strings.HasPrefix(strings.TrimLeft(l, " "), "- ") {
		p.bullet(n, l, text)
		return
	}
	if p.route == nil {
		return
	}
	switch HeadingKey(strings.TrimSuffix(strings.TrimSpace(l), ":")) {
	case "load", "alsoload":
		p.required = true
	case "loadifpresent":
		p.required = false
	}
}

func (p *manifestParser) heading(n, lvl int, h string) {
	if lvl <= 2 {
		p.route = nil
		p.section = ""
	}
	if lvl == 2 {
		p.section = HeadingKey(h)
		switch p.section {
		case "memorycustodianprotocol":
			if p.m.ProtocolLine == 0 {
				p.m.ProtocolLine = n
			}
		case "alwaysload":
			p.m.Always = append(p.m.Always, TaskRoute{Category: "general", Heading: h, Line: n})
			p.route = &p.m.Always[len(p.m.Always)-1]
			p.required = true
		case "optionalmoduleindex":
			p.m.IndexLine = n
		}
		return
	}
	if lvl == 3 && p.section == "loadbytask" {
		p.newRoute(n, h)
	}
}

func (p *manifestParser) newRoute(n int, h string) {
	p.route = nil
	cat, ambiguous := headingCategory(h)
	switch {
	case cat == "":
		p.problem(RuleManifestSyntax, n, 1, "route heading %q names no task category (want one of %s)", h, strings.Join(Categories, ", "))
		return
	case ambiguous:
		p.problem(RuleManifestSyntax, n, 1, "route heading %q names more than one task category", h)
		return
	case p.m.Route(cat) != nil:
		p.problem(RuleDuplicateCategory, n, 1, "task category %s has a second heading %q (first on line %d)", cat, h, p.m.Route(cat).Line)
		return
	}
	p.m.Routes = append(p.m.Routes, TaskRoute{Category: cat, Heading: h, Line: n})
	p.route = &p.m.Routes[len(p.m.Routes)-1]
	p.required = true
}

func (p *manifestParser) bullet(n int, l, text string) {
	switch {
	case p.route != nil:
		p.routeEntry(n, l, text)
	case p.section == "memorycustodianprotocol":
		if k, v, ok := strings.Cut(text, ":"); ok && strings.TrimSpace(k) == "protocol_version" && p.m.VersionLine == 0 {
			p.m.Version = strings.Trim(strings.TrimSpace(v), "`")
			p.m.VersionLine = n
		}
	case p.section == "optionalmoduleindex":
		if ref, ok := indexPath(n, l, text); ok {
			p.m.Index = append(p.m.Index, ref)
		}
	case p.section == "contextbudget":
		p.budget(text)
	}
}

func (p *manifestParser) routeEntry(n int, l, text string) {
	path := strings.TrimSpace(strings.ReplaceAll(text, "`", ""))
	if strings.HasSuffix(path, "/") {
		return
	}
	p.route.Entries = append(p.route.Entries, RouteEntry{
		PathRef:  PathRef{Path: path, Line: n, Column: columnOf(l, path)},
		Required: p.required,
	})
}

// indexPath reads the module path of an index bullet: the backticked text
// at its start, or its text up to the first ':' or space. Bullets that do
// not name a .md file ("None enabled.") are not entries.
func indexPath(n int, l, text string) (PathRef, bool) {
	var path string
	if strings.HasPrefix(text, "`") {
		path, _, _ = strings.Cut(text[1:], "`")
	} else {
		path = text
		if i := strings.IndexAny(path, ": \t"); i >= 0 {
			path = path[:i]
		}
	}
	if !strings.HasSuffix(path, ".md") {
		return PathRef{}, false
	}
	return PathRef{Path: path, Line: n, Column: columnOf(l, path)}, true
}

// budget reads "- name: N tokens max ..."; lines without a number set no
// budget.
func (p *manifestParser) budget(text string) {
	k, v, ok := strings.Cut(text, ":")
	if !ok {
		return
	}
	k = strings.TrimSpace(strings.ReplaceAll(k, "`", ""))
	if n, ok := firstInt(v); ok && !strings.HasSuffix(k, "/") {
		p.m.Budgets[k] = n
	}
}

func firstInt(s string) (int, bool) {
	n, seen := 0, false
	for _, c := range s {
		if c >= '0' && c <= '9' {
			if n < 1<<30 {
				n = n*10 + int(c-'0')
			}
			seen = true
		} else if seen {
			break
		}
	}
	return n, seen
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
