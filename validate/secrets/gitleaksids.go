package secrets

import (
	_ "embed"
	"strings"
	"sync"
)

//go:embed gitleaks_ids.txt
var gitleaksIDFile string

// gitleaksIDs maps gitleaks rule IDs to built-in rule IDs, from
// gitleaks_ids.txt.
var gitleaksIDs = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for _, line := range strings.Split(gitleaksIDFile, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		m[f[0]] = f[1:]
	}
	return m
})

// builtinIDs are the built-in rule IDs.
var builtinIDs = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool, len(builtinTable))
	for _, d := range builtinTable {
		m[d.ID] = true
	}
	return m
})

// genericRules are the built-in rules that give way to specific ones: what
// a gitleaks rule with no counterpart here is matched with.
var genericRules = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, d := range builtinTable {
		if d.Fallback {
			m[d.ID] = true
		}
	}
	return m
})

// mapGitleaksID returns the built-in rules that find what the gitleaks
// rule id finds, or nil when none does (then the generic rules stand in).
func mapGitleaksID(id string) map[string]bool {
	id = strings.ToLower(strings.TrimSpace(id))
	if ours, ok := gitleaksIDs()[id]; ok {
		m := make(map[string]bool, len(ours))
		for _, o := range ours {
			m[o] = true
		}
		return m
	}
	if builtinIDs()["secret-"+id] {
		return map[string]bool{"secret-" + id: true}
	}
	return nil
}
