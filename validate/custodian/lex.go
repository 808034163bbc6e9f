package custodian

import "strings"

// lexed is a file read by the Markdown lexing of protocol 0.7 and later:
// fenced code (``` or ~~~, at most 3 spaces of indentation, closed by a
// fence of the same character at least as long) and `<!-- -->` comments
// occupying whole lines are invisible, and lines indented 4 or more
// spaces or by a tab are code, not structure.
type lexed struct {
	// hidden marks the lines that form no structure.
	hidden []bool
	// problem is the first lexing error ("" if none) and its 1-based line.
	problem     string
	problemLine int
}

func lex(lines []string) lexed {
	lx := lexed{hidden: make([]bool, len(lines))}
	fence, fenceLine := "", 0
	comment, commentLine := false, 0
	for i, l := range lines {
		switch {
		case fence != "":
			lx.hidden[i] = true
			if t, ind := trimIndent(l); ind <= 3 && strings.HasPrefix(t, fence) && strings.Trim(strings.TrimRight(t, " \t"), fence[:1]) == "" {
				fence = ""
			}
		case comment:
			lx.hidden[i] = true
			if strings.Contains(l, "-->") {
				comment = false
			}
		default:
			t, ind := trimIndent(l)
			if ind >= 4 || strings.HasPrefix(l, "\t") {
				lx.hidden[i] = true
				continue
			}
			if m := fenceMarker(t); m != "" {
				if m[0] == '`' && strings.Contains(t[len(m):], "`") {
					lx.fail(i, "fence info string must not contain backticks")
				}
				fence, fenceLine = m, i+1
				lx.hidden[i] = true
				continue
			}
			if strings.HasPrefix(t, "<!--") {
				lx.hidden[i] = true
				comment, commentLine = !strings.Contains(t[4:], "-->"), i+1
			}
		}
	}
	if fence != "" {
		lx.fail(fenceLine-1, "Unclosed fenced code block")
	}
	if comment {
		lx.fail(commentLine-1, "Unclosed HTML comment")
	}
	return lx
}

func (lx *lexed) fail(i int, msg string) {
	if lx.problem == "" {
		lx.problem, lx.problemLine = msg, i+1
	}
}

// trimIndent returns l without its leading spaces and how many there were.
func trimIndent(l string) (string, int) {
	t := strings.TrimLeft(l, " ")
	return t, len(l) - len(t)
}

// visibleLines returns lines with the hidden ones blanked.
func (lx lexed) visibleLines(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if !lx.hidden[i] {
			out[i] = l
		}
	}
	return out
}
