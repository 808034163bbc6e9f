package validate

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// mdDiff describes how the block structure our reader finds in src differs
// from goldmark's, or returns "".
func mdDiff(src []byte) string {
	got, want := ParseMarkdown(src), parseMarkdownGoldmark(src)
	var b strings.Builder
	if !reflect.DeepEqual(got.headings, want.headings) {
		fmt.Fprintf(&b, "headings:\n got  %+v\n want %+v\n", got.headings, want.headings)
	}
	if !reflect.DeepEqual(got.fences, want.fences) {
		fmt.Fprintf(&b, "fences:\n got  %+v\n want %+v\n", got.fences, want.fences)
	}
	for _, c := range []struct {
		name      string
		got, want []bool
	}{{"code", got.lex.Mask(Fenced | Indented), want.lex.Mask(Fenced | Indented)},
		{"html", got.lex.Mask(HTMLBlock), want.lex.Mask(HTMLBlock)}} {
		for i := range c.want {
			if c.got[i] != c.want[i] {
				fmt.Fprintf(&b, "%s line %d: got %v, want %v\n", c.name, i+1, c.got[i], c.want[i])
			}
		}
	}
	return b.String()
}

func checkSame(t *testing.T, name string, src []byte) bool {
	t.Helper()
	if d := mdDiff(src); d != "" {
		t.Errorf("%s: block structure differs from goldmark's\ninput %q\n%s", name, src, d)
		return false
	}
	return true
}

// TestMarkdownMatchesGoldmarkOnFixtures: every Markdown file of the
// repository and of the shared reference material.
func TestMarkdownMatchesGoldmarkOnFixtures(t *testing.T) {
	n := 0
	walk := func(root string, required bool) {
		if _, err := os.Stat(root); err != nil {
			if required {
				t.Fatalf("%s: %v", root, err)
			}
			t.Logf("%s is absent: its files are not compared", root)
			return
		}
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			n++
			checkSame(t, path, src)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	walk(filepath.Join("remnant", "testdata"), true)
	walk(filepath.Join("custodian", "testdata"), true)
	walk(filepath.Join("..", "README.md"), true)
	walk(filepath.Join("..", "CONTRIBUTING.md"), true)
	walk(filepath.Join("..", "docs"), true)
	walk(filepath.Join("..", "BENCHMARKS.md"), true)
	walk(filepath.Join("..", "..", "shared", "spec"), false)
	if n < 100 {
		t.Fatalf("only %d files compared", n)
	}
}

// TestMarkdownMatchesGoldmarkOnSpec: the examples of the CommonMark
// specification goldmark ships with its tests.
func TestMarkdownMatchesGoldmarkOnSpec(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/yuin/goldmark").Output()
	if err != nil {
		t.Skipf("the goldmark module directory is not known (go list: %v): spec examples not compared", err)
	}
	data, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "_test", "spec.json"))
	if err != nil {
		t.Skipf("goldmark's spec.json is absent (%v): spec examples not compared", err)
	}
	var examples []struct {
		Markdown string `json:"markdown"`
		Example  int    `json:"example"`
	}
	if err := json.Unmarshal(data, &examples); err != nil {
		t.Fatal(err)
	}
	for _, e := range examples {
		src := e.Markdown
		checkSame(t, fmt.Sprintf("spec example %d", e.Example), []byte(src))
		checkSame(t, fmt.Sprintf("spec example %d in a quote", e.Example), []byte(prefixLines(src, "> ")))
		checkSame(t, fmt.Sprintf("spec example %d in a list", e.Example), []byte("- "+prefixLines(src, "  ")[2:]))
	}
	if len(examples) < 500 {
		t.Fatalf("only %d spec examples", len(examples))
	}
}

func prefixLines(s, p string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = p + l
		}
	}
	return strings.Join(lines, "")
}

// TestMarkdownMatchesGoldmarkOnGenerated: documents mixing every block
// kind, containers, tabs and odd indentation.
func TestMarkdownMatchesGoldmarkOnGenerated(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	n := testtier.Pick(1000, 6000)
	failed := 0
	for i := 0; i < n && failed < 5; i++ {
		src := genMarkdown(rng)
		if !checkSame(t, fmt.Sprintf("generated document %d", i), []byte(src)) {
			failed++
		}
		if !checkSame(t, fmt.Sprintf("generated fragments %d", i), []byte(genFragments(rng))) {
			failed++
		}
	}
}

var genAtoms = []string{" ", "  ", "\t", "    ", ">", "> ", "-", "- ", "*", "+", "1.", "2)", "#", "# ",
	"=", "```", "~~~", "`", "<", "</", "div", "a", "pre>", "<!--", "-->", "\\", "x", "\n", "\n",
	"\n", "\n\n", "<div>", "</div>", "<a b=c>", "ſ", "\r", "[a]: b", "---", "***", "__", "<?", "?>",
	"<!A", "]]>", "<![CDATA["}

// genFragments glues markers, indentation and line ends at random, so that
// they meet in every order, in the middle of lines too.
func genFragments(rng *rand.Rand) string {
	var b strings.Builder
	for k := 1 + rng.Intn(30); k > 0; k-- {
		b.WriteString(genAtoms[rng.Intn(len(genAtoms))])
	}
	return b.String()
}

var genPrefixes = []string{"", "", "", " ", "  ", "   ", "    ", "\t", " \t", "  \t", "> ", ">", ">\t",
	"> > ", "- ", "-\t", "* ", "+ ", "1. ", "2) ", "10. ", "  - ", "   > ", "-  ", "- > ", "> - ",
	"1.  ", "-    ", "-     ", "    - ", ">  ", ">     "}

var genBodies = []string{"", "", "text", "more text", "# Heading", "## Sub \\# x ##", "###### six",
	"####### seven", "#", "#\t#", "# ###", "#hash", "===", "---", "- - -", "***", "___", "* * *",
	"```", "```go", "``` info `x`", "~~~", "~~~~ tilde", "````", "```\t", "<div>", "</div>",
	"<!-- comment", "-->", "<!-- one -->", "<?php", "?>", "<!DOCTYPE html>", "<![CDATA[", "]]>",
	"<script>", "</script>", "<pre class=x>", "</pre>", "<style>", "<textarea>", "<a href=\"x\">",
	"<span>", "</a>", "<custom-tag attr='v' />", "<DIV CLASS=\"a\">", "<table><tr>", "<p>",
	"[ref]: /url", "[ref]: /url \"title\"", "\\# escaped", "a\\*b", "\t\tcode", "  two", "x\r",
	"- item", "1. one", "2. two", "> quote", "Setext", "=", "-", "--", "- ", "1.", "*", "  ",
	"\t", "    indented", "`code`", "ü ünï", "**bold**", "<br>", "<br/>", "</br >", "<ſcript>",
	"-\tx", "> ```", "a  ", "\\", "#\\#", "# a #b", "# a \\#", "- # h", "> # h", "1) x", "99999999999. n"}

func genMarkdown(rng *rand.Rand) string {
	var b strings.Builder
	lines := 1 + rng.Intn(14)
	for i := 0; i < lines; i++ {
		for d := rng.Intn(3); d > 0; d-- {
			b.WriteString(genPrefixes[rng.Intn(len(genPrefixes))])
		}
		b.WriteString(genBodies[rng.Intn(len(genBodies))])
		switch rng.Intn(12) {
		case 0:
			b.WriteString("\r\n")
		case 1:
			b.WriteString(" \t")
			b.WriteString("\n")
		case 2:
			if i == lines-1 {
				continue
			}
			b.WriteString("\n")
		default:
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestMarkdownMatchesGoldmarkOnTrickyCases: hand-picked corners of the
// block grammar.
func TestMarkdownMatchesGoldmarkOnTrickyCases(t *testing.T) {
	for i, src := range mdTricky {
		checkSame(t, fmt.Sprintf("tricky case %d", i), []byte(src))
	}
}

var mdTricky = []string{
	"", "\n", "#", "# ", "#\n", "# #", "# foo #\n", "#  foo  ##  \n", "\t# foo", "   # foo", "    # foo",
	"foo\n===\nbar\n---\n", "foo\nbar\n===\n", "> foo\n===\n", "> foo\n> ===\n", "- foo\n---\n",
	"- foo\n  ---\n", "foo\n    ===\n", "foo\n= =\n", "[foo]: /url\n===\n", "\\# not\n",
	"```\ncode\n```\n", "```\ncode\n", "> ```\n> a\n```\n", "- ```\n  a\n- b\n", "``` ```\n",
	"~~~ a`b\nx\n~~~\n", "````\n```\n````\n", "```\n   ```\n", "```\n    ```\n", "  ```\n  a\n b\nc\n```",
	"\t```\n", "-\t```\n\tx\n", ">\t```\n>\t\tx\n", "    code\n\n\n    more\n\n", "foo\n    bar\n",
	"    a\n  b\n", "\tcode\n", "-\tfoo\n\n\tbar\n", "- a\n - b\n  - c\n   - d\n    - e\n",
	"1. a\n\n   b\n2. c\n", "- a\n\n\n- b\n", "-\n  foo\n", "-\n\n  foo\n", "- \n- b\n",
	"* a\n* * *\n* b\n", "- a\n- - -\n", "10) x\n11) y\n", "1. a\n1) b\n", "foo\n2. bar\n", "foo\n1. bar\n",
	"foo\n- \n", "> a\nb\n> c\n", "> a\n    b\n", "> - a\nb\n", "- > a\nb\n", ">>> deep\n",
	"<div>\n*x*\n\n</div>\n", "<!-- a\nb -->\nc\n", "<!-- a -->\n# h\n", "<script>\nx\n</script>\n# h\n",
	"<pre>\n\n# h\n</pre>\n", "<a>\n# h\n", "foo\n<a>\n", "foo\n<div>\n", "<?x\n?>\n# h\n",
	"<!X\n>\n", "<![CDATA[\n]]>\n", "</a b=c>\n", "</ a>\n", "<a\tb>\n", "<A B='c' d=\"e\" f=g>\n",
	"- <div>\n  x\n\n  # h\n", "> <!--\n> x\n-->\n", "a\r\n===\r\n", "# a\r\n", "```\r\nx\r\n```\r\n",
	"a\rb\n# c\r", "\ufeff# bom\n", "# ü\\-x\n", " -\tfoo\n", "1.\tfoo\n", "-   \tfoo\n",
	"  >\tfoo\n", "- \t\tx\n", "*\t*\t*\n", "- a\n\t- b\n\t\t- c\n", "123456789. x\n", "1234567890. x\n",
	"         123456789. a\n     b\n", "- a\n  > b\n  ```\n  c\n", "    - a\n", "  - a\n    b\n   c\n",
	"- - - x\n", "- - - -\n", "- * - * x\n", "* * * x\n", "- - -\n- - x\n", "  - - - x\n", "- -  -   x\n",
	"-\t-\t- x\n", "> - - - x\n", "- - _ _ _\n", "- - - *\n", "_ _ _ x\n", "- - - - -\n- - - - x\n",
}

// TestMarkdownMatchesGoldmarkOnBreakRuns: lines of list markers, quote
// markers and thematic break marks, where a thematic break test that failed
// once on a line is not repeated.
func TestMarkdownMatchesGoldmarkOnBreakRuns(t *testing.T) {
	parts := []string{"- ", "* ", "_ ", "-", "*", "_", "\t", " ", "x", "> ", "1. ", "+ ", "\n"}
	rng := rand.New(rand.NewSource(5))
	for n := 0; n < 4000; n++ {
		var b strings.Builder
		for k := 1 + rng.Intn(16); k > 0; k-- {
			b.WriteString(parts[rng.Intn(len(parts))])
		}
		if !checkSame(t, "break run", []byte(b.String())) {
			return
		}
	}
}

// TestMarkdownNestedItemsInLinearTime: a line of nested list items is read
// without testing the rest of the line for a thematic break once per item.
// No time is compared. Testing once per item allocates nothing, so what
// catches it is the guard against a hang: 200000 items are read in well
// under a second, but in minutes when each one scans the rest of the line,
// far past the guard's minute whatever the load of the machine. What the
// reader allocates on 25000 and on 200000 items (about 8 times as much)
// catches a reader that copies the rest of the line per item instead.
// BenchmarkMarkdownNestedItems times it.
func TestMarkdownNestedItemsInLinearTime(t *testing.T) {
	for _, p := range []string{"- ", "* ", "- > ", "1. "} {
		small, large := []byte(strings.Repeat(p, 25000)+"x\n"), []byte(strings.Repeat(p, 200000)+"x\n")
		var md *Markdown
		heapcost.Finishes(t, fmt.Sprintf("reading %q repeated 200000 times", p), func() { md = ParseMarkdown(large) })
		if len(md.Lines()) != 1 {
			t.Errorf("%q: %d lines", p, len(md.Lines()))
		}
		heapcost.CheckLinear(t, fmt.Sprintf("%q repeated", p), func() { ParseMarkdown(small) }, func() { ParseMarkdown(large) })
	}
}

// BenchmarkMarkdownNestedItems reads a line of 200000 nested list items.
func BenchmarkMarkdownNestedItems(b *testing.B) {
	for _, p := range []string{"- ", "* ", "- > ", "1. "} {
		src := []byte(strings.Repeat(p, 200000) + "x\n")
		b.Run(p, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				ParseMarkdown(src)
			}
		})
	}
}

// TestBinaryDoesNotLinkGoldmark: goldmark is the tests' reference only; the
// program does not pay for its package initialisation at start.
func TestBinaryDoesNotLinkGoldmark(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/remnant-guard/remnant-guard/cmd/remnant-guard").Output()
	if err != nil {
		t.Skipf("go list -deps failed (%v): the binary's imports are not checked", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 20 {
		t.Fatalf("go list -deps gave only %d packages", len(deps))
	}
	for _, d := range deps {
		if strings.Contains(d, "goldmark") {
			t.Errorf("the binary imports %s", d)
		}
	}
}
