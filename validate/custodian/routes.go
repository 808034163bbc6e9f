package custodian

import (
	"fmt"
	"path"
	"strings"
)

// routeProblem is a problem of the manifest's routes. blocks is set when
// the reference refuses to route the category with it.
type routeProblem struct {
	category string // "general" for Always load, which every task loads
	blocks   bool
	rule     string
	line     int
	msg      string
}

// routeProblems returns the route problems the reference reports: not
// exactly one `## Always load`, not exactly one canonical heading per
// category, unsafe paths, and paths listed twice in Always load plus a
// route.
func (m *Manifest) routeProblems() []routeProblem {
	var out []routeProblem
	switch len(m.Always) {
	case 0:
		out = append(out, routeProblem{"general", true, RuleAlwaysLoad, 0, "manifest has no `## Always load` section"})
	case 1:
	default:
		out = append(out, routeProblem{"general", true, RuleAlwaysLoad, m.Always[1].Line,
			fmt.Sprintf("second `## Always load` section (first on line %d)", m.Always[0].Line)})
	}
	for _, c := range canonicalRoutes {
		rs := m.Routes[c.category]
		switch len(rs) {
		case 0:
			out = append(out, routeProblem{c.category, true, RuleMissingRoute, 0,
				fmt.Sprintf("no route for %s: the manifest needs a `### %s` heading, written exactly so", c.category, canonicalTitle(c.heading))})
		case 1:
		default:
			out = append(out, routeProblem{c.category, true, RuleDuplicateCategory, rs[1].Line,
				fmt.Sprintf("task category %s has a second route heading %q (first on line %d)", c.category, rs[1].Heading, rs[0].Line)})
		}
	}
	for _, a := range m.Always {
		out = append(out, unsafeEntries("general", a)...)
	}
	for _, c := range canonicalRoutes {
		if rs := m.Routes[c.category]; len(rs) == 1 {
			out = append(out, unsafeEntries(c.category, rs[0])...)
		}
	}
	if len(m.Always) == 1 {
		for _, c := range canonicalRoutes {
			if rs := m.Routes[c.category]; len(rs) == 1 {
				out = append(out, duplicateEntries(c.category, m.Always[0], rs[0])...)
			}
		}
	}
	return out
}

// canonicalTitle capitalizes a canonical heading as the template writes it.
func canonicalTitle(h string) string {
	switch h {
	case "user-facing artifact / output":
		return "User-facing artifact / output"
	}
	return strings.ToUpper(h[:1]) + h[1:]
}

func unsafeEntries(cat string, s Section) []routeProblem {
	var out []routeProblem
	for _, e := range s.Entries {
		if why := pathProblem(e.Path); why != "" {
			out = append(out, routeProblem{cat, true, RuleUnsafeRoutePath, e.Line, fmt.Sprintf("route path %q: %s", e.Path, why)})
		}
	}
	return out
}

func duplicateEntries(cat string, always, route Section) []routeProblem {
	var out []routeProblem
	first := map[string]int{}
	for _, e := range append(append([]RouteEntry(nil), always.Entries...), route.Entries...) {
		if l, dup := first[e.Path]; dup {
			where := "route " + fmt.Sprintf("%q", route.Heading)
			out = append(out, routeProblem{cat, false, RuleDuplicateRoutePath, e.Line,
				fmt.Sprintf("%s is listed twice in Always load and %s (first on line %d)", e.Path, where, l)})
			continue
		}
		first[e.Path] = e.Line
	}
	return out
}

// blocking returns the first problem that stops routing category cat.
func blocking(probs []routeProblem, cat string) *routeProblem {
	for i, p := range probs {
		if p.blocks && (p.category == "general" || p.category == cat) {
			return &probs[i]
		}
	}
	return nil
}

// specs returns the files category cat loads: Always load, then the
// route, each name once (required when any listing requires it).
func (m *Manifest) specs(cat string) []RouteEntry {
	entries := append([]RouteEntry(nil), m.Always[0].Entries...)
	if cat != "general" {
		entries = append(entries, m.Routes[cat][0].Entries...)
	}
	var out []RouteEntry
	at := map[string]int{}
	for _, e := range entries {
		if i, ok := at[e.Path]; ok {
			out[i].Required = out[i].Required || e.Required
			continue
		}
		at[e.Path] = len(out)
		out = append(out, e)
	}
	return out
}

// pathProblem returns why a route path is unsafe or malformed, or "". The
// path is read as a POSIX path: empty and "." parts are dropped, so
// "./brief.md" names brief.md.
func pathProblem(p string) string {
	parts := pathParts(p)
	switch {
	case strings.HasPrefix(p, "/"):
		return "absolute path"
	case strings.Contains(p, `\`):
		return "backslash in path"
	case len(parts) == 0:
		return "empty path"
	case strings.Contains(parts[0], ":"):
		return "drive letter or colon in path"
	case pySuffix(parts[len(parts)-1]) != ".md":
		return "not a .md file"
	}
	for _, part := range parts {
		if part == ".." {
			return "`..` in path"
		}
	}
	return ""
}

func pathParts(p string) []string {
	var out []string
	for _, part := range strings.Split(p, "/") {
		if part != "" && part != "." {
			out = append(out, part)
		}
	}
	return out
}

// cleanName is the memory file a safe route path names.
func cleanName(p string) string { return path.Join(pathParts(p)...) }

// pySuffix is pathlib's suffix: from the last dot of the name, unless the
// dot starts or ends it.
func pySuffix(name string) string {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || i == len(name)-1 {
		return ""
	}
	return name[i:]
}
