package validate

import "strconv"

func (p *mdParser) openQuote() (*mdNode, bool, bool) {
	if !p.quoteMarker() {
		return nil, false, false
	}
	return p.container(mdQuote), true, false
}

// quoteMarker reads a block quote marker '>' and the space after it.
func (p *mdParser) quoteMarker() bool {
	line, _ := p.r.peek()
	w, pos := p.r.indent()
	if w > 3 || pos >= len(line) || line[pos] != '>' {
		return false
	}
	pos++
	p.r.advance(pos)
	if pos >= len(line) || line[pos] == '\n' {
		return true
	}
	if line[pos] == ' ' || line[pos] == '\t' {
		padding := 0
		if line[pos] == '\t' {
			padding = tabWidth(p.r.lineOffset()) - 1
		}
		p.r.advancePad(1, padding)
	}
	return true
}

// Kinds of list item marker.
const (
	notList = iota
	bulletList
	orderedList
)

// listMarker reads a list item marker at the start of line. m[1]: where
// the marker starts, m[3]: where it ends, m[4], m[5]: the content (-1 when
// the line ends with the marker).
func listMarker(line []byte) (m [6]int, typ int) {
	i := countLeading(line, ' ')
	if i > 3 || i >= len(line) {
		return m, notList
	}
	m[1], m[2] = i, i
	if c := line[i]; c == '-' || c == '*' || c == '+' {
		i++
		typ = bulletList
	} else {
		i += countDigits(line[i:])
		if i == m[2] || i-m[2] > 9 || i >= len(line) || line[i] != '.' && line[i] != ')' {
			return m, notList
		}
		i++
		typ = orderedList
	}
	m[3] = i
	if i < len(line) && line[i] != '\n' {
		if w, _ := indentWidth(line[i:], 0); w == 0 {
			return m, notList
		}
	}
	if i >= len(line) {
		m[4], m[5] = -1, -1
		return m, typ
	}
	m[4], m[5] = i, len(line)
	if line[m[5]-1] == '\n' && line[i] != '\n' {
		m[5]--
	}
	return m, typ
}

func countDigits(b []byte) int {
	i := 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

// contentOffset is how far a list item's content is indented past its
// marker.
func contentOffset(line []byte, m [6]int) int {
	if m[4] < 0 || isBlankBytes(line[m[4]:]) {
		return 1
	}
	off, _ := indentWidth(line[m[4]:], m[4])
	if off > 4 {
		return 1
	}
	return off
}

func lastItemOffset(list *mdNode) int {
	if k := list.lastKid(); k != nil {
		return int(k.offset)
	}
	return 0
}

func (p *mdParser) openList(parent *mdNode) (*mdNode, bool, bool) {
	last := p.last()
	if last != nil && last.kind == mdList || p.skipList {
		p.skipList = false
		return nil, false, false
	}
	line, _ := p.r.peek()
	m, typ := listMarker(line)
	if typ == notList {
		return nil, false, false
	}
	if last != nil && last.kind == mdPara && last.parent == parent {
		if typ == orderedList {
			if start, _ := strconv.Atoi(string(line[m[2] : m[3]-1])); start != 1 {
				return nil, false, false
			}
		}
		if m[4] < 0 || isBlankBytes(line[m[4]:m[5]]) {
			return nil, false, false
		}
	}
	p.emptyItem = false
	n := p.container(mdList)
	n.marker = line[m[3]-1]
	return n, true, false
}

func (p *mdParser) continueList(n *mdNode) (bool, bool) {
	line, seg := p.r.peek()
	item := n.lastKid()
	if p.r.restBlank(0) {
		if item.last == nil {
			p.emptyItem = true
		}
		return true, true
	}
	offset := lastItemOffset(n)
	lastIsEmpty := item.last == nil
	indent, _ := p.r.indent()
	if indent < offset || lastIsEmpty {
		if indent < 4 {
			if m, typ := listMarker(line); typ != notList && m[1]-offset < 4 {
				return p.sameList(n, line, m, typ, seg), true
			}
		}
		if !lastIsEmpty {
			return false, false
		}
	}
	if lastIsEmpty && indent < offset || p.emptyItem {
		return false, false
	}
	return true, true
}

// sameList: a new item marker on line continues list n (same marker, and
// not a thematic break unless it underlines a paragraph).
func (p *mdParser) sameList(n *mdNode, line []byte, m [6]int, typ int, seg mdSeg) bool {
	marker := line[m[3]-1]
	if marker != n.marker || (typ == orderedList) != (n.marker == '.' || n.marker == ')') {
		return false
	}
	isBreak := false
	if seg.stop > p.breakPos {
		isBreak = mdThematicBreak(line[m[3]-1:], 0)
		p.breakPos = seg.stop
	}
	if !isBreak {
		return true
	}
	if last := p.last(); last != nil && last.kind == mdPara {
		c, ok := setextUnderline(line[m[3]-1:])
		return ok && c == '-'
	}
	return false
}

func (p *mdParser) openItem(parent *mdNode) (*mdNode, bool, bool) {
	if parent.kind != mdList {
		return nil, false, false
	}
	offset := lastItemOffset(parent)
	line, _ := p.r.peek()
	m, typ := listMarker(line)
	if typ == notList || m[1]-offset > 3 {
		return nil, false, false
	}
	p.emptyItem = false
	itemOffset := contentOffset(line, m)
	n := p.container(mdItem)
	n.offset = int32(m[3] + itemOffset)
	if m[4] < 0 || isBlankBytes(line[m[4]:m[5]]) {
		return n, false, false
	}
	pos, padding := indentPosition(line[m[4]:], m[4], 0, itemOffset)
	p.r.advancePad(m[3]+pos, padding)
	return n, true, false
}

func (p *mdParser) continueItem(n *mdNode) (bool, bool) {
	line, _ := p.r.peek()
	if p.r.restBlank(0) {
		p.r.toEOL()
		return true, true
	}
	offset := lastItemOffset(n.parent)
	isEmpty := n.last == nil && p.emptyItem
	indent, _ := p.r.indent()
	if (isEmpty || indent < offset) && indent < 4 {
		if _, typ := listMarker(line); typ != notList {
			p.skipList = true
			return false, false
		}
		if !isEmpty {
			return false, false
		}
	}
	pos, padding := indentPosition(line, p.r.lineOffset(), 0, offset)
	p.r.advancePad(pos, padding)
	return true, true
}
