package validate

import "testing"

// FuzzReadAndLex: for any bytes, every dialect reads lines at their
// offsets, flags each line once, and places a lexing problem on a line of
// the file.
func FuzzReadAndLex(f *testing.F) {
	for _, c := range dialectDifferences {
		f.Add([]byte(c.src))
	}
	for _, s := range mdTricky {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<16 {
			return
		}
		for _, d := range dialects {
			txt := ReadText(src, d)
			lx := Lex(txt.Lines(), d)
			if d == CommonMark {
				lx = *ParseMarkdown(src).Lexed()
			}
			if lx.Len() != len(txt.Lines()) {
				t.Fatalf("%v %q: %d lines, %d flagged", d, src, len(txt.Lines()), lx.Len())
			}
			if lx.Problem != "" && (lx.ProblemLine < 1 || lx.ProblemLine > lx.Len()) {
				t.Fatalf("%v %q: problem %q on line %d of %d", d, src, lx.Problem, lx.ProblemLine, lx.Len())
			}
			for l := 1; l <= lx.Len(); l++ {
				at := txt.LineStart(l)
				if at+len(txt.Line(l)) > len(txt.String()) || txt.String()[at:at+len(txt.Line(l))] != txt.Line(l) {
					t.Fatalf("%v %q: line %d is not at offset %d", d, src, l, at)
				}
			}
		}
	})
}
