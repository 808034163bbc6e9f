package hooks

import (
	"sync"
	"testing"
	"time"
)

// TestFirstRunPairs: of the two runs of one event, racing, exactly one is
// the first, and so again for each later event with the same payload (the
// same key): never both, never neither.
func TestFirstRunPairs(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "a\n"})
	now := time.Now()
	for round := range 8 {
		var wg sync.WaitGroup
		var firsts [2]bool
		for k := range 2 {
			wg.Go(func() {
				first, err := FirstRun(dir, "0123abcd", now)
				if err != nil {
					t.Error(err)
				}
				firsts[k] = first
			})
		}
		wg.Wait()
		if firsts[0] == firsts[1] {
			t.Fatalf("event %d: the two runs' FirstRun = %v, %v: want exactly one first", round, firsts[0], firsts[1])
		}
	}
}
