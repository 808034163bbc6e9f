package suggest

import (
	"fmt"
	"sort"
	"strings"
)

// Nearest returns the candidate closest to word by edit distance
// (a character inserted, deleted, replaced, or two neighbours swapped),
// when it is close enough to be a typo of it: at most one edit for a word
// of up to five characters, two for a longer one, and fewer edits than
// the word has characters. Case is ignored. Among equally close
// candidates the first in sorted order wins, so the answer does not depend
// on the order they are given in. ok is false when none is close.
func Nearest(word string, candidates []string) (best string, ok bool) {
	w := strings.ToLower(word)
	limit := 1
	if len([]rune(w)) > 5 {
		limit = 2
	}
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	bestDist := limit + 1
	for _, c := range sorted {
		lc := strings.ToLower(c)
		if lc == w {
			continue
		}
		d := distance(w, lc, bestDist)
		if d < bestDist && d < len([]rune(w)) {
			best, bestDist, ok = c, d, true
		}
	}
	return best, ok
}

// DidYouMean is Nearest worded for a message: " (did you mean `name`?)"
// with the name as format writes it (format is a fmt verb string with one
// %s, such as "--%s"), or "" when no candidate is close.
func DidYouMean(word string, candidates []string, format string) string {
	n, ok := Nearest(word, candidates)
	if !ok {
		return ""
	}
	return fmt.Sprintf(" (did you mean `"+format+"`?)", n)
}

// distance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and transpositions of adjacent
// runes). It stops early and returns max when the distance reaches max,
// which bounds the work on long inputs.
func distance(a, b string, max int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= max || -d >= max {
		return max
	}
	// Three rows: the one before last (for transpositions), last, current.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin >= max {
			return max
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(rb)], max)
}
