package remnant

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

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

// isRemnantTitle tells a title that starts with the word Remnant, in any
// case: "Remnant - demo", "remnant: demo", not "Remnants of the day".
func isRemnantTitle(text string) bool {
	const word = "Remnant"
	if len(text) < len(word) || !strings.EqualFold(text[:len(word)], word) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[len(word):])
	return len(text) == len(word) || !(unicode.IsLetter(r) || unicode.IsDigit(r))
}

// unrecognized is the one finding for a REMNANT.md without Remnant's marks.
func unrecognized(path string) validate.Finding {
	f := newFinding(RuleRemnantUnrecognized, path, 0, 0,
		"not a Remnant memory file: no <!-- AGENT PROTOCOL --> banner, no `# Remnant - <project-name>` title, no ## Session section")
	f.Hint = "if it is something else, rename it; if it is Remnant memory, add the missing parts " +
		"(remnant-guard migrate shows them) or set uses = true under [remnant] in .remnant-guard.toml"
	return f
}
