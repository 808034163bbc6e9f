package validate

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

var dialects = []Dialect{CommonMark, CustodianLines, CustodianLexing, CustodianBullets}

// dialectView is what a dialect reads in a file: its lines, which of them
// are hidden, and the first lexing problem.
type dialectView struct {
	lines       []string
	hidden      []int
	problem     string
	problemLine int
}

func readAs(src string, d Dialect) dialectView {
	var lines []string
	var lx Lexed
	if d == CommonMark {
		md := ParseMarkdown([]byte(src))
		lines, lx = md.Lines(), *md.Lexed()
	} else {
		lines = ReadText([]byte(src), d).Lines()
		lx = Lex(lines, d)
	}
	v := dialectView{lines: lines, problem: lx.Problem, problemLine: lx.ProblemLine}
	for l := 1; l <= lx.Len(); l++ {
		if lx.Hidden(l) {
			v.hidden = append(v.hidden, l)
		}
	}
	return v
}

// commentForm is which comments agreedDoc writes.
type commentForm int

const (
	noComments commentForm = iota // CustodianBullets knows none
	oneLineComments
	multiLineComments // CommonMark does not flag their last line
)

// agreedDoc generates a document on which the dialects agree by
// definition: LF line endings, fences of ``` or ~~~ at column 0 closed by
// the same fence, the comments of form c, whole-line ones that hold no
// fence, and no indented lines outside fences and comments.
func agreedDoc(rng *rand.Rand, c commentForm) string {
	prose := []string{"plain text", "## Heading", "# Title", "- bullet item", "* star item",
		"1. numbered", "", "text with `code` and <!-- inline --> note", "Decision: keep it", "a --> b"}
	if c == noComments {
		prose[7] = "text with `code` note"
	}
	inFence := []string{"code line", "<!-- not a comment", "-->", "## not a heading", "", "- not a bullet",
		"    indented in a fence", "\ttab in a fence", "```go", "~~~~"}
	inComment := []string{"hidden text", "## hidden heading", "", "- hidden bullet", "    indented", "<!-- again"}
	var b strings.Builder
	for k := 1 + rng.Intn(12); k > 0; k-- {
		switch rng.Intn(4) {
		case 0:
			fence := []string{"```", "~~~"}[rng.Intn(2)]
			b.WriteString(fence + []string{"", "go", " text"}[rng.Intn(3)] + "\n")
			for n := rng.Intn(4); n > 0; n-- {
				line := inFence[rng.Intn(len(inFence))]
				if strings.HasPrefix(line, fence) {
					line = "x" + line
				}
				b.WriteString(line + "\n")
			}
			b.WriteString(fence + "\n")
		case 1:
			if c == noComments {
				b.WriteString(prose[rng.Intn(len(prose))] + "\n")
				continue
			}
			if c == oneLineComments || rng.Intn(2) == 0 {
				b.WriteString([]string{"<!-- one line -->", "<!---->", "<!-- a -->  "}[rng.Intn(3)] + "\n")
				continue
			}
			b.WriteString("<!--\n")
			for n := rng.Intn(4); n > 0; n-- {
				b.WriteString(inComment[rng.Intn(len(inComment))] + "\n")
			}
			b.WriteString([]string{"-->", "end -->"}[rng.Intn(2)] + "\n")
		default:
			b.WriteString(prose[rng.Intn(len(prose))] + "\n")
		}
	}
	return b.String()
}

// TestDialectsAgree checks that where the dialects agree by definition,
// every one reads the same lines and hides the same ones: all four on
// documents without comments, all but CustodianBullets on documents with
// one-line comments, CustodianLines and CustodianLexing on documents with
// comments over several lines too.
func TestDialectsAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	agree := map[commentForm][]Dialect{
		noComments:        dialects,
		oneLineComments:   {CommonMark, CustodianLines, CustodianLexing},
		multiLineComments: {CustodianLines, CustodianLexing},
	}
	for _, c := range []commentForm{noComments, oneLineComments, multiLineComments} {
		hidden := 0
		for n := 0; n < 3000; n++ {
			src := agreedDoc(rng, c)
			if src == "\n" {
				continue // one blank line: Python's reading of it, see TestReadText
			}
			ds := agree[c]
			want := readAs(src, ds[0])
			hidden += len(want.hidden)
			for _, d := range ds[1:] {
				if got := readAs(src, d); !reflect.DeepEqual(got, want) {
					t.Fatalf("%q:\n%v reads %+v\n%v reads %+v", src, d, got, ds[0], want)
				}
			}
		}
		if hidden == 0 {
			t.Fatal("the generated documents hide no line")
		}
	}
}

// dialectDifferences are the documented differences between the dialects,
// one example each (doc.go lists them; README.md, "Layout", too). Each row
// gives what every dialect reads; the test also checks that they do differ.
var dialectDifferences = []struct {
	name string
	src  string
	want map[Dialect]dialectView
}{
	{"a byte order mark is dropped by CommonMark, kept as U+FEFF by Python", "\ufeffa\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"a"}},
		CustodianLines:   {lines: []string{"\ufeffa"}},
		CustodianLexing:  {lines: []string{"\ufeffa"}},
		CustodianBullets: {lines: []string{"\ufeffa"}},
	}},
	{"a lone CR ends a line only for Python", "a\rb\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"a\rb"}},
		CustodianLines:   {lines: []string{"a", "b"}},
		CustodianLexing:  {lines: []string{"a", "b"}},
		CustodianBullets: {lines: []string{"a", "b"}},
	}},
	{"str.splitlines also ends lines at VT, FF, U+001C-U+001E, U+0085, U+2028, U+2029", "a\u2028b\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"a\u2028b"}},
		CustodianLines:   {lines: []string{"a", "b"}},
		CustodianLexing:  {lines: []string{"a", "b"}},
		CustodianBullets: {lines: []string{"a", "b"}},
	}},
	{"indented code: CommonMark not after a paragraph, the 0.7+ lexing always, the 0.9.1 CLI never", "para\n    more\n\n    code\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"para", "    more", "", "    code"}, hidden: []int{4}},
		CustodianLines:   {lines: []string{"para", "    more", "", "    code"}},
		CustodianLexing:  {lines: []string{"para", "    more", "", "    code"}, hidden: []int{2, 4}},
		CustodianBullets: {lines: []string{"para", "    more", "", "    code"}},
	}},
	{"a closing fence followed by white space closes except for the 0.9.1 CLI", "```\nx\n``` \nafter\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"```", "x", "``` ", "after"}, hidden: []int{1, 2, 3}},
		CustodianLines:   {lines: []string{"```", "x", "``` ", "after"}, hidden: []int{1, 2, 3, 4}},
		CustodianLexing:  {lines: []string{"```", "x", "``` ", "after"}, hidden: []int{1, 2, 3}},
		CustodianBullets: {lines: []string{"```", "x", "``` ", "after"}, hidden: []int{1, 2, 3}},
	}},
	{"a backtick in a backtick fence's info string: no fence, an error, a fence", "``` a`b\nx\n```\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"``` a`b", "x", "```"}, hidden: []int{3}},
		CustodianLines:   {lines: []string{"``` a`b", "x", "```"}, hidden: []int{1, 2, 3}},
		CustodianLexing:  {lines: []string{"``` a`b", "x", "```"}, hidden: []int{1, 2, 3}, problem: "fence info string must not contain backticks", problemLine: 1},
		CustodianBullets: {lines: []string{"``` a`b", "x", "```"}, hidden: []int{1, 2, 3}},
	}},
	{"an unclosed fence is an error only for the 0.7+ lexing", "a\n```\nx\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"a", "```", "x"}, hidden: []int{2, 3}},
		CustodianLines:   {lines: []string{"a", "```", "x"}, hidden: []int{2, 3}},
		CustodianLexing:  {lines: []string{"a", "```", "x"}, hidden: []int{2, 3}, problem: "Unclosed fenced code block", problemLine: 2},
		CustodianBullets: {lines: []string{"a", "```", "x"}, hidden: []int{2, 3}},
	}},
	{"an unclosed comment is an error only for the 0.7+ lexing", "a\n<!--\nx\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"a", "<!--", "x"}, hidden: []int{2, 3}},
		CustodianLines:   {lines: []string{"a", "<!--", "x"}, hidden: []int{2, 3}},
		CustodianLexing:  {lines: []string{"a", "<!--", "x"}, hidden: []int{2, 3}, problem: "Unclosed HTML comment", problemLine: 2},
		CustodianBullets: {lines: []string{"a", "<!--", "x"}},
	}},
	{"text after a comment's close is an error only for the 0.7+ lexing", "a\n<!-- x --> y\n<!--\nz\n--> w\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"a", "<!-- x --> y", "<!--", "z", "--> w"}, hidden: []int{2, 3, 4}},
		CustodianLines:   {lines: []string{"a", "<!-- x --> y", "<!--", "z", "--> w"}, hidden: []int{2, 3, 4, 5}},
		CustodianLexing:  {lines: []string{"a", "<!-- x --> y", "<!--", "z", "--> w"}, hidden: []int{2, 3, 4, 5}, problem: "HTML comments must occupy complete lines", problemLine: 2},
		CustodianBullets: {lines: []string{"a", "<!-- x --> y", "<!--", "z", "--> w"}},
	}},
	{"text after a multi-line comment's close is an error only for the 0.7+ lexing", "<!--\nz\n--> w\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"<!--", "z", "--> w"}, hidden: []int{1, 2}},
		CustodianLines:   {lines: []string{"<!--", "z", "--> w"}, hidden: []int{1, 2, 3}},
		CustodianLexing:  {lines: []string{"<!--", "z", "--> w"}, hidden: []int{1, 2, 3}, problem: "HTML comment closing lines must contain no other content", problemLine: 3},
		CustodianBullets: {lines: []string{"<!--", "z", "--> w"}},
	}},
	{"the 0.9.1 CLI opens a comment after any indentation", "    <!-- x\ny -->\nz\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"    <!-- x", "y -->", "z"}, hidden: []int{1}},
		CustodianLines:   {lines: []string{"    <!-- x", "y -->", "z"}, hidden: []int{1, 2}},
		CustodianLexing:  {lines: []string{"    <!-- x", "y -->", "z"}, hidden: []int{1}},
		CustodianBullets: {lines: []string{"    <!-- x", "y -->", "z"}},
	}},
	{"only CommonMark knows HTML blocks other than comments", "<div>\nx\n</div>\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"<div>", "x", "</div>"}, hidden: []int{1, 2, 3}},
		CustodianLines:   {lines: []string{"<div>", "x", "</div>"}},
		CustodianLexing:  {lines: []string{"<div>", "x", "</div>"}},
		CustodianBullets: {lines: []string{"<div>", "x", "</div>"}},
	}},
	{"only CommonMark reads fences inside list items and block quotes", "- ```\n  x\n  ```\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"- ```", "  x", "  ```"}, hidden: []int{1, 2, 3}},
		CustodianLines:   {lines: []string{"- ```", "  x", "  ```"}, hidden: []int{3}},
		CustodianLexing:  {lines: []string{"- ```", "  x", "  ```"}, hidden: []int{3}, problem: "Unclosed fenced code block", problemLine: 3},
		CustodianBullets: {lines: []string{"- ```", "  x", "  ```"}},
	}},
	{"CommonMark, read as goldmark reads it, does not flag the line that ends a multi-line HTML block", "<!--\nx\n-->\nz\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"<!--", "x", "-->", "z"}, hidden: []int{1, 2}},
		CustodianLines:   {lines: []string{"<!--", "x", "-->", "z"}, hidden: []int{1, 2, 3}},
		CustodianLexing:  {lines: []string{"<!--", "x", "-->", "z"}, hidden: []int{1, 2, 3}},
		CustodianBullets: {lines: []string{"<!--", "x", "-->", "z"}},
	}},
	{"the 0.9.1 CLI reads fences before comments, so a fence in a comment counts", "<!--\n```\n-->\n```\nlast\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"<!--", "```", "-->", "```", "last"}, hidden: []int{1, 2, 4, 5}},
		CustodianLines:   {lines: []string{"<!--", "```", "-->", "```", "last"}, hidden: []int{1, 2, 3, 4, 5}},
		CustodianLexing:  {lines: []string{"<!--", "```", "-->", "```", "last"}, hidden: []int{1, 2, 3, 4, 5}, problem: "Unclosed fenced code block", problemLine: 4},
		CustodianBullets: {lines: []string{"<!--", "```", "-->", "```", "last"}, hidden: []int{2, 3, 4}},
	}},
	{"the 0.9.1 CLI's bullet units know a fence by its first three characters: ``` closes ````", "````\n- a\n```\n- b\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"````", "- a", "```", "- b"}, hidden: []int{1, 2, 3, 4}},
		CustodianLines:   {lines: []string{"````", "- a", "```", "- b"}, hidden: []int{1, 2, 3, 4}},
		CustodianLexing:  {lines: []string{"````", "- a", "```", "- b"}, hidden: []int{1, 2, 3, 4}, problem: "Unclosed fenced code block", problemLine: 1},
		CustodianBullets: {lines: []string{"````", "- a", "```", "- b"}, hidden: []int{1, 2, 3}},
	}},
	{"the 0.9.1 CLI's bullet units close a fence by a line with an info string", "```\nx\n```python\n- y\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{"```", "x", "```python", "- y"}, hidden: []int{1, 2, 3, 4}},
		CustodianLines:   {lines: []string{"```", "x", "```python", "- y"}, hidden: []int{1, 2, 3, 4}},
		CustodianLexing:  {lines: []string{"```", "x", "```python", "- y"}, hidden: []int{1, 2, 3, 4}, problem: "Unclosed fenced code block", problemLine: 1},
		CustodianBullets: {lines: []string{"```", "x", "```python", "- y"}, hidden: []int{1, 2, 3}},
	}},
	{"the 0.9.1 CLI's bullet units open a fence at column 0 only", " ```\n- x\n```\n", map[Dialect]dialectView{
		CommonMark:       {lines: []string{" ```", "- x", "```"}, hidden: []int{1, 2, 3}},
		CustodianLines:   {lines: []string{" ```", "- x", "```"}, hidden: []int{1, 2, 3}},
		CustodianLexing:  {lines: []string{" ```", "- x", "```"}, hidden: []int{1, 2, 3}},
		CustodianBullets: {lines: []string{" ```", "- x", "```"}, hidden: []int{3}},
	}},
}

// TestDialectDifferences keeps the documented differences: each example
// reads as its row says, and not every dialect reads it alike.
func TestDialectDifferences(t *testing.T) {
	for _, c := range dialectDifferences {
		seen := map[string]bool{}
		for _, d := range dialects {
			got := readAs(c.src, d)
			if want := c.want[d]; !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %v reads %q as %+v, want %+v", c.name, d, c.src, got, want)
			}
			seen[fmt.Sprintf("%+v", got)] = true
		}
		if len(seen) < 2 {
			t.Errorf("%s: every dialect reads %q alike; the difference is gone", c.name, c.src)
		}
	}
}
