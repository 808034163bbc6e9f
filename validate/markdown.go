package validate

import "strings"

// Markdown is a Markdown file cut into lines, with the block structure that
// matters to the memory rules: top-level headings, fenced code blocks and
// the lines that belong to code or HTML blocks. Every format reads Markdown
// through it. Line numbers are 1-based; columns are rune columns.
type Markdown struct {
	text     []byte
	lines    []string
	starts   []int
	code     []bool // per line (index line-1): inside a code block or fence
	html     []bool // per line: inside an HTML block
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
	lines, starts := splitLines(t)
	f := &Markdown{text: t, lines: lines, starts: starts,
		code: make([]bool, len(lines)), html: make([]bool, len(lines))}
	f.visit(parseBlocks(t))
	return f
}

// MarkdownLines cuts src into lines as ParseMarkdown does, without reading
// its blocks.
func MarkdownLines(src []byte) []string {
	lines, _ := splitLines(normalize(src))
	return lines
}

// visit records the blocks under n, in document order.
func (f *Markdown) visit(n *mdNode) {
	for _, k := range n.kids {
		switch k.kind {
		case mdATX, mdSetext:
			if n.kind == mdDocument {
				f.addHeading(k)
			}
		case mdFence:
			f.addFence(k)
		case mdCode:
			f.mark(f.code, k.lines)
		case mdHTML:
			f.mark(f.html, k.lines)
		case mdQuote, mdList, mdItem:
			f.visit(k)
		}
	}
}

func (f *Markdown) mark(set []bool, segs []mdSeg) {
	for _, s := range segs {
		if l := lineAt(f.starts, s.start); l >= 1 && l <= len(set) {
			set[l-1] = true
		}
	}
}

func (f *Markdown) addFence(n *mdNode) {
	fc := Fence{Start: lineAt(f.starts, n.pos)}
	if n.hasInfo {
		fc.Info = strings.TrimSpace(string(n.info.value(f.text)))
	}
	fc.End = fc.Start
	if len(n.lines) > 0 {
		fc.End = lineAt(f.starts, n.lines[len(n.lines)-1].start)
	}
	if fc.End < len(f.lines) && isFenceLine(f.lines[fc.End]) {
		fc.End++
	}
	for l := fc.Start; l <= fc.End && l <= len(f.code); l++ {
		f.code[l-1] = true
	}
	f.fences = append(f.fences, fc)
}

func isFenceLine(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~")
}

func (f *Markdown) addHeading(n *mdNode) {
	h := Heading{Level: n.level, Line: lineAt(f.starts, n.pos)}
	line := f.Line(h.Line)
	if len(n.lines) > 0 {
		seg := n.lines[0]
		h.Line = lineAt(f.starts, seg.start)
		line = f.Line(h.Line)
		h.Text = strings.TrimSpace(string(unescapePunct(seg.value(f.text))))
		h.Col = RuneCol(line, seg.start-f.starts[h.Line-1])
	} else {
		h.Col = RuneCol(line, len(line)-len(strings.TrimLeft(line, " \t")))
	}
	f.headings = append(f.headings, h)
}
