package secrets

import "sync"

// LooksLive tells whether a finding of the rule id looks like a live key
// rather than a false positive: the rule is a service's own key format
// (every built-in rule but the broad fallback ones, such as secret-generic
// and secret-high-entropy-string) or a rule of the user's configuration.
// Documented example keys (AWS's AKIAIOSFODNN7EXAMPLE, values that say
// EXAMPLE) are never reported, so they never look live.
func LooksLive(id string) bool {
	fallback, builtin := builtinFallback()[id]
	return !builtin || !fallback
}

// builtinFallback maps each built-in rule's ID to whether it is a
// fallback rule.
var builtinFallback = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool, len(builtinTable))
	for i := range builtinTable {
		m[builtinTable[i].ID] = builtinTable[i].Fallback
	}
	return m
})
