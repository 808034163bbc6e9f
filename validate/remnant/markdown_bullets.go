package remnant

import (
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

// bullet is one top-level list item of a section.
type bullet struct {
	line int    // line of the list marker
	col  int    // rune column where the text starts
	text string // text of the first line, trailing white space removed
	full string // text with continuation lines, joined by "\n"
}

// bullets returns the top-level list items in the body of s. Lines in code
// or HTML blocks are skipped; indented lines that follow an item are its
// continuation.
func (f *remnantFile) bullets(s *section) []bullet {
	var out []bullet
	open := false
	for l := s.first; l <= s.last; l++ {
		line := f.md.Line(l)
		if strings.TrimSpace(line) == "" {
			continue
		}
		if !f.md.Prose(l) {
			open = false
			continue
		}
		if b, ok := bulletAt(line, l); ok {
			out = append(out, b)
			open = true
			continue
		}
		if open && indentOf(line) >= 2 {
			last := &out[len(out)-1]
			last.full += "\n" + strings.TrimRight(line, " \t")
			continue
		}
		open = false
	}
	return out
}

// bulletAt parses a top-level list item ("- ", "* " or "+ ", indented at
// most one space).
func bulletAt(line string, l int) (bullet, bool) {
	ind := indentOf(line)
	if ind > 1 || strings.HasPrefix(line, "\t") {
		return bullet{}, false
	}
	rest := line[ind:]
	if len(rest) == 0 || !strings.ContainsRune("-*+", rune(rest[0])) {
		return bullet{}, false
	}
	if len(rest) > 1 && rest[1] != ' ' && rest[1] != '\t' {
		return bullet{}, false
	}
	body := strings.TrimLeft(rest[1:], " \t")
	if isThematicBreak(rest) {
		return bullet{}, false
	}
	text := strings.TrimRight(body, " \t")
	start := len(line) - len(body)
	return bullet{line: l, col: validate.RuneCol(line, start), text: text, full: text}, true
}

// isThematicBreak reports a "---" or "* * *" rule, which is not a list item.
func isThematicBreak(s string) bool {
	s = strings.ReplaceAll(strings.ReplaceAll(s, " ", ""), "\t", "")
	return len(s) >= 3 && strings.Trim(s, string(s[0])) == ""
}
