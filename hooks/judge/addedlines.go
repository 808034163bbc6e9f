package judge

import (
	"bytes"
	"strings"

	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// AddedLines returns the lines of cur that old does not have (as many times
// as cur has more of them), with their line numbers in cur: what a change
// adds, whatever moved around it. Lines end at '\n', a '\r' before it is
// not part of the line, and a last empty line is no line.
//
// The lines the two versions start with are skipped first: they are the
// same lines one for one, and counting them would match each of cur's
// with one of old's all the same (the first occurrences of a line are the
// ones matched). An edit in the middle of a file so costs half the count.
func AddedLines(old, cur []byte) []secrets.Line {
	p := sameStart(old, cur)
	first := bytes.Count(cur[:p], []byte{'\n'})
	old, cur = old[p:], cur[p:]

	// The count of each line of old, keyed by strings cut from one copy of
	// old: one allocation, not one per line. A lookup by a line of cur
	// (m[string(b)]) allocates nothing.
	rest := string(old)
	slot := make(map[string]int, bytes.Count(old, []byte{'\n'})+1)
	var count []int
	for len(rest) > 0 {
		l, next, _ := strings.Cut(rest, "\n")
		rest = next
		l = strings.TrimSuffix(l, "\r")
		if i, ok := slot[l]; ok {
			count[i]++
			continue
		}
		slot[l] = len(count)
		count = append(count, 1)
	}

	var out []secrets.Line
	for n := first + 1; len(cur) > 0; n++ {
		l, next, _ := bytes.Cut(cur, []byte{'\n'})
		cur = next
		l = bytes.TrimSuffix(l, []byte{'\r'})
		if i, ok := slot[string(l)]; ok && count[i] > 0 {
			count[i]--
			continue
		}
		out = append(out, secrets.Line{Number: n, Text: l})
	}
	return out
}

// sameStart is the length of the longest run of whole lines ('\n' ended)
// that a and b start with.
func sameStart(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	// 64 bytes at a time while they agree, then byte by byte.
	for i+64 <= n && string(a[i:i+64]) == string(b[i:i+64]) {
		i += 64
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return bytes.LastIndexByte(a[:i], '\n') + 1
}
