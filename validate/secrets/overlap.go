package secrets

import (
	"slices"
)

// Resolving overlaps: a hit is outranked when a hit of another rule on an
// overlapping span beats it (see hit.beats). Comparing every pair costs
// the square of the hits, which a rule with short, dense matches makes
// large; here every hit is painted over the span it covers in a segment
// tree that keeps, per node, the best hit and the best hit of another
// rule, and each hit then asks the tree about its own span: n log n.

// best2 is the best hit over a range, and the best of a rule other than
// its rule: what a hit of either rule needs to know. -1 is none.
type best2 struct{ a, b int32 }

var noBest = best2{-1, -1}

// add merges hit i into x.
func (x best2) add(hits []hit, i int32) best2 {
	if i < 0 {
		return x
	}
	switch {
	case x.a < 0:
		return best2{i, -1}
	case hits[i].beats(&hits[x.a]):
		if hits[i].order == hits[x.a].order {
			return best2{i, x.b}
		}
		return best2{i, x.a}
	case hits[i].order == hits[x.a].order:
		return x
	case x.b < 0 || hits[i].beats(&hits[x.b]):
		return best2{x.a, i}
	}
	return x
}

func (x best2) merge(hits []hit, y best2) best2 { return x.add(hits, y.a).add(hits, y.b) }

// other is the best hit of x whose rule is not rule's, or -1.
func (x best2) other(hits []hit, order int) int32 {
	if x.a >= 0 && hits[x.a].order != order {
		return x.a
	}
	if x.b >= 0 && hits[x.b].order != order {
		return x.b
	}
	return -1
}

// spanTree answers "the best hits over [from, to)" for spans over the
// compressed coordinates of the hits' ends.
type spanTree struct {
	hits []hit
	n    int
	tag  []best2 // hits covering the whole node
	agg  []best2 // hits covering any part of the node
}

func newSpanTree(hits []hit, n int) *spanTree {
	t := &spanTree{hits: hits, n: n, tag: make([]best2, 4*n), agg: make([]best2, 4*n)}
	for i := range t.tag {
		t.tag[i], t.agg[i] = noBest, noBest
	}
	return t
}

func (t *spanTree) paint(node, lo, hi, from, to int, i int32) {
	if to <= lo || hi <= from {
		return
	}
	if from <= lo && hi <= to {
		t.tag[node] = t.tag[node].add(t.hits, i)
		t.agg[node] = t.agg[node].add(t.hits, i)
		return
	}
	mid := (lo + hi) / 2
	t.paint(2*node, lo, mid, from, to, i)
	t.paint(2*node+1, mid, hi, from, to, i)
	t.agg[node] = t.tag[node].merge(t.hits, t.agg[2*node]).merge(t.hits, t.agg[2*node+1])
}

func (t *spanTree) query(node, lo, hi, from, to int) best2 {
	if to <= lo || hi <= from {
		return noBest
	}
	if from <= lo && hi <= to {
		return t.agg[node]
	}
	mid := (lo + hi) / 2
	r := t.query(2*node, lo, mid, from, to).merge(t.hits, t.query(2*node+1, mid, hi, from, to))
	return r.merge(t.hits, t.tag[node])
}

// pairwiseMax is how many hits are compared pair by pair, which is
// cheaper than the tree for a few.
const pairwiseMax = 32

// outrankedHits marks, in out, each hit that another rule's hit on an
// overlapping span beats.
func outrankedHits(hits []hit) []bool {
	out := make([]bool, len(hits))
	if len(hits) <= pairwiseMax {
		for i := range hits {
			h := &hits[i]
			for j := range hits {
				o := &hits[j]
				if o.order != h.order && o.s < h.e && h.s < o.e && o.beats(h) {
					out[i] = true
					break
				}
			}
		}
		return out
	}
	coords := make([]int, 0, 2*len(hits))
	for _, h := range hits {
		coords = append(coords, h.s, h.e)
	}
	slices.Sort(coords)
	coords = slices.Compact(coords)
	at := func(x int) int { i, _ := slices.BinarySearch(coords, x); return i }
	n := len(coords) - 1 // elementary segments [coords[k], coords[k+1])
	if n < 1 {
		return out
	}
	t := newSpanTree(hits, n)
	spans := make([][2]int, len(hits))
	for i, h := range hits {
		spans[i] = [2]int{at(h.s), at(h.e)}
		t.paint(1, 0, n, spans[i][0], spans[i][1], int32(i))
	}
	for i := range hits {
		b := t.query(1, 0, n, spans[i][0], spans[i][1])
		if o := b.other(hits, hits[i].order); o >= 0 && hits[o].beats(&hits[i]) {
			out[i] = true
		}
	}
	return out
}
