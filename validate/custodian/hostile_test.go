package custodian

import (
	"math/rand"
	"testing"
	"testing/fstest"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

// TestHostileMemory runs check, append-only and route on seeded random
// corruptions of 0.8 files (bytes changed, cut and spliced), each under a
// watchdog: none may panic or hang.
func TestHostileMemory(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	seeds := [][]byte{[]byte(entry08("MC-DEC-20261008-68bfcfb4", "Decision")), []byte(subjects08), []byte(manifest08)}
	for it := 0; it < 400; it++ {
		var in [3][]byte
		for k := range in {
			b := append([]byte(nil), seeds[rng.Intn(3)]...)
			for m := 0; m < 1+rng.Intn(6); m++ {
				if len(b) == 0 {
					break
				}
				switch rng.Intn(3) {
				case 0:
					b[rng.Intn(len(b))] = byte(rng.Intn(256))
				case 1:
					i := rng.Intn(len(b))
					b = append(b[:i], b[min(len(b), i+rng.Intn(20)):]...)
				case 2:
					i := rng.Intn(len(b))
					j := rng.Intn(len(b))
					b = append(append(append([]byte(nil), b[:i]...), b[j:min(len(b), j+rng.Intn(40))]...), b[i:]...)
				}
			}
			in[k] = b
		}
		done := make(chan bool)
		go func() {
			for _, m := range [][]byte{[]byte(manifest08), in[2]} {
				fsys := fstest.MapFS{"manifest.md": {Data: m}, "decisions.md": {Data: in[0]}, "subjects.md": {Data: in[1]}, "areas/storage.md": {Data: in[0]}}
				Check(fsys, Options{}, nil)
				AppendOnly(fsys, fstest.MapFS{"manifest.md": {Data: m}, "decisions.md": {Data: in[1]}}, Options{})
				for _, task := range []string{"general", "implementation", "review"} {
					Route(fsys, RouteRequest{Task: task, Paths: []string{"internal/x.go"}, Areas: []string{"storage"}})
				}
			}
			done <- true
		}()
		select {
		case <-done:
		case <-heapcost.Deadline(t):
			t.Fatalf("hang at %d:\n%q\n%q\n%q", it, in[0], in[1], in[2])
		}
	}
}
