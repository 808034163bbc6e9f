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
	return matchSegs(strings.Split(g, "/"), strings.Split(p, "/"))
}

func matchSegs(gs, ps []string) bool {
	for len(gs) > 0 {
		if gs[0] == "**" {
			from := 0
			if len(gs) == 1 {
				from = 1 // a trailing ** is ".*" after the slash: something follows
			}
			for k := from; k <= len(ps); k++ {
				if matchSegs(gs[1:], ps[k:]) {
					return true
				}
			}
			return false
		}
		if len(ps) == 0 || !matchSeg(gs[0], ps[0]) {
			return false
		}
		gs, ps = gs[1:], ps[1:]
	}
	return len(ps) == 0
}

func matchSeg(g, s string) bool {
	for len(g) > 0 {
		switch g[0] {
		case '*':
			for k := 0; k <= len(s); k++ {
				if matchSeg(g[1:], s[k:]) {
					return true
				}
			}
			return false
		case '?':
			if s == "" {
				return false
			}
			_, n := utf8.DecodeRuneInString(s)
			g, s = g[1:], s[n:]
		default:
			if s == "" || s[0] != g[0] {
				return false
			}
			g, s = g[1:], s[1:]
		}
	}
	return s == ""
}
