package custodian

import (
	"fmt"
	"strings"
)

// problems returns every problem of the manifest's structure for the
// protocol it is judged by. From 0.6 on the whole manifest is validated
// on every read, as upstream's 0.12 CLI does for every protocol it reads:
// each problem refuses every task, save the metadata values that only a
// 0.6 or 0.7 CLI required (see metaProblems). Before, a route problem
// refuses only the tasks it affects.
func (m *Manifest) problems(proto version) []routeProblem {
	out := m.routeProblems()
	if proto.atLeast(v06) {
		for i := range out {
			out[i].blocks = true // duplicate paths too
		}
	}
	if proto.before(v06) {
		if m.Lex != nil && m.Lex.Problem != "" {
			// Lexed for a later version that the lexing itself then hid.
			out = append(out, routeProblem{category: "general", blocks: true, rule: RuleManifestGrammar, line: m.Lex.ProblemLine, msg: m.Lex.Problem})
		}
		return out
	}
	out = append(out, m.dotSegments()...)
	out = append(out, metaProblems(m, proto)...)
	if m.Lex != nil && m.Lex.Problem != "" {
		out = append(out, routeProblem{category: "general", blocks: true, rule: RuleManifestGrammar, line: m.Lex.ProblemLine, msg: m.Lex.Problem})
	}
	out = append(out, m.grammar07()...)
	_, mods := m.modules()
	out = append(out, mods...)
	for i := range out {
		out[i].category = "general"
	}
	return out
}

// dotSegments reports route paths with an empty or `.` segment
// (`./brief.md`, `a//b.md`), which the 0.12 CLI refuses as unsafe; the
// 0.9.1 CLI read them as the plain path.
func (m *Manifest) dotSegments() []routeProblem {
	var out []routeProblem
	check := func(s Section) {
		for _, e := range s.Entries {
			if pathProblem(e.Path) != "" {
				continue // reported as such
			}
			for _, part := range strings.Split(e.Path, "/") {
				if part == "" || part == "." {
					out = append(out, routeProblem{"general", true, RuleUnsafeRoutePath, e.Line, fmt.Sprintf("route path %q: empty or `.` segment in path", e.Path)})
					break
				}
			}
		}
	}
	for _, a := range m.Always {
		check(a)
	}
	for _, c := range canonicalRoutes {
		if rs := m.Routes[c.category]; len(rs) == 1 {
			check(rs[0])
		}
	}
	return out
}

// grammar07 checks the task routes of a 0.6+ manifest: exactly one
// `## Load by task`, only canonical `###` headings under it, and no
// canonical heading outside it.
func (m *Manifest) grammar07() []routeProblem {
	var out []routeProblem
	bad := func(line int, format string, args ...any) {
		out = append(out, routeProblem{category: "general", blocks: true, rule: RuleManifestGrammar, line: line, msg: fmt.Sprintf(format, args...)})
	}
	if n := len(m.LoadByTask); n != 1 {
		line := 0
		if n > 1 {
			line = m.LoadByTask[1]
		}
		bad(line, "expected exactly one 'Load by task' section, found %d", n)
	}
	for _, u := range m.Unknown {
		bad(u.Line, "unknown H3 route heading(s) under Load by task: %q", u.Heading)
	}
	inside := map[int]bool{}
	for _, l := range m.LoadByTask {
		for i := l; i < m.sectionEnd(l-1, false); i++ {
			inside[i+1] = true
		}
	}
	for _, rs := range m.Routes {
		for _, r := range rs {
			if !inside[r.Line] {
				bad(r.Line, "canonical heading appears outside Load by task: %q", r.Heading)
			}
		}
	}
	return out
}
