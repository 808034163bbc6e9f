package secrets

import (
	"bytes"
	"slices"

	"github.com/remnant-guard/remnant-guard/validate"
)

// text is one buffer to scan. numbers, if set, gives the file line number
// of each line of data (the added lines of a diff, joined); otherwise
// line i of data is line i+1 of the file.
type text struct {
	path    string
	commit  string // the commit the text comes from, or ""
	data    []byte
	numbers []int

	lastOff, lastIdx int // lineNumber's memo
	lineMemo             // the line and column of the last hit
	capped               // the hits kept per rule, and the matches past the cap
	// noIgnore leaves the ignore files out: text printed by the program
	// is masked whether or not its secrets are accepted.
	noIgnore bool
}

// candidate is a rule to run on the line starting at offset start, or,
// on a long line, on the segment [from, to) around its keywords.
type candidate struct {
	start    int
	rule     int32
	from, to int // to == 0: the whole line and the rule's window
}

// scanState is the reusable memory of one scan.
type scanState struct {
	lastLine []int
	lastCand []int // rule -> index in cands of its candidate on lastLine
	cands    []candidate
	active   []uint8 // rule -> ruleOn, ruleOff or ruleUnjudged
	path     string  // the file activate readied
	kwHits   []kwHit
	ruleHits []int // rule -> hits kept in the text being scanned
	hitSpans map[hitSpan]struct{}
}

// hitSpan is a rule's match at [s, e) of the text being scanned that made a hit.
type hitSpan struct {
	rule, s, e int
}

func (e *Engine) state() *scanState {
	if s, ok := e.pool.Get().(*scanState); ok {
		return s
	}
	n := len(e.rules)
	return &scanState{lastLine: make([]int, n), lastCand: make([]int, n), active: make([]uint8, n), ruleHits: make([]int, n),
		hitSpans: map[hitSpan]struct{}{}}
}

// scanText finds the keyword lines, runs the triggered rules' regexes on
// them, and returns the findings in position order.
func (e *Engine) scanText(t *text) []validate.Finding {
	st := e.state()
	defer e.pool.Put(st)
	st.kwHits = e.kw.find(t.data, st.kwHits[:0])
	return e.scanHits(st, t, st.kwHits, 0)
}

// SecretSpans returns where, in src (text the program prints), the
// secrets the engine finds stand, as byte spans [s, e), with the ignore
// files left out: an accepted secret is masked too. A file's cap applies
// (MaxFileFindings a rule); rest is the offset from which src was not all
// judged, which the caller masks whole (len(src) when it was all judged).
// Neither the size limit nor the binary test of files applies: whatever
// the program prints is judged.
func (e *Engine) SecretSpans(src []byte) (spans [][2]int, rest int) {
	t := text{path: "message.txt", data: src, noIgnore: true}
	st := e.state()
	defer e.pool.Put(st)
	st.kwHits = e.kw.find(t.data, st.kwHits[:0])
	hits := e.collectHits(st, &t, st.kwHits, 0)
	for _, i := range e.kept(hits) {
		spans = append(spans, [2]int{hits[i].s, hits[i].e})
	}
	if t.over > 0 {
		return spans, min(max(t.overAt, 0), len(src))
	}
	return spans, len(src)
}

// scanHits is scanText given the keyword occurrences in t.data, their
// ends offset by base, in order of their end.
func (e *Engine) scanHits(st *scanState, t *text, kwHits []kwHit, base int) []validate.Finding {
	return e.finish(t, e.collectHits(st, t, kwHits, base))
}

// collectHits runs the rules on t and returns their hits, overlaps and
// all.
func (e *Engine) collectHits(st *scanState, t *text, kwHits []kwHit, base int) []hit {
	e.activate(st, t.path)
	clear(st.hitSpans)
	t.capped = capped{ruleHits: st.ruleHits, hitSpans: st.hitSpans, overAt: -1}
	st.cands = e.collect(st, t.data, kwHits, base, st.cands[:0])
	var hits []hit
	for _, c := range st.cands {
		hits = e.runCandidate(t, c, hits)
	}
	for _, ri := range e.always {
		if e.on(st, ri) {
			hits = e.runWhole(t, ri, hits)
		}
	}
	return hits
}

// The states of a rule for the file being scanned (scanState.active).
const (
	ruleOn       = iota // the rule runs on the file
	ruleOff             // its path pattern does not match the file
	ruleUnjudged        // its path pattern is judged when a keyword calls on it
)

// activate readies the state for one file: every rule on, but those with
// a path pattern, which is matched against path only when a keyword calls
// on the rule (on): most files call on none of them.
func (e *Engine) activate(st *scanState, path string) {
	for i := range st.active {
		st.active[i] = ruleOn
		st.lastLine[i] = -1
		st.ruleHits[i] = 0
	}
	for _, ri := range e.pathBound {
		st.active[ri] = ruleUnjudged
	}
	st.path = path
}

// on tells whether rule ri runs on the file activate readied.
func (e *Engine) on(st *scanState, ri int32) bool {
	switch st.active[ri] {
	case ruleOn:
		return true
	case ruleOff:
		return false
	}
	st.active[ri] = ruleOff
	if e.rules[ri].appliesTo(st.path) {
		st.active[ri] = ruleOn
	}
	return st.active[ri] == ruleOn
}

// collect turns the keyword occurrences into one candidate per (line,
// rule) pair, sorted by line. On a line longer than longLine (minified
// code, a source map) a regex rule runs on the segments around its
// keywords instead: a whole line per rule would cost each rule the line.
func (e *Engine) collect(st *scanState, data []byte, kwHits []kwHit, base int, out []candidate) []candidate {
	lineStart, lineEnd := 0, -1
	for _, h := range kwHits {
		begin := int(h.end) - base - e.kwLen[h.kw]
		if begin < lineStart || begin > lineEnd {
			lineStart = bytes.LastIndexByte(data[:begin], '\n') + 1
			lineEnd = lineStart + lineLen(data[lineStart:])
		}
		long := lineEnd-lineStart > longLine
		for _, ri := range e.kwRules[h.kw] {
			if !e.on(st, ri) {
				continue
			}
			if long && e.rules[ri].segmentable() {
				floor := -1
				if st.lastLine[ri] == lineStart {
					floor = out[st.lastCand[ri]].to
				}
				from, to := segment(data, lineStart, lineEnd, begin, int(h.end)-base, floor)
				if st.lastLine[ri] == lineStart && from <= out[st.lastCand[ri]].to {
					out[st.lastCand[ri]].to = max(out[st.lastCand[ri]].to, to)
					continue
				}
				st.lastLine[ri], st.lastCand[ri] = lineStart, len(out)
				out = append(out, candidate{lineStart, ri, from, to})
				continue
			}
			if st.lastLine[ri] != lineStart {
				st.lastLine[ri] = lineStart
				out = append(out, candidate{start: lineStart, rule: ri})
			}
		}
	}
	slices.SortFunc(out, func(a, b candidate) int {
		if a.start != b.start {
			return a.start - b.start
		}
		if a.rule != b.rule {
			return int(a.rule - b.rule)
		}
		return a.from - b.from
	})
	return out
}

// A line longer than longLine is scanned in segments: segBefore bytes
// before a keyword and segAfter after it, widened to the ends of the
// tokens they cut (by up to segWiden bytes before, and to the token's
// end after: a token starts at its keyword, and one with many claims, a
// JWT, can run on for kilobytes).
const (
	longLine  = 4096
	segBefore = 512
	segAfter  = 1024
	segWiden  = 256
)

// segmentable tells a rule that may run on segments of a long line: a
// regex rule of one line (extracts read names themselves, windows span
// lines).
func (r *rule) segmentable() bool { return r.extract == nil && r.def.Window == 0 }

// segment is the span of the line [ls, le) around a keyword at [ks, ke).
// floor is the end of the rule's previous segment on the line (-1 if
// none): a segment that ends inside it is not widened again, so each byte
// of a long token is widened over once per rule.
func segment(data []byte, ls, le, ks, ke, floor int) (int, int) {
	from, to := max(ls, ks-segBefore), min(le, ke+segAfter)
	for n := 0; from > ls && n < segWiden && isTokenByte(data[from-1]); n++ {
		from--
	}
	if to <= floor {
		return from, to
	}
	for to < le && isTokenByte(data[to]) {
		to++
	}
	return from, to
}

func isTokenByte(c byte) bool { return isBase64Byte(c) || c == '-' || c == '_' || c == '.' }

func lineLen(b []byte) int {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return i
	}
	return len(b)
}

// windowEnd is the end of the line starting at start plus extra lines.
func windowEnd(data []byte, start, extra int) int {
	end := start + lineLen(data[start:])
	for ; extra > 0 && end < len(data); extra-- {
		end += 1 + lineLen(data[end+1:])
	}
	return end
}

// runCandidate runs one rule's regex on one line (and its window).
func (e *Engine) runCandidate(t *text, c candidate, hits []hit) []hit {
	r := e.rules[c.rule]
	if c.to > 0 {
		return e.runSegment(t, r, c, hits)
	}
	if r.gate != nil && !r.gate(t.data[c.start:windowEnd(t.data, c.start, 0)]) {
		return hits
	}
	r = r.compiled()
	end := windowEnd(t.data, c.start, r.def.Window)
	if r.extract != nil {
		return e.judgeAll(t, r, c.start, end, r.extract(t.data[c.start:end]), hits)
	}
	return e.runRegex(t, r, c.start, end, hits)
}

// runSegment runs a rule's regex on a segment of a long line.
func (e *Engine) runSegment(t *text, r *rule, c candidate, hits []hit) []hit {
	seg := t.data[c.from:c.to]
	if r.gate != nil && !r.gate(seg) {
		return hits
	}
	return e.runRegex(t, r.compiled(), c.from, c.to, hits)
}

// runWhole runs a rule with no keywords over all of the text.
func (e *Engine) runWhole(t *text, ri int32, hits []hit) []hit {
	r := e.rules[ri].compiled()
	if r.extract != nil {
		return e.judgeAll(t, r, 0, len(t.data), r.extract(t.data), hits)
	}
	return e.runRegex(t, r, 0, len(t.data), hits)
}
