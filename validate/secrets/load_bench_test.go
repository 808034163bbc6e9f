package secrets

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// manyRulesConfig is a gitleaks config of n rules, each with its own
// keyword, one in four with an allowlist, and, when sameID, ids that all
// turn into one kebab-case form ("a", "a_", "a.", "a_.", ...: "a" and
// punctuation), so that every rule but the first takes a numbered id.
func manyRulesConfig(n int, sameID bool) []byte {
	var b strings.Builder
	for i := range n {
		id := fmt.Sprintf("rule-%d", i)
		if sameID {
			id = "a" + punctuation(i)
		}
		fmt.Fprintf(&b, "[[rules]]\nid = %q\nregex = '''t%d_[a-z0-9]{20}'''\nkeywords = [\"t%d_\"]\n", id, i, i)
		if i%4 == 0 {
			fmt.Fprintf(&b, "[[rules.allowlists]]\nstopwords = [\"x%d\"]\n", i)
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// punctuation writes i in base 16 with punctuation for digits.
func punctuation(i int) string {
	const digits = "_.:/!@#$%^&*()+="
	var b []byte
	for ; i > 0; i /= len(digits) {
		b = append(b, digits[i%len(digits)])
	}
	return string(b)
}

// loadRules parses a gitleaks config and builds the engine with its rules
// beside the built-in ones, as every run does.
func loadRules(tb testing.TB, data []byte) *Engine {
	imp, err := ParseGitleaksConfig(".gitleaks.toml", data, nil)
	if err != nil {
		tb.Fatal(err)
	}
	e, err := NewEngine(append(BuiltinRules(), imp.Rules...), Options{Allowlists: imp.Allowlists})
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

// BenchmarkLoadRules loads 1,000, 4,000 and 16,000 rules: the time per
// load grows with the number of rules, not with its square.
//
//	go test ./validate/secrets -run '^$' -bench LoadRules -benchmem
func BenchmarkLoadRules(b *testing.B) {
	for _, sameID := range []bool{false, true} {
		for _, n := range []int{1000, 4000, 16000} {
			data := manyRulesConfig(n, sameID)
			name := fmt.Sprintf("rules=%d", n)
			if sameID {
				name += "/one-id"
			}
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					loadRules(b, data)
				}
			})
		}
	}
}

// TestLoadRulesLinear counts what loading allocates at 1,000 and 8,000
// rules (ids of their own, and ids of one kebab-case form): 8 times the
// rules may cost at most 12 times the allocations and bytes; finding each
// rule's line by counting from the top of the file, or each numbered id
// from "-2" up, cost 64 times.
func TestLoadRulesLinear(t *testing.T) {
	for _, sameID := range []bool{false, true} {
		small, large := manyRulesConfig(1000, sameID), manyRulesConfig(8000, sameID)
		allocs := func(data []byte) (float64, uint64) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			loadRules(t, data)
			runtime.ReadMemStats(&after)
			return float64(after.Mallocs - before.Mallocs), after.TotalAlloc - before.TotalAlloc
		}
		sa, sb := allocs(small)
		la, lb := allocs(large)
		if la > 12*sa || lb > 12*sb {
			t.Errorf("same id %v: 1,000 rules %.0f allocations (%d bytes), 8,000 rules %.0f (%d bytes): not linear", sameID, sa, sb, la, lb)
		}
	}
}
