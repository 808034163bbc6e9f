package remnant

import (
	"bytes"
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

// RuleRemnantUnrecognized is the finding for a file named REMNANT.md that
// has none of Remnant's marks.
const RuleRemnantUnrecognized = "remnant-unrecognized"

// HasRemnantMarks tells whether src looks like Remnant memory: it has the
// <!-- AGENT PROTOCOL ... --> banner, a "# Remnant ..." title or a
// "## Session" section. A file named REMNANT.md without any of them (a
// poem, unrelated notes) is not judged by the schema.
// Only the first marksWindow bytes are read: the marks open a Remnant file,
// and a huge file is not parsed whole to find them.
func HasRemnantMarks(src []byte) bool {
	if len(src) > marksWindow {
		src = src[:marksWindow]
		if i := bytes.LastIndexByte(src, '\n'); i >= 0 {
			src = src[:i+1]
		}
	}
	return parseRemnantFile(validate.ParseMarkdown(src)).hasMarks()
}

// marksWindow bounds how much of a file HasRemnantMarks reads.
const marksWindow = 64 << 10

func (f *remnantFile) hasMarks() bool {
	if _, at := f.bannerLine(); at > 0 {
		return true
	}
	if f.byName["Session"] != nil {
		return true
	}
	for _, h := range f.md.Headings() {
		if h.Level == 1 && isRemnantTitle(h.Text) {
			return true
		}
	}
	return false
}

// isRemnantTitle tells Remnant's own title: the word Remnant as the
// template spells it, a separator (" - ", an em or en dash, a colon) and a
// project name: "Remnant - demo", "Remnant — demo". A title that is only
// the word, or the word in capitals ("REMNANT", "REMNANT — persist here"),
// is someone else's file that shares the name.
func isRemnantTitle(text string) bool {
	rest, ok := strings.CutPrefix(text, "Remnant")
	if !ok {
		return false
	}
	rest = strings.TrimLeft(rest, " \t")
	for _, sep := range []string{"-", "—", "–", ":"} {
		if name, ok := strings.CutPrefix(rest, sep); ok {
			return strings.TrimSpace(name) != ""
		}
	}
	return false
}

// unrecognized is the one finding for a REMNANT.md without Remnant's marks.
func unrecognized(path string) validate.Finding {
	f := newFinding(RuleRemnantUnrecognized, path, 0, 0,
		"not a Remnant memory file: no <!-- AGENT PROTOCOL --> banner, no `# Remnant - <project-name>` title, no ## Session section")
	f.Hint = "if it is something else, rename it; if it is Remnant memory, add the missing parts " +
		"(remnant-guard migrate shows them) or set uses = true under [remnant] in .remnant-guard.toml"
	return f
}
