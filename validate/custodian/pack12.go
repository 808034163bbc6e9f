package custodian

import (
	"strings"
	"unicode"
)

// From protocol 0.6 a file over its budget is cut into units as the 0.12
// CLI cuts it (its semantic units), and packed as that CLI packs them:
//
//   - after an optional `# ` title line, a visible H2 (Markdown lexing:
//     not in a fence, a comment or indented code) begins a unit;
//   - within an H2 section, field lines and the items of list fields
//     (Evidence, Aliases, Entries, Merged-From) belong to it, and so does
//     a column-zero bullet of a formal Entry followed by a field;
//   - any other column-zero bullet begins a unit of its own (the first
//     one after a formal Entry is the ambiguous bullet), and so does each
//     bullet after it; a column-zero line of text after a bullet begins a
//     body unit;
//   - text before the first unit is a preamble unit.
//
// Units are kept in order while the title and the units kept so far, as
// rendered, fit the budget; the first that does not is still kept when no
// entry was kept before it (an oversized atomic entry), and the rest is
// omitted. Omitted preambles are not counted.

// unitsFrom12 returns the title and the units of stripped text.
func unitsFrom12(text string, offset int) (string, []packUnit) {
	lines := pyLines(text)
	title, start := "", 0
	if len(lines) > 0 && strings.HasPrefix(lines[0], "# ") {
		title, start = lines[0], 1
	}
	starts := semanticStarts(lines, start)
	return title, cutUnits(lines, start, offset, starts, func(s string) string { return strings.Trim(s, "\n") })
}

// listFieldNames are the fields whose items follow them as bullets.
var listFieldNames = map[string]bool{"Aliases": true, "Entries": true, "Evidence": true, "Merged-From": true}

// semanticStarts returns the lines (0-based) where units begin.
func semanticStarts(lines []string, from int) []int {
	lx := lex(lines)
	var vis []int
	for i := from; i < len(lines); i++ {
		if !lx.Hidden(i + 1) {
			vis = append(vis, i)
		}
	}
	// fieldAhead[k]: a field line follows vis[k] before the next H2.
	fieldAhead := make([]bool, len(vis))
	seen := false
	for k := len(vis) - 1; k >= 0; k-- {
		fieldAhead[k] = seen
		l := lines[vis[k]]
		if isUnitH2(l) {
			seen = false
		} else if _, _, ok := fieldLine(l); ok {
			seen = true
		}
	}
	var starts []int
	kind, formal, list := "", false, false
	for k, i := range vis {
		l := lines[i]
		if isUnitH2(l) {
			starts = append(starts, i)
			kind, formal, list = "h2", formalLikeHeadingRE().MatchString(l), false
			continue
		}
		if kind == "h2" {
			if name, _, ok := fieldLine(l); ok {
				list = listFieldNames[name]
				continue
			}
			if list {
				if isLegacyBullet(l) || l != "" && unicode.IsSpace([]rune(l)[0]) {
					continue
				}
				list = false
			}
		}
		if isLegacyBullet(l) {
			if kind == "h2" && formal && fieldAhead[k] {
				continue
			}
			starts = append(starts, i)
			kind, formal, list = "bullet", false, false
			continue
		}
		if kind == "bullet" && l != "" && !unicode.IsSpace([]rune(l)[0]) {
			starts = append(starts, i)
			kind = "body"
		}
	}
	return starts
}

// packUnits12 packs the units as the 0.12 CLI does.
func packUnits12(title string, units []packUnit, budget int, out packed) packed {
	render := func(us []packUnit) string {
		parts := []string{}
		if title != "" {
			parts = append(parts, title)
		}
		for _, u := range us {
			parts = append(parts, u.text)
		}
		return pyStrip(strings.Join(parts, "\n\n"))
	}
	var chosen []packUnit
	stop := len(units)
	for i, u := range units {
		if EstimateTokens(render(append(chosen[:len(chosen):len(chosen)], u))) <= budget {
			chosen = append(chosen, u)
			continue
		}
		semantic := false
		for _, c := range chosen {
			semantic = semantic || !c.preamble
		}
		stop = i
		if len(chosen) == 0 || !u.preamble && !semantic {
			chosen = append(chosen, u)
			out.oversized, out.oversizedLine, out.oversizedTokens = true, u.line, u.tokens
			stop = i + 1
		}
		break
	}
	for _, u := range units[stop:] {
		if u.preamble {
			continue
		}
		if out.omitted == 0 {
			out.firstOmitted = u.line
		}
		out.omitted++
		out.omittedTokens += u.tokens
	}
	out.text = render(chosen)
	return out
}
