package custodian

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

// TestLongBodyLinear: an Entry's body is read in time and memory linear
// in its lines, whatever they hold (text, lines upstream does not take for
// fields, comment lines): 8 times the lines may allocate at most 16 times
// as much, where joining each line to the body so far allocated about 50
// times as much.
func TestLongBodyLinear(t *testing.T) {
	for _, line := range []string{"Step 12: then the next one.", "<!--", "-->", "words and more words"} {
		mk := func(n int) fstest.MapFS {
			f := memory08n(t, 1)
			f["decisions.md"].Data = append(f["decisions.md"].Data, []byte("\n"+strings.Repeat(line+"\n", 500*n))...)
			return f
		}
		small, large := mk(1), mk(8)
		heapcost.CheckLinear(t, "a body of "+quote(line)+" lines", func() { Check(small, Options{}, nil) }, func() { Check(large, Options{}, nil) })
	}
}
