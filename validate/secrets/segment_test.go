package secrets

import (
	"strings"
	"testing"
)

// TestLongLineSegments checks that a long line, scanned in segments
// around its keywords, yields what the rules find on a short one: each
// tp example of a one-line regex rule, embedded in minified code far from
// the line's start, is found by its rule at the column it has there.
func TestLongLineSegments(t *testing.T) {
	e := builtinEngine(t)
	filler := strings.Repeat("var a=b.c(d,e);", longLine/15+50)
	for _, d := range BuiltinRulesWithExamples() {
		if d.Regex == "" || d.Window > 0 || d.Path != "" {
			continue
		}
		for i, ex := range d.TP {
			if strings.Contains(ex, "\n") {
				continue
			}
			long := filler + "\n" + filler + ";" + ex + ";" + filler
			fs, _ := e.ScanFile(examplePath(d), []byte(long))
			short, _ := e.ScanFile(examplePath(d), []byte(ex))
			want := byRule(short, d.ID)
			got := byRule(fs, d.ID)
			if len(got) != len(want) {
				t.Errorf("%s: tp[%d]: %d findings on a long line, %d on its own", d.ID, i, len(got), len(want))
				continue
			}
			for j := range got {
				if got[j].Line != 2 || got[j].Column != want[j].Column+len(filler)+1 {
					t.Errorf("%s: tp[%d]: at %d:%d on a long line", d.ID, i, got[j].Line, got[j].Column)
				}
			}
		}
	}
}
