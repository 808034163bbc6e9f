package validate

import "bytes"

// openBlock tries to start a block of kind k at the current position.
// kids: it is a container, its content starts on this line; needPara: it
// turns the last paragraph into something else (a setext heading).
func (p *mdParser) openBlock(k mdKind, parent *mdNode) (n *mdNode, kids, needPara bool) {
	switch k {
	case mdQuote:
		return p.openQuote()
	case mdList:
		return p.openList(parent)
	case mdItem:
		return p.openItem(parent)
	case mdSetext:
		n = p.openSetext(parent)
		return n, false, n != nil
	case mdBreak:
		return p.openBreak(), false, false
	case mdCode:
		return p.openCode(), false, false
	case mdATX:
		return p.openATX(), false, false
	case mdFence:
		return p.openFence(), false, false
	case mdHTML:
		return p.openHTML(), false, false
	}
	return p.openParagraph(), false, false
}

// continueBlock offers the current line to the open block n: ok, it goes
// on; kids, its content may hold new blocks.
func (p *mdParser) continueBlock(n *mdNode) (ok, kids bool) {
	switch n.kind {
	case mdQuote:
		ok = p.quoteMarker()
		return ok, ok
	case mdList:
		return p.continueList(n)
	case mdItem:
		return p.continueItem(n)
	case mdCode:
		return p.continueCode(n), false
	case mdFence:
		return p.continueFence(n), false
	case mdHTML:
		return p.continueHTML(n), false
	}
	return false, false
}

func (p *mdParser) closeBlock(n *mdNode) {
	switch n.kind {
	case mdPara:
		p.closeParagraph(n)
	case mdCode:
		for len(n.lines) > 0 && n.lines[len(n.lines)-1].blank(p.src) {
			n.lines = n.lines[:len(n.lines)-1]
		}
	case mdFence:
		if p.fence != nil && p.fence.node == n {
			p.fence = nil
		}
	case mdSetext:
		p.closeSetext(n)
	}
}

func (p *mdParser) openParagraph() *mdNode {
	_, seg := p.r.peek()
	if p.r.restBlank(0) {
		return nil
	}
	p.r.toEOL()
	return newLeaf(mdPara, mdLeaf{lines: []mdSeg{seg}})
}

func (p *mdParser) continueParagraph(n *mdNode) bool {
	_, seg := p.r.peek()
	if p.r.restBlank(0) {
		return false
	}
	n.lines = append(n.lines, seg)
	p.r.toEOL()
	return true
}

func (p *mdParser) closeParagraph(n *mdNode) {
	for i, l := range n.lines {
		n.lines[i] = l.trimLeft(p.src)
	}
	if len(n.lines) > 0 {
		n.lines[len(n.lines)-1] = n.lines[len(n.lines)-1].trimRight(p.src)
	} else if n.parent != nil {
		n.parent.remove(n)
	}
}

func (p *mdParser) openBreak() *mdNode {
	line, seg := p.r.peek()
	if p.knownNoBreak(line, seg) {
		return nil
	}
	ok, fail := mdBreakScan(line, p.r.lineOffset())
	if !ok {
		if i := leadingSpace(line); fail >= 0 && i >= seg.padding {
			p.noBreak = noBreakRun{from: seg.start + i - seg.padding, to: seg.start + fail - seg.padding, mark: line[i]}
		}
		return nil
	}
	p.r.toEOL()
	return newLeaf(mdBreak, mdLeaf{})
}

// noBreakRun remembers a run of the text, [from, to), of white space and
// one thematic break mark, ended by another character: a thematic break
// test that starts on the mark inside the run fails at to, so it need not
// scan again. Lines of nested list items ("- - - - x") would otherwise be
// scanned once per item.
type noBreakRun struct {
	from, to int
	mark     byte
}

// knownNoBreak reports that the rest of the line starts, after white
// space, on the mark of the remembered run, inside it.
func (p *mdParser) knownNoBreak(line []byte, seg mdSeg) bool {
	nb := p.noBreak
	if nb.mark == 0 {
		return false
	}
	i := leadingSpace(line)
	if i >= len(line) || line[i] != nb.mark || i < seg.padding {
		return false
	}
	q := seg.start + i - seg.padding
	return q >= nb.from && q < nb.to
}

func leadingSpace(line []byte) int {
	i := 0
	for i < len(line) && isMDSpace(line[i]) {
		i++
	}
	return i
}

// mdThematicBreak: three or more '*', '-' or '_' alone with white space.
func mdThematicBreak(line []byte, col int) bool {
	ok, _ := mdBreakScan(line, col)
	return ok
}

// mdBreakScan is mdThematicBreak that also returns, when the line fails
// on a character other than white space and its mark, where (else -1).
func mdBreakScan(line []byte, col int) (bool, int) {
	w, pos := indentWidth(line, col)
	if w > 3 {
		return false, -1
	}
	mark, count := byte(0), 0
	for i, c := range line[pos:] {
		switch {
		case isMDSpace(c):
		case mark == 0 && (c == '*' || c == '-' || c == '_'):
			mark, count = c, 1
		case c != mark:
			if mark == 0 {
				return false, -1
			}
			return false, pos + i
		default:
			count++
		}
	}
	return count > 2, -1
}

func (p *mdParser) openCode() *mdNode {
	line, seg := p.r.peek()
	pos, padding := indentPosition(line, p.r.lineOffset(), seg.padding, 4)
	if pos < 0 || p.r.restBlank(0) {
		return nil
	}
	s := p.keepTab(mdSeg{start: seg.start + pos, stop: seg.stop, padding: padding}, 0)
	p.r.toEOL()
	return newLeaf(mdCode, mdLeaf{lines: []mdSeg{s}})
}

func (p *mdParser) continueCode(n *mdNode) bool {
	line, seg := p.r.peek()
	pos, padding := indentPosition(line, p.r.lineOffset(), seg.padding, 4)
	switch {
	case pos < 0 && p.r.restBlank(0):
		seg = mdSeg{start: seg.stop - 1, stop: seg.stop}
	case pos < 0:
		return false
	default:
		seg = p.keepTab(mdSeg{start: seg.start + pos, stop: seg.stop, padding: padding}, 0)
	}
	n.lines = append(n.lines, seg)
	p.r.toEOL()
	return true
}

// keepTab: a code line that starts inside a tab keeps the whole tab when
// the tab began exactly at the code's indentation.
func (p *mdParser) keepTab(s mdSeg, indent int) mdSeg {
	if s.padding == 0 {
		return s
	}
	if p.r.lineOffset()+indent == p.r.offsetAt(p.r.pos.start-1, 0) {
		s.padding = 0
		s.start--
	}
	return s
}

func (p *mdParser) openATX() *mdNode {
	line, seg := p.r.peek()
	pos := p.blockOffset
	if pos < 0 {
		return nil
	}
	i := pos + countLeading(line[pos:], '#')
	level := i - pos
	if level == 0 || level > 6 {
		return nil
	}
	n := newLeaf(mdATX, mdLeaf{level: uint8(level)})
	if i == len(line) {
		return n
	}
	l := trimLeftSpaceLen(line[i:])
	if l == 0 {
		return nil
	}
	start := min(i+l, len(line)-1)
	hl := mdSeg{start: seg.start + start - seg.padding, stop: seg.start + len(line) - seg.padding}
	hl = hl.trimRight(p.src)
	p.r.toEOL()
	if hl.stop == hl.start {
		return n
	}
	text := hl.value(p.src)
	stop := len(text)
	j := stop - 1
	for text[j] == '#' && j > 0 {
		j--
	}
	if j == 0 && text[0] == '#' {
		return n
	}
	if j != stop-1 && isMDSpace(text[j]) {
		stop = j - trimRightSpaceLen(text[:j])
	}
	hl.stop = hl.start + stop
	n.lines = []mdSeg{hl}
	return n
}

func (p *mdParser) openSetext(parent *mdNode) *mdNode {
	last := p.last()
	if last == nil || last.kind != mdPara || last.parent != parent {
		return nil
	}
	line, seg := p.r.peek()
	c, ok := setextUnderline(line)
	if !ok {
		return nil
	}
	level := 1
	if c == '-' {
		level = 2
	}
	p.setextPara = last
	return newLeaf(mdSetext, mdLeaf{level: uint8(level), lines: []mdSeg{seg}})
}

// setextUnderline: line is a run of '=' or of '-' after at most three
// spaces, with white space after it only.
func setextUnderline(line []byte) (byte, bool) {
	start := countLeading(line, ' ')
	if start > 3 {
		return 0, false
	}
	end := len(line)
	c := byte('=')
	run := countLeading(line[start:], '=')
	if run == 0 {
		c, run = '-', countLeading(line[start:], '-')
	}
	if isMDSpace(line[end-1]) {
		end -= trimRightSpaceLen(line[start:end])
	}
	return c, run > 0 && start+run == end
}

// closeSetext turns the paragraph above the underline into the heading.
func (p *mdParser) closeSetext(n *mdNode) {
	tmp := p.setextPara
	p.setextPara = nil
	n.lines = tmp.lines
	if len(tmp.lines) > 0 {
		n.pos = tmp.lines[0].start
	}
	if tmp.parent != nil {
		tmp.parent.remove(tmp)
	}
}

func (p *mdParser) openFence() *mdNode {
	line, seg := p.r.peek()
	pos := p.blockOffset
	if pos < 0 || line[pos] != '`' && line[pos] != '~' {
		return nil
	}
	c := line[pos]
	i := pos + countLeading(line[pos:], c)
	if i-pos < 3 {
		return nil
	}
	n := newLeaf(mdFence, mdLeaf{})
	if i < len(line)-1 {
		rest := line[i:]
		left, right := trimLeftSpaceLen(rest), trimRightSpaceLen(rest)
		if left < len(rest)-right {
			value := rest[left : len(rest)-right]
			infoStart, infoStop := seg.start-seg.padding+i+left, seg.stop-right
			if c == '`' && bytes.IndexByte(value, '`') >= 0 {
				return nil
			}
			if infoStart != infoStop {
				n.info, n.hasInfo = mdSeg{start: infoStart, stop: infoStop}, true
			}
		}
	}
	p.fence = &fenceState{char: c, indent: pos, length: i - pos, node: n}
	return n
}

func (p *mdParser) continueFence(n *mdNode) bool {
	line, seg := p.r.peek()
	fd := p.fence
	if w, pos := p.r.indent(); w < 4 {
		i := pos + countLeading(line[pos:], fd.char)
		if i-pos >= fd.length && p.r.restBlank(i) {
			p.r.toEOL()
			return false
		}
	}
	pos, padding := indentPosition(line, p.r.lineOffset(), seg.padding, fd.indent)
	if pos < 0 {
		pos, padding = max(0, firstNonSpace(line))-seg.padding, 0
	}
	s := mdSeg{start: seg.start + pos, stop: seg.stop, padding: padding}
	if padding != 0 {
		s = p.keepTab(s, fd.indent)
	}
	n.lines = append(n.lines, s)
	p.r.toEOL()
	return true
}

func (p *mdParser) openHTML() *mdNode {
	line, seg := p.r.peek()
	last := p.last()
	k := htmlKind(line, last != nil && last.kind == mdPara)
	if k == 0 {
		return nil
	}
	p.r.toEOL()
	return newLeaf(mdHTML, mdLeaf{htmlKind: uint8(k), lines: []mdSeg{seg}})
}

func (p *mdParser) continueHTML(n *mdNode) bool {
	line, _ := p.r.peek()
	seg := p.r.pos
	switch k := int(n.htmlKind); {
	case k <= 5:
		closes := func(b []byte) bool {
			if k == 1 {
				return rawTagClose(b)
			}
			return bytes.Contains(b, []byte(htmlCloseMarks[k]))
		}
		if len(n.lines) == 1 && closes(n.lines[0].value(p.src)) {
			return false
		}
		if closes(line) {
			p.r.toEOL()
			return false
		}
	default:
		if p.r.restBlank(0) {
			return false
		}
	}
	n.lines = append(n.lines, seg)
	p.r.toEOL()
	return true
}
