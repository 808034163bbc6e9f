package validate

// A blank line goes on every open list and list item, without looking at
// them further: a line of many nested items followed by many blank lines
// would cost the number of items for each blank line. The first blank line
// (or rest of a line after block quote markers) walks the run of open
// lists and items it meets and remembers what the walk did; the next ones
// do the same without walking, as long as no block was opened or closed
// since.

// blankRun is what walking the open lists and items from index from to
// index to on a blank rest of a line did: whether one of the lists' last
// items was empty (which sets emptyItem) and whether a list item moved the
// position to the end of the line.
type blankRun struct {
	version, from, to int
	empty, item       bool
}

func isListOrItem(n *mdNode) bool { return n.kind == mdList || n.kind == mdItem }

// blankRun continues the open lists and items from index i of opened on,
// when the rest of the line is blank, and returns the index of the first
// open block it did not continue (i when it continued none). It stops
// early at the end of the text, where the caller closes everything.
func (p *mdParser) blankRun(opened []*mdNode, i int) int {
	if !isListOrItem(opened[i]) || !p.r.restBlank(0) {
		return i
	}
	if c := p.blank; c.version == p.version && c.from == i && p.r.endsWithLF() {
		if c.item {
			p.r.toEOL()
		}
		p.emptyItem = p.emptyItem || c.empty
		return c.to
	}
	run := blankRun{version: p.version, from: i}
	wasEmpty := p.emptyItem
	p.emptyItem = false
	j := i
	for ; j < len(opened) && isListOrItem(opened[j]); j++ {
		if l, _ := p.r.peek(); l == nil {
			break
		}
		run.item = run.item || opened[j].kind == mdItem
		p.continueBlock(opened[j])
	}
	run.to, run.empty = j, p.emptyItem
	p.emptyItem = wasEmpty || run.empty
	if j == len(opened) || !isListOrItem(opened[j]) {
		p.blank = run
	}
	return j
}
