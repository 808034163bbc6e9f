package custodian

import (
	"strings"
	"testing"
)

// TestVersionOrder orders protocol versions as numbers, so that a 0.10
// manifest is newer than 0.9 and 0.8 is not taken for 0.10's elder by a
// string comparison.
func TestVersionOrder(t *testing.T) {
	order := []version{v05, v06, v07, v08, {0, 9}, {0, 10}, {0, 11}, {1, 0}, {1, 2}}
	for i, a := range order {
		for j, b := range order {
			want := cmpInt(i, j)
			if got := a.cmp(b); got != want {
				t.Errorf("%s cmp %s = %d, want %d", a, b, got, want)
			}
			if a.atLeast(b) != (i >= j) || a.before(b) != (i < j) {
				t.Errorf("%s atLeast/before %s wrong", a, b)
			}
		}
	}
	if got := (version{0, 10}).String(); got != "0.10" {
		t.Errorf("String() = %q", got)
	}
	for _, v := range []string{"0.10", "0.9", "1.0"} {
		m := ParseManifest([]byte("# Memory Manifest\n\n## MemoryCustodian Protocol\n- protocol_version: " + v + "\n"))
		p, prob := protocolOf(m)
		if p != v05 || prob == nil || !strings.Contains(prob.msg, "newer than 0.8") {
			t.Errorf("protocol_version %s: judged as %s, problem %v; want newer than 0.8", v, p, prob)
		}
	}
}
