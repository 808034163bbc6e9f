package validate

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// nestingShapes are texts of about n bytes that nest block quotes and list
// items, with spaces and tabs, on one line and over the lines after it:
// each open container looks at the rest of every line, so these are where
// a reader's time grows faster than the text.
var nestingShapes = []struct {
	name string
	text func(n int) string
}{
	{"quote tab", func(n int) string { return strings.Repeat(">\t", n/2) + "x\n" }},
	{"quote space", func(n int) string { return strings.Repeat("> ", n/2) + "x\n" }},
	{"quote", func(n int) string { return strings.Repeat(">", n) + "x\n" }},
	{"quote two tabs", func(n int) string { return strings.Repeat(">\t\t", n/3) + "x\n" }},
	{"space quote tab", func(n int) string { return strings.Repeat(" >\t", n/3) + "x\n" }},
	{"quote tab space", func(n int) string { return strings.Repeat(">\t ", n/3) + "x\n" }},
	{"quote space tab", func(n int) string { return strings.Repeat("> \t", n/3) + "x\n" }},
	{"item tab", func(n int) string { return strings.Repeat("-\t", n/2) + "x\n" }},
	{"item two tabs", func(n int) string { return strings.Repeat("-\t\t", n/3) + "x\n" }},
	{"item space tab", func(n int) string { return strings.Repeat("- \t", n/3) + "x\n" }},
	{"ordered tab", func(n int) string { return strings.Repeat("1.\t", n/3) + "x\n" }},
	{"star tab break", func(n int) string { return strings.Repeat("*\t", n/2) + "*\t*\t*\n" }},
	{"quote item", func(n int) string { return strings.Repeat("> - ", n/4) + "x\n" }},
	{"quote tab item tab", func(n int) string { return strings.Repeat(">\t-\t", n/4) + "x\n" }},
	{"item tab quote tab", func(n int) string { return strings.Repeat("-\t>\t", n/4) + "x\n" }},
	{"mixed", func(n int) string { return strings.Repeat("- > 1. * >\t+\t", n/14) + "x\n" }},
	{"after a paragraph", func(n int) string { return "a\n" + strings.Repeat("- ", n/2) + "x\n" }},
	{"quote tab fence", func(n int) string { return strings.Repeat(">\t", n/2) + "```\n" }},
	{"quote tab heading", func(n int) string { return strings.Repeat(">\t", n/2) + "# h\n" }},
	{"quote tab html", func(n int) string { return strings.Repeat(">\t", n/2) + "<div>\n" }},
	{"quote tab trailing space", func(n int) string {
		return strings.Repeat(">\t", n/4) + "x" + strings.Repeat(" ", n/2) + "\n"
	}},
	{"two quote tab lines", func(n int) string { s := strings.Repeat(">\t", n/4); return s + "x\n" + s + "y\n" }},
	{"items, then spaces", func(n int) string {
		return strings.Repeat("- ", n/4) + "x\n" + strings.Repeat(" ", n/2) + "y\n"
	}},
	{"items, then tabs", func(n int) string {
		return strings.Repeat("-\t", n/4) + "x\n" + strings.Repeat("\t", n/4) + "y\n"
	}},
	{"items, then blank lines", func(n int) string {
		return strings.Repeat("- ", n/4) + "x\n" + strings.Repeat("\n", n/2) + "y\n"
	}},
	{"items, then blank lines to the end", func(n int) string {
		return strings.Repeat("- ", n/4) + "x\n" + strings.Repeat("\n", n/2)
	}},
	{"items, then white space lines", func(n int) string {
		return strings.Repeat("- ", n/4) + "x\n" + strings.Repeat(" \t\n", n/6)
	}},
	{"quoted items, then quote lines", func(n int) string {
		return "> " + strings.Repeat("- ", n/4) + "x\n" + strings.Repeat(">\n", n/4)
	}},
	{"items, then code", func(n int) string {
		return strings.Repeat("- ", n/4) + "x\n\n" + strings.Repeat(" ", n/2) + "    code\n"
	}},
	{"items, code, blank lines", func(n int) string {
		return strings.Repeat("- ", n/8) + "x\n\n" + strings.Repeat(" ", n/4) + "    code\n" + strings.Repeat("\n", n/2) + "z"
	}},
	{"empty items, then blank lines", func(n int) string {
		return strings.Repeat("- ", n/4) + "\n" + strings.Repeat("\n", n/2)
	}},
	{"items, fence, blank lines", func(n int) string {
		return strings.Repeat("- ", n/4) + "```\n" + strings.Repeat("\n", n/2)
	}},
	{"items, comment, blank lines", func(n int) string {
		return strings.Repeat("- ", n/4) + "<!--\n" + strings.Repeat("\n", n/2)
	}},
	{"items and quotes, then blank lines", func(n int) string {
		return strings.Repeat("- > ", n/8) + "x\n" + strings.Repeat("\n", n/2)
	}},
	{"items, then blank and tab lines", func(n int) string {
		return strings.Repeat("- ", n/4) + "x\n" + strings.Repeat("\n\t\n", n/6)
	}},
	{"setext in quotes", func(n int) string {
		return strings.Repeat("> ", n/4) + "x\n" + strings.Repeat("> ", n/4) + "===\n"
	}},
}

// TestMarkdownMatchesGoldmarkOnNestingShapes: the shapes, small enough for
// goldmark, whose time grows with the square of their nesting.
func TestMarkdownMatchesGoldmarkOnNestingShapes(t *testing.T) {
	for _, s := range nestingShapes {
		for _, n := range []int{1, 2, 3, 5, 8, 13, 40, 200, 3000} {
			if !checkSame(t, fmt.Sprintf("%s (%d bytes)", s.name, n), []byte(s.text(n))) {
				break
			}
		}
	}
}

// TestMarkdownMatchesGoldmarkOnNestedLines: lines of nested containers of
// every kind, with spaces and tabs between them, followed by lines that go
// on, end or lazily continue them (blank, white space, quote markers).
func TestMarkdownMatchesGoldmarkOnNestedLines(t *testing.T) {
	atoms := []string{">", "> ", ">\t", " >", "-", "- ", "-\t", "*\t", "+ ", "1.", "1. ", "2)\t", " ", "  ",
		"\t", "\t\t", "-  ", "-     "}
	bodies := []string{"x", "", "# h", "```", "~~~ i", "<div>", "<!--", "***", "- - -", "===", "---",
		"    code", "\tcode", "[a]: b", "1. y"}
	follow := []string{"\n", "\n\n\n", " \n", "\t\n", "  \t \n", ">\n", "> \n", ">\t\n", "y\n", "  y\n",
		"\ty\n", "\t\ty\n", "> y\n", "    y\n", "```\n", "-->\n", "</div>\n", "- z\n", "> - z\n"}
	rng := rand.New(rand.NewSource(29))
	n := testtier.Pick(1000, 6000)
	line := func(b *strings.Builder) {
		for d := rng.Intn(24); d > 0; d-- {
			b.WriteString(atoms[rng.Intn(len(atoms))])
		}
		b.WriteString(bodies[rng.Intn(len(bodies))])
		b.WriteString("\n")
	}
	failed := 0
	for i := 0; i < n && failed < 5; i++ {
		var b strings.Builder
		line(&b)
		for k := rng.Intn(8); k > 0; k-- {
			if rng.Intn(4) == 0 {
				line(&b)
				continue
			}
			for r := 1 + rng.Intn(3); r > 0; r-- {
				b.WriteString(follow[rng.Intn(len(follow))])
			}
		}
		src := b.String()
		if rng.Intn(3) == 0 {
			src = strings.TrimSuffix(src, "\n")
		}
		if !checkSame(t, fmt.Sprintf("nested lines %d", i), []byte(src)) {
			failed++
		}
	}
}

// TestMarkdownNestingInLinearTime: every shape is read with work linear
// in its length. What is compared is not a time, which a loaded machine
// stretches, but what the reader allocates at two sizes, one 8 times the
// other: the same on every run, about 8 times as much for a reader whose
// work grows with the text, about 64 times for one that, at each open
// container, copies or rebuilds the rest of the line. A reader that only
// scans the rest of the line once per container allocates nothing for it;
// that one takes minutes on each shape, and is stopped by the guard
// against a hang (a linear reader takes well under a second on the three
// reads of a shape, whatever the load). BenchmarkMarkdownNesting times the
// shapes.
func TestMarkdownNestingInLinearTime(t *testing.T) {
	small := 1 << 17
	if raceEnabled {
		small = 1 << 15
	}
	for _, s := range nestingShapes {
		src, large := []byte(s.text(small)), []byte(s.text(8*small))
		heapcost.Finishes(t, "reading "+s.name, func() {
			heapcost.CheckLinear(t, s.name, func() { ParseMarkdown(src) }, func() { ParseMarkdown(large) })
		})
	}
}

// BenchmarkMarkdownNesting reads each shape at 1 MiB.
func BenchmarkMarkdownNesting(b *testing.B) {
	for _, s := range nestingShapes {
		src := []byte(s.text(1 << 20))
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				ParseMarkdown(src)
			}
		})
	}
}
