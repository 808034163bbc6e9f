package validate

import "strings"

// mdFile is a Markdown file cut into lines, with the block structure that
// matters to the memory rules: top-level headings and the lines that belong
// to code or HTML blocks. Line numbers are 1-based.
type mdFile struct {
	text     []byte
	lines    []string
	starts   []int
	code     []bool // per line (index line-1): inside a code block or fence
	html     []bool // per line: inside an HTML block
	fences   []fence
	headings []heading
}

type heading struct {
	level, line, col int
	text             string
}

type fence struct {
	start, end int // lines of the opening and closing fence
	info       string
}

func parseMarkdown(src []byte) *mdFile {
	t := normalize(src)
	lines, starts := splitLines(t)
	f := &mdFile{text: t, lines: lines, starts: starts,
		code: make([]bool, len(lines)), html: make([]bool, len(lines))}
	f.visit(parseBlocks(t))
	return f
}

// visit records the blocks under n, in document order.
func (f *mdFile) visit(n *mdNode) {
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

func (f *mdFile) mark(set []bool, segs []mdSeg) {
	for _, s := range segs {
		if l := lineAt(f.starts, s.start); l >= 1 && l <= len(set) {
			set[l-1] = true
		}
	}
}

func (f *mdFile) addFence(n *mdNode) {
	fc := fence{start: lineAt(f.starts, n.pos)}
	if n.hasInfo {
		fc.info = strings.TrimSpace(string(n.info.value(f.text)))
	}
	fc.end = fc.start
	if len(n.lines) > 0 {
		fc.end = lineAt(f.starts, n.lines[len(n.lines)-1].start)
	}
	if fc.end < len(f.lines) && isFenceLine(f.lines[fc.end]) {
		fc.end++
	}
	for l := fc.start; l <= fc.end && l <= len(f.code); l++ {
		f.code[l-1] = true
	}
	f.fences = append(f.fences, fc)
}

func isFenceLine(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~")
}

func (f *mdFile) addHeading(n *mdNode) {
	h := heading{level: n.level, line: lineAt(f.starts, n.pos)}
	line := f.line(h.line)
	if len(n.lines) > 0 {
		seg := n.lines[0]
		h.line = lineAt(f.starts, seg.start)
		line = f.line(h.line)
		h.text = strings.TrimSpace(string(unescapePunct(seg.value(f.text))))
		h.col = runeCol(line, seg.start-f.starts[h.line-1])
	} else {
		h.col = runeCol(line, len(line)-len(strings.TrimLeft(line, " \t")))
	}
	f.headings = append(f.headings, h)
}

// line returns line l (1-based), or "" outside the file.
func (f *mdFile) line(l int) string {
	if l < 1 || l > len(f.lines) {
		return ""
	}
	return f.lines[l-1]
}

// prose reports whether line l is ordinary Markdown text, outside code and
// HTML blocks.
func (f *mdFile) prose(l int) bool {
	return l >= 1 && l <= len(f.lines) && !f.code[l-1] && !f.html[l-1]
}
