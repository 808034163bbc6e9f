package judge

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// countedLines is AddedLines written the plain way: count every line of
// old, then take cur's lines in order against the counts.
func countedLines(old, cur []byte) []secrets.Line {
	have := make(map[string]int)
	for _, l := range SplitLines(old) {
		have[string(l)]++
	}
	var out []secrets.Line
	for i, l := range SplitLines(cur) {
		if n := have[string(l)]; n > 0 {
			have[string(l)] = n - 1
			continue
		}
		out = append(out, secrets.Line{Number: i + 1, Text: l})
	}
	return out
}

func showLines(ls []secrets.Line) string {
	var b bytes.Buffer
	for _, l := range ls {
		fmt.Fprintf(&b, "%d:%q ", l.Number, l.Text)
	}
	return b.String()
}

func sameLines(a, b []secrets.Line) bool {
	return slices.EqualFunc(a, b, func(x, y secrets.Line) bool {
		return x.Number == y.Number && bytes.Equal(x.Text, y.Text)
	})
}

func TestAddedLinesAsCounted(t *testing.T) {
	cases := [][2]string{
		{"", ""},
		{"", "a\n"},
		{"a\n", ""},
		{"a\nb\n", "a\nb\n"},
		{"a\nb", "a\nb\nc\n"},
		{"a\nb\n", "a\nb"},
		{"a\r\nb\n", "a\nb\nb\n"},
		{"a\n", "a\na\n"},
		{"x\na\n", "a\ny\na\n"},
		{"a\nb\nc\n", "a\nB\nc\nd"},
		{"a\n\n\n", "a\n\n\n\n"},
		{"same start\nold\n", "same start\nold\r\n"},
		{"\r", "\r\n\r\n"},
	}
	// Random edits of a file of few distinct lines, so that lines repeat
	// and the order of matching matters.
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a", "b", "", "a\r", "key = 1", "c"}
	for range 2000 {
		var old, cur bytes.Buffer
		n := r.IntN(12)
		lines := make([]string, n)
		for i := range lines {
			lines[i] = words[r.IntN(len(words))]
			fmt.Fprintf(&old, "%s\n", lines[i])
		}
		for _, l := range lines {
			switch r.IntN(6) {
			case 0: // dropped
			case 1:
				fmt.Fprintf(&cur, "%s\n%s\n", words[r.IntN(len(words))], l)
			case 2:
				fmt.Fprintf(&cur, "%s edited\n", l)
			default:
				fmt.Fprintf(&cur, "%s\n", l)
			}
		}
		if r.IntN(2) == 0 {
			cur.WriteString(words[r.IntN(len(words))]) // no newline at the end
		}
		cases = append(cases, [2]string{old.String(), cur.String()})
	}
	for _, c := range cases {
		got, want := AddedLines([]byte(c[0]), []byte(c[1])), countedLines([]byte(c[0]), []byte(c[1]))
		if !sameLines(got, want) {
			t.Fatalf("AddedLines(%q, %q) = %s, want %s", c[0], c[1], showLines(got), showLines(want))
		}
	}
}

// editedFile is a 2,000-line file and the same with its middle line
// edited and a line appended, as a hand edit does.
func editedFile() (old, cur []byte) {
	var b bytes.Buffer
	for i := range 2000 {
		fmt.Fprintf(&b, "\tv%d := compute(ctx, %q, %d) // line %d\n", i, "name", i*7, i)
	}
	old = b.Bytes()
	lines := bytes.SplitAfter(slices.Clone(old), []byte{'\n'})
	lines[1000] = []byte("\tv1000 := compute(ctx, \"edited\", 7000)\n")
	cur = append(bytes.Join(lines, nil), "appended\n"...)
	return old, cur
}

func TestAddedLinesAllocations(t *testing.T) {
	old, cur := editedFile()
	if got := AddedLines(old, cur); len(got) != 2 || got[0].Number != 1001 || got[1].Number != 2001 {
		t.Fatalf("AddedLines = %s", showLines(got))
	}
	// A copy of old's changed part, the map and its counts, the result:
	// not an allocation per line.
	if n := testing.AllocsPerRun(20, func() { AddedLines(old, cur) }); n > 40 {
		t.Errorf("AddedLines on a 2,000-line file: %v allocations, want at most 40", n)
	}
}

func BenchmarkAddedLines(b *testing.B) {
	old, cur := editedFile()
	b.ReportAllocs()
	b.SetBytes(int64(len(old) + len(cur)))
	for b.Loop() {
		AddedLines(old, cur)
	}
}
