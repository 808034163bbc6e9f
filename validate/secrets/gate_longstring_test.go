package secrets

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// The long-string gate passes exactly the lines on which the core of the
// high-entropy-string rule's regex (quote, value, quote) can match: never
// fewer, or the gate would hide a secret.
func TestGateLongStringIsTheRegexCore(t *testing.T) {
	re := regexp.MustCompile(`["'][A-Za-z0-9+/_-]{40,}={0,2}["']`)
	other := []byte("=\"' x:\t")
	r := rand.New(rand.NewPCG(1, 2))
	for range 50000 {
		b := make([]byte, r.IntN(120))
		for j := range b {
			if r.IntN(10) < 8 {
				b[j] = "aZ09+/_-"[r.IntN(8)]
			} else {
				b[j] = other[r.IntN(len(other))]
			}
		}
		if want := re.Match(b); gateLongString(b) != want {
			t.Fatalf("%q: the regex core matches: %v, the gate passes: %v", b, want, !want)
		}
	}
}

func BenchmarkGateLongString(b *testing.B) {
	line := []byte(`	fmt.Fprintf(w, "%s: %d items, '%s' and \"quoted\" text of some length", name, n, other) // a comment`)
	for b.Loop() {
		gateLongString(line)
	}
}
