package validate

// The block reader: it cuts Markdown into CommonMark blocks the way
// goldmark's parser does (the tests compare the two on every fixture, on
// generated documents and by fuzzing), without inlines and without any
// package-level set-up at program start.

// mdKind is a block's kind; for headings it also says which syntax.
type mdKind uint8

const (
	mdDocument mdKind = iota
	mdQuote
	mdList
	mdItem
	mdCode
	mdFence
	mdATX
	mdSetext
	mdBreak
	mdHTML
	mdPara
)

// mdNode is a block. Containers (the document, block quotes, lists, list
// items) have kids, linked from the last one back; the other blocks have
// an mdLeaf, which containers, as many as a line has bytes, do not carry.
type mdNode struct {
	parent  *mdNode
	last    *mdNode // the last kid
	prev    *mdNode // the kid of parent before this one
	*mdLeaf         // nil for containers
	pos     int     // byte offset the block starts at, -1 when unknown
	offset  int32   // list item: indentation of its content
	kind    mdKind
	marker  byte // list: '-', '+', '*', '.' or ')'
}

// mdLeaf is what a block other than a container holds: its lines are the
// segments of text it holds.
type mdLeaf struct {
	lines    []mdSeg
	info     mdSeg
	level    uint8 // heading level
	htmlKind uint8
	hasInfo  bool
}

// leafNode is a block with its mdLeaf, in one allocation.
type leafNode struct {
	mdNode
	leaf mdLeaf
}

// newLeaf returns a new block of kind k, not a container.
func newLeaf(k mdKind, l mdLeaf) *mdNode {
	ln := &leafNode{mdNode: mdNode{kind: k}, leaf: l}
	ln.mdLeaf = &ln.leaf
	return &ln.mdNode
}

func (n *mdNode) lastKid() *mdNode { return n.last }

// kids returns the kids of n in order.
func (n *mdNode) kids() []*mdNode {
	var ks []*mdNode
	for k := n.last; k != nil; k = k.prev {
		ks = append(ks, k)
	}
	for i, j := 0, len(ks)-1; i < j; i, j = i+1, j-1 {
		ks[i], ks[j] = ks[j], ks[i]
	}
	return ks
}

// add makes k the last kid of n.
func (n *mdNode) add(k *mdNode) {
	k.parent, k.prev, n.last = n, n.last, k
}

// slabSize is how many containers are allocated at once,
// at most: a line may nest as many containers as it has bytes. The first
// slabs are smaller, for the few containers of most texts.
const slabSize = 256

// slabCap is the size of the slab after one of size last.
func slabCap(last int) int { return min(max(2*last, 4), slabSize) }

// container returns a new block quote, list or list item of kind k, from
// a slab (its zero bytes are not copied in).
func (p *mdParser) container(k mdKind) *mdNode {
	if len(p.slab) == cap(p.slab) {
		p.slab = make([]mdNode, 0, slabCap(cap(p.slab)))
	}
	p.slab = p.slab[:len(p.slab)+1]
	n := &p.slab[len(p.slab)-1]
	n.kind = k
	return n
}

func (n *mdNode) remove(k *mdNode) {
	var next *mdNode
	for c := n.last; c != nil; next, c = c, c.prev {
		if c != k {
			continue
		}
		if next == nil {
			n.last = c.prev
		} else {
			next.prev = c.prev
		}
		k.parent, k.prev = nil, nil
		return
	}
}

// fenceState is the open fence: its character, where it starts and its
// length.
type fenceState struct {
	char           byte
	indent, length int
	node           *mdNode
}

// mdParser holds the state of one parse.
type mdParser struct {
	r           *mdReader
	src         []byte
	doc         *mdNode
	open        []*mdNode
	blockOffset int
	fence       *fenceState
	setextPara  *mdNode // the paragraph a setext underline turns into a heading
	skipList    bool    // a list item just closed on a new item's line
	emptyItem   bool    // an empty list item was followed by a blank line
	breakPos    int     // end of the last line tested for a thematic break in a list
	noBreak     noBreakRun
	blank       blankRun
	version     int // counts the blocks opened and closed
	slab        []mdNode
	leaves      []*mdNode // the code and HTML blocks, in document order
	replaced    bool      // a setext heading took the last paragraph's place
}

// openResult says what openBlocks did with a line.
type openResult int

const (
	paragraphContinued openResult = iota + 1
	blocksOpened
	nothingOpened
)

// parseBlocks reads src into a tree of blocks; leaves are its code and
// HTML blocks in document order (the order they opened in).
func parseBlocks(src []byte) (doc *mdNode, leaves []*mdNode) {
	p := &mdParser{r: newMDReader(src), src: src, doc: &mdNode{kind: mdDocument, pos: -1},
		blank: blankRun{from: -1}}
	p.run()
	return p.doc, p.leaves
}

func (p *mdParser) last() *mdNode {
	if len(p.open) == 0 {
		return nil
	}
	return p.open[len(p.open)-1]
}

// run reads the text: runs of blocks separated by blank lines, each line
// first offered to the open blocks, outermost first.
func (p *mdParser) run() {
	for {
		if !p.r.skipBlankLines() {
			return
		}
		if p.openBlocks(p.doc) != blocksOpened {
			return
		}
		p.r.nextLine()
		for len(p.open) > 0 {
			if !p.line() {
				return
			}
			p.r.nextLine()
		}
	}
}

// line offers the current line to the open blocks; false at the end of
// the text.
func (p *mdParser) line() bool {
	opened := p.open
	lastIndex := len(opened) - 1
	for i := 0; i < len(opened); i++ {
		if l, _ := p.r.peek(); l == nil {
			p.closeBlocks(lastIndex, 0)
			p.r.nextLine()
			return false
		}
		if j := p.blankRun(opened, i); j == len(opened) {
			p.openBlocks(opened[lastIndex])
			return true
		} else if j > i {
			i = j - 1
			continue
		}
		n := opened[i]
		if n.kind != mdPara {
			ok, kids := p.continueBlock(n)
			if ok && kids && i == lastIndex {
				p.openBlocks(n)
				return true
			}
			if ok {
				continue
			}
		}
		parent := p.doc
		if i != 0 {
			parent = opened[i-1]
		}
		p.replaced = false
		if p.openBlocks(parent) != paragraphContinued {
			if p.replaced {
				lastIndex--
			}
			p.closeBlocks(lastIndex, i)
		}
		return true
	}
	return true
}

// closeBlocks closes the open blocks from index from down to index to.
func (p *mdParser) closeBlocks(from, to int) {
	p.version++
	for i := from; i >= to; i-- {
		if n := p.open[i]; n.parent != nil {
			p.closeBlock(n)
		}
	}
	if from == len(p.open)-1 {
		p.open = p.open[:to]
	} else {
		p.open = append(p.open[:to], p.open[from+1:]...)
	}
}

// openBlocks tries to start blocks at the current position under parent,
// and else to continue the last open paragraph lazily.
func (p *mdParser) openBlocks(parent *mdNode) openResult {
	result := nothingOpened
	para := p.last()
	continuable := para != nil && para.kind == mdPara
retry:
	line, _ := p.r.peek()
	w, pos := p.r.indent()
	p.blockOffset = pos
	if w >= len(line) {
		p.blockOffset = -1
	}
	if line != nil && line[0] != '\n' {
		for _, k := range starters(line, pos) {
			if continuable && result == nothingOpened && !interrupts(k) {
				continue
			}
			if w > 3 && k != mdCode {
				continue
			}
			last := p.last()
			start := p.r.pos.start
			node, kids, needPara := p.openBlock(k, parent)
			if node == nil {
				continue
			}
			node.pos = start + max(p.blockOffset, 0)
			p.version++
			if needPara && last == parent.lastKid() {
				p.closeBlock(last)
				p.open = p.open[:len(p.open)-1]
				p.replaced = true
			}
			parent.add(node)
			if node.kind == mdFence || node.kind == mdCode || node.kind == mdHTML {
				p.leaves = append(p.leaves, node)
			}
			result = blocksOpened
			p.open = append(p.open, node)
			if !kids {
				break
			}
			parent = node
			goto retry
		}
	}
	if result == nothingOpened && continuable && p.continueParagraph(para) {
		result = paragraphContinued
	}
	return result
}

var (
	startDash   = []mdKind{mdSetext, mdBreak, mdList, mdItem, mdCode, mdPara}
	startEquals = []mdKind{mdSetext, mdCode, mdPara}
	startStar   = []mdKind{mdBreak, mdList, mdItem, mdCode, mdPara}
	startUnder  = []mdKind{mdBreak, mdCode, mdPara}
	startPlus   = []mdKind{mdList, mdItem, mdCode, mdPara}
	startHash   = []mdKind{mdATX, mdCode, mdPara}
	startFence  = []mdKind{mdFence, mdCode, mdPara}
	startQuote  = []mdKind{mdQuote, mdCode, mdPara}
	startHTML   = []mdKind{mdHTML, mdCode, mdPara}
	startOther  = []mdKind{mdCode, mdPara}
)

// starters lists the blocks that may start with line's byte at pos, in the
// order they are tried.
func starters(line []byte, pos int) []mdKind {
	if pos >= len(line) {
		return startOther
	}
	switch c := line[pos]; {
	case c == '-':
		return startDash
	case c == '=':
		return startEquals
	case c == '*':
		return startStar
	case c == '_':
		return startUnder
	case c == '+' || c >= '0' && c <= '9':
		return startPlus
	case c == '#':
		return startHash
	case c == '`' || c == '~':
		return startFence
	case c == '>':
		return startQuote
	case c == '<':
		return startHTML
	}
	return startOther
}

// interrupts: the block may start in the middle of a paragraph.
func interrupts(k mdKind) bool { return k != mdCode && k != mdPara }
