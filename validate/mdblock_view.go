package validate

// What the reader knows about the current line so that reading it costs
// time linear in its length, however many containers it nests: each open
// container looks at the rest of the line, so nothing here may copy or
// scan that rest each time.

// viewSlack is the room in front of a line's copy for padding that starts
// before the line (a tab at column 0 whose first columns a container took).
const viewSlack = 3

// lineView is a copy of the current line in which the padding spaces of
// the position are written over the bytes in front of it, so that the rest
// of the line with its padding is a slice of the copy, not a new one.
type lineView struct {
	head      int    // the line the copy is of; -1 for none
	buf       []byte // viewSlack bytes, then the line
	from, to  int    // the bytes (offsets in the text) now spaces
	lastInk   int    // the line's last byte other than white space, head-1 for none
	inkHead   int    // the line lastInk is of; -1 for none
	run       int    // a run of spaces and tabs of the line ends at runEnd,
	runEnd    int    // from run on; runEnd is at column runEndCol
	runEndCol int
	runHead   int // the line run is of; -1 for none
}

func newLineView() lineView { return lineView{head: -1, inkHead: -1, runHead: -1} }

// padded returns the rest of the line from start with padding spaces in
// front of it: padding <= viewSlack, and the bytes it covers lie behind the
// position, so nothing reads them any more.
func (r *mdReader) padded(start, stop, padding int) []byte {
	v := &r.view
	if start-padding < r.head-viewSlack {
		return mdSeg{start: start, stop: stop, padding: padding}.value(r.src)
	}
	if v.head != r.head {
		v.buf = append(v.buf[:0], "   "[:viewSlack]...)
		v.buf = append(v.buf, r.src[r.head:r.pos.stop]...)
		v.head, v.from, v.to = r.head, r.head, r.head
	}
	at := func(i int) int { return i - r.head + viewSlack }
	for i := max(v.from, r.head); i < v.to; i++ {
		v.buf[at(i)] = r.src[i]
	}
	for i := start - padding; i < start; i++ {
		v.buf[at(i)] = ' '
	}
	v.from, v.to = start-padding, start
	return v.buf[at(start-padding):at(stop)]
}

// restBlank reports that the rest of the line, from byte i of what peek
// returned, is white space only (isBlankBytes of it).
func (r *mdReader) restBlank(i int) bool {
	v := &r.view
	if v.inkHead != r.head {
		v.inkHead, v.lastInk = r.head, r.pos.stop-1-trimRightSpaceLen(r.src[r.head:r.pos.stop])
	}
	return r.pos.start+max(i-r.pos.padding, 0) > v.lastInk
}

// indent is indentWidth of the rest of the line at the position (what peek
// returns, at column lineOffset): its leading spaces and tabs, their width
// and how many bytes of it they take. A line's run of white space is
// measured once, whichever of its containers asks.
func (r *mdReader) indent() (width, pos int) {
	v := &r.view
	start, col := r.pos.start, r.lineOffset()
	if v.runHead != r.head || start < v.run || start > v.runEnd {
		c := r.offsetAt(start, 0)
		i := start
		for ; i < r.pos.stop && (r.src[i] == ' ' || r.src[i] == '\t'); i++ {
			if r.src[i] == '\t' {
				c += tabWidth(c)
			} else {
				c++
			}
		}
		v.runHead, v.run, v.runEnd, v.runEndCol = r.head, start, i, c
	}
	return v.runEndCol - col, r.pos.padding + v.runEnd - start
}
