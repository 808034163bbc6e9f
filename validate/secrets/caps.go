package secrets

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/remnant-guard/remnant-guard/validate"
)

// MaxFileFindings is how many findings one file reports at most (or the
// lines of one file that a change adds). A rule is run on a file until it
// has that many; its matches past them are counted and not judged, and a
// CappedRule finding after the file's last one says how many there were:
// a rule with short, dense matches costs a run in proportion to the file.
const MaxFileFindings = 1000

// MaxRunFindings is how many findings the scans of one engine (one run)
// report at most; past it, each file's matches are counted, not shown.
const MaxRunFindings = 10000

// CappedRule is the rule of the finding that says a file had more matches
// than its findings show. It is an error: a file whose matches were not
// all judged is never a clean one.
const CappedRule = "secret-findings-capped"

// capped counts what one text's rules matched past the cap.
type capped struct {
	ruleHits []int // rule -> the weight of its hits kept (see count)
	over     int   // matches not judged, and findings not reported
	overAt   int   // the offset of the first of them, -1 when none
	// hitSpans are the matches that made a hit so far: the windows of one
	// rule's keyword lines overlap (the lines of a file of PEM blocks),
	// and a hit two windows hold is judged, and counted toward the cap,
	// once. Only hits are kept, so it is bounded as the hits are.
	hitSpans map[hitSpan]struct{}
}

// hitBefore tells whether r's match at [s, e) made a hit before in this
// text.
func (c *capped) hitBefore(r *rule, s, e int) bool {
	_, ok := c.hitSpans[hitSpan{rule: r.order, s: s, e: e}]
	return ok
}

func (c *capped) noteOver(n, at int) {
	if n == 0 {
		return
	}
	c.over += n
	if c.overAt < 0 || at < c.overAt {
		c.overAt = at
	}
}

// regexChunk is how many matches one regex call returns at most, so that
// the memory of a call stays bounded whatever the text holds.
const regexChunk = 256

// runRegex runs r's regex over t.data[from:to] and judges each match,
// until the rule has MaxFileFindings hits in t; the matches after that are
// counted. The matches are read in chunks: a chunk after the first starts
// where the previous one's last match ended, as FindAll would go on.
func (e *Engine) runRegex(t *text, r *rule, from, to int, hits []hit) []hit {
	for pos := from; pos <= to; {
		if t.full(r) {
			t.noteOver(countMatches(r.re, t.data, pos, to))
			return hits
		}
		ms := r.re.FindAllSubmatchIndex(t.data[pos:to], regexChunk)
		for i, m := range ms {
			if t.full(r) {
				rest, _ := countMatches(r.re, t.data, pos+ms[len(ms)-1][1], to)
				t.noteOver(rest+len(ms)-i, pos+m[0])
				return hits
			}
			if t.hitBefore(r, pos+m[0], pos+m[1]) {
				continue
			}
			hits = t.count(r, e.evaluate(t, r, pos, to, m, hits), len(hits), pos+m[0], pos+m[1])
		}
		if len(ms) < regexChunk {
			return hits
		}
		last := ms[len(ms)-1]
		pos += max(last[1], last[0]+1)
	}
	return hits
}

// acceptedWeight is how many hits the ignore file accepts count as one
// reported hit toward a rule's cap: a file may hold many accepted secrets
// (test fixtures) without reaching it, and the memory of its hits stays
// bounded all the same.
const acceptedWeight = 16

// full tells whether r has reached its cap in t.
func (t *text) full(r *rule) bool { return t.ruleHits[r.order] >= acceptedWeight*MaxFileFindings }

// count counts toward r's cap the hit evaluate appended to hits, if any
// (hits had n before), and records its match [s, e).
func (t *text) count(r *rule, hits []hit, n, s, e int) []hit {
	if len(hits) > n {
		t.hitSpans[hitSpan{rule: r.order, s: s, e: e}] = struct{}{}
		if hits[n].ignored {
			t.ruleHits[r.order]++
		} else {
			t.ruleHits[r.order] += acceptedWeight
		}
	}
	return hits
}

// judgeAll judges the matches ms (an extract's, relative to base) as
// runRegex judges a regex's, up to the rule's cap.
func (e *Engine) judgeAll(t *text, r *rule, base, end int, ms [][]int, hits []hit) []hit {
	for i, m := range ms {
		if t.full(r) {
			t.noteOver(len(ms)-i, base+m[0])
			return hits
		}
		if t.hitBefore(r, base+m[0], base+m[1]) {
			continue
		}
		hits = t.count(r, e.evaluate(t, r, base, end, m, hits), len(hits), base+m[0], base+m[1])
	}
	return hits
}

// countMatches counts the matches of re in data[from:to], and returns the
// count and the offset of the first, in chunks of bounded memory.
func countMatches(re *regexp.Regexp, data []byte, from, to int) (int, int) {
	n, first := 0, -1
	for pos := from; pos <= to; {
		ms := re.FindAllIndex(data[pos:to], regexChunk)
		if len(ms) > 0 && first < 0 {
			first = pos + ms[0][0]
		}
		n += len(ms)
		if len(ms) < regexChunk {
			break
		}
		last := ms[len(ms)-1]
		pos += max(last[1], last[0]+1)
	}
	if first < 0 {
		first = from
	}
	return n, first
}

// capFindings keeps the first MaxFileFindings of found (in position
// order), less what the run's cap (MaxRunFindings) leaves, and, when t had
// more, adds the CappedRule finding. keep are the hits found stands for,
// at their offsets.
func (e *Engine) capFindings(t *text, found []validate.Finding, keep, at []int) []validate.Finding {
	n := len(found)
	total := e.found.Add(int64(n))
	if room := MaxRunFindings - (total - int64(n)); room < int64(n) {
		n = int(max(room, 0))
	}
	if len(keep) > n {
		t.noteOver(len(keep)-n, at[n])
		found = found[:n]
	}
	if t.over == 0 {
		return found
	}
	return append(found, t.cappedFinding())
}

// cappedMessage is the message of a CappedRule finding of a file; the
// count leads it (CappedCount reads it back).
const cappedMessage = "%d more secret rule matches from here on are not shown: at most %d findings are reported per file, %d per run"

// CappedCount is how many matches a CappedRule finding of a file says were
// not shown (ok false for any other finding).
func CappedCount(f validate.Finding) (n int, ok bool) {
	if f.RuleID != CappedRule {
		return 0, false
	}
	_, err := fmt.Sscanf(f.Message, "%d more secret", &n)
	return n, err == nil
}

// RunFull tells whether the engine's scans have reported MaxRunFindings
// findings: what they find after that is only counted.
func (e *Engine) RunFull() bool { return e != nil && e.found.Load() >= MaxRunFindings }

// cappedFinding says how many matches of t were not judged or reported.
func (t *text) cappedFinding() validate.Finding {
	off := min(max(t.overAt, 0), len(t.data))
	line, col := t.lineNumber(off), t.column(off)
	return validate.Finding{
		RuleID: CappedRule, Severity: validate.Error, Path: t.path,
		Line: line, Column: col, EndLine: line, EndColumn: col, // a place, as every finding's span has an end
		Message: fmt.Sprintf(cappedMessage, t.over, MaxFileFindings, MaxRunFindings),
		Hint:    "remove what the findings above show and run again; a custom rule that matches short, common text (a letter, a word) is better made narrower",
	}
}

// lineMemo remembers the line of the last hit and a column on it, so that
// many hits on one long line cost the line once, not once each.
type lineMemo struct {
	ls, le                     int // the line [ls, le), when set
	set                        bool
	colOff, col                int // the column of offset colOff on the line
	suppressedLS               int
	suppressedMemo             bool
	suppressedSet              bool
	csrfLS                     int // the line whose CSRF mention csrfMemo holds
	csrfMemo, csrfSet          bool
	k8sKind, sealKind, jwkKind int8 // facts of the whole text: 0 unknown, 1 yes, 2 no
}

// lineAt is the line holding offset off: [ls, le), without its newline.
func (t *text) lineAt(off int) (int, int) {
	if t.set && t.ls <= off && off <= t.le {
		return t.ls, t.le
	}
	ls := bytes.LastIndexByte(t.data[:off], '\n') + 1
	le := ls + lineLen(t.data[ls:])
	t.ls, t.le, t.set = ls, le, true
	t.colOff, t.col = ls, 1
	return ls, le
}
