package validate

import (
	"reflect"
	"strings"
	"testing"
)

// lexCase is a file and what one dialect's lexer must find in it.
type lexCase struct {
	src         string
	flags       []LineFlags // one per line
	problem     string
	problemLine int
}

func checkLex(t *testing.T, d Dialect, cases []lexCase) {
	t.Helper()
	for _, c := range cases {
		lx := Lex(SplitLines(c.src, d), d)
		if d == CommonMark {
			lx = *ParseMarkdown([]byte(c.src)).Lexed()
		}
		got := make([]LineFlags, lx.Len())
		for l := range got {
			got[l] = lx.Flags(l + 1)
		}
		if !reflect.DeepEqual(got, c.flags) || lx.Problem != c.problem || lx.ProblemLine != c.problemLine {
			t.Errorf("%v %q: flags %v, problem %q on line %d; want %v, %q on line %d",
				d, c.src, got, lx.Problem, lx.ProblemLine, c.flags, c.problem, c.problemLine)
		}
	}
}

const (
	F = Fenced
	I = Indented
	C = Comment
	H = HTMLBlock
)

func TestLexCustodianLexing(t *testing.T) {
	checkLex(t, CustodianLexing, []lexCase{
		{src: "a\n```go\n## x\n```\nb", flags: []LineFlags{0, F, F, F, 0}},
		{src: "   ~~~~\nx\n~~~\n ~~~~~ \t\n", flags: []LineFlags{F, F, F, F}},
		{src: "    ```\n\tcode\nb", flags: []LineFlags{I, I, 0}},
		{src: "<!-- a -->\nb\n  <!--\nc\n-->", flags: []LineFlags{C, 0, C, C, C}},
		{src: "<!--\n```\n-->\nb", flags: []LineFlags{C, C, C, 0}},
		{src: "a\n```\nb\n", flags: []LineFlags{0, F, F}, problem: "Unclosed fenced code block", problemLine: 2},
		{src: "a\n<!--\nb\n", flags: []LineFlags{0, C, C}, problem: "Unclosed HTML comment", problemLine: 2},
		{src: "``` a`b\nc\n```\n", flags: []LineFlags{F, F, F}, problem: "fence info string must not contain backticks", problemLine: 1},
		{src: "~~~ a`b\nc\n~~~\n", flags: []LineFlags{F, F, F}},
		{src: "``\nx <!-- y -->\n", flags: []LineFlags{0, 0}},
	})
}

func TestLexCustodianLines(t *testing.T) {
	checkLex(t, CustodianLines, []lexCase{
		{src: "a\n```go\n## x\n```\nb", flags: []LineFlags{0, F, F, F, 0}},
		{src: "```\nx\n``` \nb\n", flags: []LineFlags{F, F, F, F}},
		{src: "    ```\n\tcode\nb", flags: []LineFlags{0, 0, 0}},
		{src: "<!-- a -->\nb\n\t<!--\nc\n-->", flags: []LineFlags{C, 0, C, C, C}},
		{src: "<!--\n```\n-->\n```\nb", flags: []LineFlags{C, F, F, F, C}},
		{src: "a\n```\nb\n", flags: []LineFlags{0, F, F}},
		{src: "``` a`b\nc\n```\n", flags: []LineFlags{F, F, F}},
	})
}

func TestLexCustodianBullets(t *testing.T) {
	checkLex(t, CustodianBullets, []lexCase{
		{src: "a\n```go\n- x\n```\nb", flags: []LineFlags{0, F, F, F, 0}},
		{src: "````\n- a\n```\n- b\n````\n- c\n", flags: []LineFlags{F, F, F, 0, F, F}},
		{src: "```\nx\n```python\n- y\n", flags: []LineFlags{F, F, F, 0}},
		{src: "~~~\n```\n- x\n~~~~\n- y\n", flags: []LineFlags{F, F, F, F, 0}},
		{src: " ```\n- x\n    ```\n\t```\n", flags: []LineFlags{0, 0, 0, 0}},
		{src: "<!--\n- x\n-->\n    code\n", flags: []LineFlags{0, 0, 0, 0}},
		{src: "a\n```\nb\n", flags: []LineFlags{0, F, F}},
		{src: "``\n- x\n", flags: []LineFlags{0, 0}},
	})
}

func TestLexCommonMark(t *testing.T) {
	checkLex(t, CommonMark, []lexCase{
		{src: "a\n```go\n## x\n```\nb", flags: []LineFlags{0, F, F, F, 0}},
		{src: "a\n\n    code\n", flags: []LineFlags{0, 0, I}},
		{src: "<div>\nx\n\nb", flags: []LineFlags{H, H, 0, 0}},
		{src: "> ```\n> x\n", flags: []LineFlags{F, F}},
		{src: "``` a`b\n", flags: []LineFlags{0}},
	})
	// Lex in the CommonMark dialect reads the lines joined by LF.
	lines := []string{"a", "```", "x", "```", "<!--", "-->"}
	want := *ParseMarkdown([]byte(strings.Join(lines, "\n"))).Lexed()
	if got := Lex(lines, CommonMark); !reflect.DeepEqual(got, want) {
		t.Errorf("Lex(CommonMark) = %+v, ParseMarkdown found %+v", got, want)
	}
}

func TestLexedQueries(t *testing.T) {
	lx := Lexed{flags: []LineFlags{0, F, C | F, I, H}}
	if lx.Hidden(1) || !lx.Hidden(2) || !lx.Hidden(5) || lx.Hidden(0) || lx.Hidden(6) {
		t.Error("Hidden is wrong")
	}
	if got := lx.Mask(Comment | Indented); !reflect.DeepEqual(got, []bool{false, false, true, true, false}) {
		t.Errorf("Mask = %v", got)
	}
	if got := lx.Visible([]string{"a", "b", "c", "d", "e"}); !reflect.DeepEqual(got, []string{"a", "", "", "", ""}) {
		t.Errorf("Visible = %q", got)
	}
}
