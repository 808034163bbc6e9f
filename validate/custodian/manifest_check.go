package custodian

import (
	"fmt"
	"strconv"
	"strings"
)

func (p *manifestParser) problem(rule string, line, col int, format string, args ...any) {
	p.m.Problems = append(p.m.Problems, Problem{Rule: rule, Line: line, Column: col, Message: fmt.Sprintf(format, args...)})
}

// finish returns the whole-manifest problems: the Always load count and the
// protocol metadata.
func (p *manifestParser) finish() []Problem {
	var out []Problem
	m := p.m
	switch len(m.Always) {
	case 0:
		out = append(out, Problem{Rule: RuleAlwaysLoad, Message: "manifest has no `## Always load` section"})
	case 1:
	default:
		for _, r := range m.Always[1:] {
			out = append(out, Problem{Rule: RuleAlwaysLoad, Line: r.Line, Column: 1,
				Message: fmt.Sprintf("second `## Always load` section (first on line %d)", m.Always[0].Line)})
		}
	}
	if pr, bad := protocolProblem(m); bad {
		out = append(out, pr)
	}
	return out
}

func protocolProblem(m *Manifest) (Problem, bool) {
	pr := Problem{Rule: RuleProtocolVersion, Line: m.VersionLine, Column: 1}
	switch {
	case m.ProtocolLine == 0:
		pr.Line, pr.Column = 0, 0
		pr.Message = "manifest has no `## MemoryCustodian Protocol` section"
	case m.VersionLine == 0:
		pr.Line = m.ProtocolLine
		pr.Message = "protocol metadata has no protocol_version"
	default:
		cmp, ok := compareVersion(m.Version, ProtocolVersion)
		switch {
		case !ok:
			pr.Message = fmt.Sprintf("protocol_version %q is not a version like %s", m.Version, ProtocolVersion)
		case cmp < 0:
			pr.Message = fmt.Sprintf("protocol_version %s is older than %s; migrate the memory directory", m.Version, ProtocolVersion)
		case cmp > 0:
			pr.Message = fmt.Sprintf("protocol_version %s is newer than %s, the version this tool understands", m.Version, ProtocolVersion)
		default:
			return pr, false
		}
	}
	return pr, true
}

// compareVersion compares dotted numeric versions; ok is false when a is
// not one.
func compareVersion(a, b string) (int, bool) {
	pa, ok := versionParts(a)
	if !ok {
		return 0, false
	}
	pb, _ := versionParts(b)
	for len(pa) < len(pb) {
		pa = append(pa, 0)
	}
	for len(pb) < len(pa) {
		pb = append(pb, 0)
	}
	for i := range pa {
		if pa[i] != pb[i] {
			if pa[i] < pb[i] {
				return -1, true
			}
			return 1, true
		}
	}
	return 0, true
}

func versionParts(v string) ([]int, bool) {
	fields := strings.Split(v, ".")
	if len(fields) < 2 || len(fields) > 3 {
		return nil, false
	}
	out := make([]int, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || strings.HasPrefix(f, "+") {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}
