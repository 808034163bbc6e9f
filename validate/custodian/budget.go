package custodian

import (
	"path"
	"strings"
)

// DefaultBudgets are upstream's token budgets, fixed by the protocol. Keys
// are file names relative to the memory directory, or a folder ("rules/"):
// every file below it. inbox.md, manifest.md, subjects.md,
// reconciliations.md and archive/ have no budget.
var DefaultBudgets = map[string]int{
	"brief.md":       500,
	"decisions.md":   800,
	"constraints.md": 400,
	"do-not-use.md":  400,
	"preferences.md": 300,
	"changelog.md":   800,
	"rules/":         400,
	"profiles/":      500,
	"areas/":         600,
}

// nearBudgetPercent is the share of a budget at which a warning starts.
const nearBudgetPercent = 80

// maxDecisionTokens is upstream's limit for one decision entry.
const maxDecisionTokens = 120

// budgets resolves the budget of a memory file: the configured overrides
// first (an exact name beats a pattern), then DefaultBudgets. A budget of
// 0 or less means none.
type budgets map[string]int

func newBudgets(opt Options) budgets { return budgets(opt.Budgets) }

// of returns the budget for name, as written in a route or found on disk,
// and whether it has one.
func (b budgets) of(name string) (int, bool) {
	if strings.HasPrefix(name, "archive/") {
		return 0, false
	}
	if n, ok := lookupBudget(b, name); ok {
		return n, n > 0
	}
	for _, dir := range []string{"rules/", "profiles/", "areas/"} {
		if strings.HasPrefix(name, dir) {
			return DefaultBudgets[dir], true
		}
	}
	n, ok := DefaultBudgets[name]
	return n, ok
}

func lookupBudget(m map[string]int, name string) (int, bool) {
	if n, ok := m[name]; ok {
		return n, true
	}
	best, found := "", false
	for k := range m {
		if ok, _ := path.Match(k, name); !ok || !strings.ContainsAny(k, "*?[") {
			continue
		}
		if !found || len(k) > len(best) || (len(k) == len(best) && k < best) {
			best, found = k, true
		}
	}
	return m[best], found
}
