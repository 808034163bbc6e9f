package validate

import (
	"fmt"
	"math/rand"
	"runtime"
	"strings"
	"testing"
	"time"
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
	n := 6000
	if testing.Short() {
		n = 1000
	}
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

// TestMarkdownNestingInLinearTime: every shape is read in time linear in
// its length. Timings on a shared machine are noisy, so what is asserted
// is mostly the ratio of two sizes (a reader whose time grows with the
// square of the text takes about 100 times longer on ten times the text),
// plus a generous bound on the larger one; a shape that fails is timed
// again, twice, keeping the shortest times, before the test fails (a slow
// reader fails every time). The smaller size counts as at least 5 ms: below
// that, it fits in the processor's caches and needs no garbage collection,
// which the larger one does.
func TestMarkdownNestingInLinearTime(t *testing.T) {
	small, large, limit := 100_000, 1<<20, 4*time.Second
	if raceEnabled {
		small, large, limit = 25_000, 1<<18, 20*time.Second
	}
	bound := 6 * float64(large) / float64(small)
	for _, s := range nestingShapes {
		ts, tl := time.Duration(1<<63-1), time.Duration(1<<63-1)
		ok := false
		for try := 0; try < 3 && !ok; try++ {
			ts, tl = min(ts, readTime(s.text(small), 3)), min(tl, readTime(s.text(large), 1))
			t.Logf("%-36s %7d bytes %10v, %7d bytes %10v: x%.1f", s.name, small, ts, large, tl, float64(tl)/float64(ts))
			ok = float64(tl) <= bound*float64(max(ts, 5*time.Millisecond)) && tl <= limit
		}
		if !ok {
			t.Errorf("%s: %d bytes read in %v, %d bytes in %v (at most %.0f times as long and %v allowed)",
				s.name, small, ts, large, tl, bound, limit)
		}
	}
}

// readTime is the shortest of runs times reading src.
func readTime(src string, runs int) time.Duration {
	b := []byte(src)
	best := time.Duration(1<<63 - 1)
	for ; runs > 0; runs-- {
		runtime.GC()
		start := time.Now()
		ParseMarkdown(b)
		best = min(best, time.Since(start))
	}
	return best
}
