package validate

import (
	"math/rand"
	"testing"
)

// FuzzMarkdownAgainstGoldmark: for any text, our block reader finds the
// same headings, fences, code and HTML lines as goldmark.
func FuzzMarkdownAgainstGoldmark(f *testing.F) {
	for _, s := range mdTricky {
		f.Add([]byte(s))
	}
	for _, s := range nestingShapes {
		f.Add([]byte(s.text(24)))
	}
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 40; i++ {
		f.Add([]byte(genMarkdown(rng)))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<16 {
			return
		}
		if d := mdDiff(src); d != "" {
			t.Fatalf("block structure differs from goldmark's\ninput %q\n%s", src, d)
		}
	})
}
