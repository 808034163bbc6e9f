package validate

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Dialect names how a format's reference reads a Markdown file: how the
// bytes decode, where lines end, and which lines are code, comments or HTML
// rather than structure. Every format reads its files through this one
// layer (ReadText, SplitLines, Lex, ParseMarkdown), in the dialect of the
// implementation it must agree with. The differences between the dialects
// are listed in doc.go and kept by the tests.
type Dialect uint8

const (
	// CommonMark reads as the CommonMark specification does (the block
	// reader is compared with goldmark): a leading byte order mark is
	// dropped, CRLF is read as LF and lines end at LF only; fences, indented
	// code and HTML blocks follow CommonMark, inside block quotes and list
	// items too. Remnant's files are read so.
	CommonMark Dialect = iota
	// CustodianLines is how MemoryCustodian memory files are read into
	// units, the verdicts held to the MemoryCustodian CLI 0.9.1's by the
	// differential tests: Python text as the CLI reads it (universal
	// newlines, str.splitlines, a byte order mark kept as a character),
	// fences of 3 or more ` or ~ with at most 3 spaces of indentation,
	// closed by a line of only that character at least as long, and
	// `<!-- -->` comments that start a line after any white space. It
	// knows no indented code and reports no problems.
	CustodianLines
	// CustodianLexing is the Markdown lexing of MemoryCustodian protocol 0.7
	// and later (manifests, and formal entries from 0.6): Python text as in
	// CustodianLines; a fence as there, but its closing line may end in
	// spaces or tabs and a backtick fence whose info string holds a backtick
	// is an error; a comment starts after at most 3 spaces and runs to the
	// line holding `-->`; a line indented by 4 or more spaces or starting
	// with a tab is code; an unclosed fence or comment is an error.
	CustodianLexing
	// CustodianBullets is how the MemoryCustodian CLI 0.9.1 cuts a file into
	// top-level bullet units (its split_top_level_bullet_units, which counts
	// inbox items): Python text as in CustodianLines; a fence is a line that
	// starts, at column 0, with ``` or ~~~ (whatever follows), and it is
	// closed by the next line that starts with the same three characters,
	// so a ``` line closes a fence opened by ```` and ```python closes one
	// opened by ```. It knows no comments and no indented code and reports
	// no problems.
	CustodianBullets
)

// String returns the dialect's name.
func (d Dialect) String() string {
	switch d {
	case CommonMark:
		return "CommonMark"
	case CustodianLines:
		return "CustodianLines"
	case CustodianLexing:
		return "CustodianLexing"
	case CustodianBullets:
		return "CustodianBullets"
	}
	return "Dialect(" + strconv.Itoa(int(d)) + ")"
}

// python reports whether d reads text as a Python str (universal newlines,
// str.splitlines).
func (d Dialect) python() bool {
	return d == CustodianLines || d == CustodianLexing || d == CustodianBullets
}

// Text is a file decoded and cut into lines as a dialect reads it. Line
// numbers are 1-based; offsets are byte offsets into the decoded text.
type Text struct {
	s     string
	lines []string
	// starts are the offsets of the lines: set by the CommonMark reader,
	// found on first use for the custodian dialects, which rarely need them.
	starts     []int
	startsOnce sync.Once
}

// ReadText decodes src and cuts it into lines as d reads it (see
// DecodeText and SplitLines).
func ReadText(src []byte, d Dialect) *Text {
	s := decode(src, d)
	if !d.python() {
		lines, starts := splitLF(s, true)
		return &Text{s: s, lines: lines, starts: starts}
	}
	return &Text{s: s, lines: SplitLines(s, d)}
}

// DecodeText returns src decoded as d reads it, and whether src is valid
// UTF-8. CommonMark drops a leading byte order mark and turns CRLF into
// LF; the custodian dialects read universal newlines (CRLF and a lone CR
// become LF) and keep a byte order mark as the character U+FEFF, as
// Python's utf-8 codec does. The reference of the custodian dialects
// refuses a file that is not valid UTF-8; the text is returned anyway.
func DecodeText(src []byte, d Dialect) (string, bool) {
	s := decode(src, d)
	return s, utf8.ValidString(s)
}

func decode(src []byte, d Dialect) string {
	if !d.python() {
		return string(normalize(src))
	}
	s := string(src)
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	return s
}

// SplitLines cuts decoded text into lines, without their line endings, as
// d does. CommonMark ends a line at LF (a CR before it is dropped). The
// custodian dialects split like Python's str.splitlines at LF, VT, FF,
// U+001C..U+001E, U+0085, U+2028 and U+2029 (decoded text holds no CR);
// there a text that is a single LF has no line, where str.splitlines
// gives one empty line. In every dialect a final line ending does not open
// another line.
func SplitLines(s string, d Dialect) []string {
	if !d.python() {
		lines, _ := splitLF(s, true)
		return lines
	}
	if !hasRareBreak(s) {
		s = strings.TrimSuffix(s, "\n")
		if s == "" {
			return nil
		}
		return strings.Split(s, "\n")
	}
	return splitRare(s)
}

// String returns the decoded text. Offsets refer to it.
func (t *Text) String() string { return t.s }

// ValidUTF8 reports whether the decoded text is valid UTF-8.
func (t *Text) ValidUTF8() bool { return utf8.ValidString(t.s) }

// Lines returns the lines, without their line endings. The result must not
// be modified.
func (t *Text) Lines() []string { return t.lines }

// Line returns line l (1-based), or "" outside the text.
func (t *Text) Line(l int) string {
	if l < 1 || l > len(t.lines) {
		return ""
	}
	return t.lines[l-1]
}

// LineStart returns the offset at which line l starts; l must be a line of
// the text (1 to len(Lines())).
func (t *Text) LineStart(l int) int { return t.offsets()[l-1] }

// LineAt returns the 1-based line holding offset off (0 before the first).
func (t *Text) LineAt(off int) int { return lineAt(t.offsets(), off) }

// offsets returns the offsets of the lines. The custodian dialects' lines
// follow one another in the text, each ended by one separator.
func (t *Text) offsets() []int {
	t.startsOnce.Do(func() {
		if t.starts != nil || len(t.lines) == 0 {
			return
		}
		starts := make([]int, len(t.lines))
		off := 0
		for i, l := range t.lines {
			starts[i] = off
			off += len(l)
			if off < len(t.s) {
				_, n := utf8.DecodeRuneInString(t.s[off:])
				off += n
			}
		}
		t.starts = starts
	})
	return t.starts
}
