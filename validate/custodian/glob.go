package custodian

import (
	"strings"
	"unicode/utf8"
)

// globProblem returns why a module path glob is invalid, or "": it must
// be non-empty and relative, without `\`, a drive, any of `[]{}`, an
// empty, `.` or `..` segment, or a `**` that is not a whole segment.
func globProblem(g string) string {
	switch {
	case g == "":
		return "empty"
	case strings.HasPrefix(g, "/"):
		return "absolute"
	case strings.Contains(g, `\`):
		return "backslash"
	case driveLetter(g):
		return "drive letter"
	case strings.ContainsAny(g, "[]{}"):
		return "character classes and braces are not supported"
	}
	for _, seg := range strings.Split(g, "/") {
		switch {
		case seg == "" || seg == "." || seg == "..":
			return "empty, `.` or `..` segment"
		case strings.Contains(seg, "**") && seg != "**":
			return "`**` must be a whole segment"
		}
	}
	return ""
}

// driveLetter reports a path that starts with an ASCII letter and a colon
// (`C:x`); `1:x` is no drive.
func driveLetter(p string) bool { return len(p) >= 2 && isASCIILetter(p[0]) && p[1] == ':' }

// globMatch matches a slash-separated, repository-relative path against a
// glob: `*` is any characters within one segment, `?` one character, `**`
// any number of whole segments, at least one at the end of the glob
// (`src/**` matches below src, not src itself). Case-sensitive.
func globMatch(g, p string) bool {
	gs := strings.Split(g, "/")
	if gs[len(gs)-1] == "**" {
		// A trailing ** is ".*" after the slash: some segment follows.
		gs = append(gs[:len(gs)-1], "*", "**")
	}
	return matchSegs(gs, strings.Split(p, "/"), matchSeg)
}

// matchSegs and matchSeg match as the regular expression of the glob
// would, in time bounded by the product of the lengths, whatever the
// glob: each `**` (`*`) takes as few segments (characters) as it can, and
// only the last one seen takes one more when the rest does not match.
// Trying every split for every star instead takes exponential time on a
// glob such as `*a*a*a*a*a*a*a*a*a*a*a*a*b`. seg matches a glob segment
// other than `**` with one path segment.
func matchSegs(gs, ps []string, seg func(g, p string) bool) bool {
	gi, pi := 0, 0
	star, mark := -1, 0
	for pi < len(ps) {
		switch {
		case gi < len(gs) && gs[gi] == "**":
			star, mark = gi, pi
			gi++
			continue
		case gi < len(gs) && seg(gs[gi], ps[pi]):
			gi, pi = gi+1, pi+1
			continue
		case star < 0:
			return false
		}
		mark++
		gi, pi = star+1, mark
	}
	for gi < len(gs) && gs[gi] == "**" {
		gi++
	}
	return gi == len(gs)
}

// matchSeg matches one segment, character by character (`?` is one).
func matchSeg(g, s string) bool {
	gi, si := 0, 0
	star, mark := -1, 0
	for si < len(s) {
		_, sw := utf8.DecodeRuneInString(s[si:])
		if gi < len(g) {
			if g[gi] == '*' {
				star, mark = gi, si
				gi++
				continue
			}
			_, gw := utf8.DecodeRuneInString(g[gi:])
			if g[gi] == '?' || g[gi:gi+gw] == s[si:si+sw] {
				gi, si = gi+gw, si+sw
				continue
			}
		}
		if star < 0 {
			return false
		}
		_, w := utf8.DecodeRuneInString(s[mark:])
		mark += w
		gi, si = star+1, mark
	}
	for gi < len(g) && g[gi] == '*' {
		gi++
	}
	return gi == len(g)
}
