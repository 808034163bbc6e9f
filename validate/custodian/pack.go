package custodian

import (
	"fmt"
	"strings"
)

// Packing follows upstream's read: a file within its budget is loaded
// whole (outer white space trimmed); otherwise it is split into units and
// complete units are kept in order, the title always, until the first
// unit that does not fit. That unit is still kept, whole, when no entry
// was kept before it (an oversized atomic entry); the rest is omitted.
//
// Units: after an optional `# ` title line, every line starting `## `
// begins a unit, with the text before the first one as a preamble unit;
// without such lines, every line starting "- ", "* " or "+ " begins one;
// without those either, the body is one unit.

// packUnit is one unit of a file being packed.
type packUnit struct {
	preamble bool
	text     string
	line     int // 1-based, in the file
	tokens   int
}

type packed struct {
	text                           string
	units, omitted, firstOmitted   int
	omittedTokens                  int
	oversized                      bool
	oversizedLine, oversizedTokens int
}

type packedFile struct{ name, text string }

func packFile(f *File, budget int, has bool, proto version) packed {
	norm := pyStrip(f.Text)
	offset := strings.Count(f.Text[:strings.Index(f.Text, norm)], "\n")
	if norm == "" {
		offset = 0
	}
	split := splitUnits
	if proto.atLeast(v06) {
		split = unitsFrom12
	}
	title, units := split(norm, offset)
	out := packed{text: norm, units: len(units)}
	if !has || EstimateTokens(norm) <= budget {
		return out
	}
	if proto.atLeast(v06) {
		return packUnits12(title, units, budget, out)
	}
	used := EstimateTokens(title)
	var chosen []packUnit
	semantic := false
	for i, u := range units {
		if used+u.tokens <= budget {
			chosen = append(chosen, u)
			used += u.tokens
			semantic = semantic || !u.preamble
			continue
		}
		if len(chosen) == 0 || (!u.preamble && !semantic) {
			chosen = append(chosen, u)
			out.oversized, out.oversizedLine, out.oversizedTokens = true, u.line, u.tokens
			i++
		}
		for _, rest := range units[i:] {
			out.omittedTokens += rest.tokens
		}
		out.omitted = len(units) - len(chosen)
		if i < len(units) {
			out.firstOmitted = units[i].line
		}
		break
	}
	parts := []string{}
	if title != "" {
		parts = append(parts, title)
	}
	for _, u := range chosen {
		parts = append(parts, u.text)
	}
	out.text = strings.Join(parts, "\n\n")
	return out
}

// splitUnits splits stripped text into its title and units; offset is the
// number of lines stripped before it.
func splitUnits(text string, offset int) (string, []packUnit) {
	lines := pyLines(text)
	title, start := "", 0
	if len(lines) > 0 && strings.HasPrefix(lines[0], "# ") {
		title, start = lines[0], 1
	}
	starts := linesStarting(lines, start, "## ")
	if len(starts) == 0 {
		starts = linesStarting(lines, start, "- ", "* ", "+ ")
	}
	return title, cutUnits(lines, start, offset, starts, func(s string) string { return pyStrip(s) })
}

// cutUnits cuts lines from start at starts (line indexes, in order) into
// units: the text before the first start is a preamble; with no start at
// all, the whole text is one unit. text trims a unit's joined lines; a
// unit whose trimmed text is blank is dropped. offset is the number of
// lines before lines[0] in the file.
func cutUnits(lines []string, start, offset int, starts []int, text func(string) string) []packUnit {
	var units []packUnit
	unit := func(pre bool, a, b int) {
		t := text(strings.Join(lines[a:b], "\n"))
		if pyStrip(t) != "" {
			units = append(units, packUnit{preamble: pre, text: t, line: offset + a + 1, tokens: EstimateTokens(t)})
		}
	}
	if len(starts) == 0 {
		unit(false, start, len(lines))
		return units
	}
	unit(true, start, starts[0])
	for k, s := range starts {
		end := len(lines)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		unit(false, s, end)
	}
	return units
}

func linesStarting(lines []string, from int, prefixes ...string) []int {
	var out []int
	for i := from; i < len(lines); i++ {
		for _, p := range prefixes {
			if strings.HasPrefix(lines[i], p) {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// pack builds the context pack: each loaded file as packed, in load order.
func (r *router) pack() string {
	var b strings.Builder
	for _, p := range r.packed {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "<!-- memory: %s -->\n", p.name)
		if p.text != "" {
			b.WriteString(p.text)
			b.WriteString("\n")
		}
	}
	return b.String()
}
