package validate

import "strings"

// Markdown is a Markdown file read in the CommonMark dialect: its Text
// (lines and their offsets), the Lexed flags of each line (fenced or
// indented code, HTML block), and the block structure that matters to the
// memory rules: top-level headings and fenced code blocks. Line numbers
// are 1-based; columns are rune columns.
type Markdown struct {
	text     []byte
	txt      Text
	lex      Lexed
	fences   []Fence
	headings []Heading
}

// Heading is an ATX or setext heading at the top level of the document
// (not inside a list or block quote).
type Heading struct {
	Level, Line, Col int // Line and Col locate the text; Col is 1-based
	Text             string
}

// Fence is a fenced code block.
type Fence struct {
	Start, End int    // lines of the opening and closing fence
	Info       string // the info string, trimmed
}

// ParseMarkdown reads src as CommonMark blocks. A leading UTF-8 byte order
// mark is dropped and CRLF line endings are read as LF; line numbers and
// columns stay those of src.
func ParseMarkdown(src []byte) *Markdown {
	t := normalize(src)
	s := string(t)
	lines, starts := splitLF(s, true)
	f := &Markdown{text: t, txt: Text{s: s, lines: lines, starts: starts},
		lex: Lexed{flags: make([]LineFlags, len(lines))}}
	f.visit(parseBlocks(t))
	return f
}

// MarkdownLines cuts src into lines as ParseMarkdown does, without reading
// its blocks: ReadText(src, CommonMark).Lines().
func MarkdownLines(src []byte) []string {
	lines, _ := splitLF(string(normalize(src)), true)
	return lines
}

// visit records the headings at the top of doc and the code and HTML
// blocks, which parseBlocks lists in document order: containers may nest
// as deep as the text is long, so the tree is not walked.
func (f *Markdown) visit(doc *mdNode, leaves []*mdNode) {
	for _, k := range doc.kids() {
		if k.kind == mdATX || k.kind == mdSetext {
			f.addHeading(k)
		}
	}
	for _, k := range leaves {
		switch k.kind {
		case mdFence:
			f.addFence(k)
		case mdCode:
			f.mark(Indented, k.lines)
		case mdHTML:
			f.mark(HTMLBlock, k.lines)
		}
	}
}

func (f *Markdown) mark(flag LineFlags, segs []mdSeg) {
	set := f.lex.flags
	for _, s := range segs {
		if l := lineAt(f.txt.starts, s.start); l >= 1 && l <= len(set) {
			set[l-1] |= flag
		}
	}
}

func (f *Markdown) addFence(n *mdNode) {
	fc := Fence{Start: lineAt(f.txt.starts, n.pos)}
	if n.hasInfo {
		fc.Info = strings.TrimSpace(string(n.info.value(f.text)))
	}
	fc.End = fc.Start
	if len(n.lines) > 0 {
		fc.End = lineAt(f.txt.starts, n.lines[len(n.lines)-1].start)
	}
	if fc.End < len(f.txt.lines) && isFenceLine(f.txt.lines[fc.End]) {
		fc.End++
	}
	for l := fc.Start; l <= fc.End && l <= len(f.lex.flags); l++ {
		f.lex.flags[l-1] |= Fenced
	}
	f.fences = append(f.fences, fc)
}

func isFenceLine(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~")
}

func (f *Markdown) addHeading(n *mdNode) {
	h := Heading{Level: int(n.level), Line: lineAt(f.txt.starts, n.pos)}
	line := f.Line(h.Line)
	if len(n.lines) > 0 {
		seg := n.lines[0]
		h.Line = lineAt(f.txt.starts, seg.start)
		line = f.Line(h.Line)
		h.Text = strings.TrimSpace(string(unescapePunct(seg.value(f.text))))
		h.Col = RuneCol(line, seg.start-f.txt.starts[h.Line-1])
	} else {
		h.Col = RuneCol(line, len(line)-len(strings.TrimLeft(line, " \t")))
	}
	f.headings = append(f.headings, h)
}
