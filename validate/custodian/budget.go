package custodian

import (
	"path"
	"strings"
)

// DefaultBudgets are upstream's token budgets. Keys are file names or
// patterns relative to the memory directory; inbox.md and manifest.md have
// no budget.
var DefaultBudgets = map[string]int{
	"brief.md":       500,
	"decisions.md":   800,
	"constraints.md": 400,
	"do-not-use.md":  400,
	"preferences.md": 300,
	"changelog.md":   800,
	"rules/*.md":     400,
	"profiles/*.md":  500,
	"areas/*.md":     600,
}

// nearBudgetPercent is the share of a budget at which a warning starts.
const nearBudgetPercent = 80

// maxDecisionTokens is upstream's limit for one decision entry.
const maxDecisionTokens = 120

// budgets resolves the budget of a memory file: Options.Budgets first,
// then the manifest's `## Context budget`, then DefaultBudgets. Within
// each, an exact name beats a pattern. A budget of 0 or less means none.
type budgets []map[string]int

func newBudgets(opt Options, m *Manifest) budgets {
	b := budgets{opt.Budgets}
	if m != nil {
		b = append(b, m.Budgets)
	}
	return append(b, DefaultBudgets)
}

// of returns the budget for name and whether it has one.
func (b budgets) of(name string) (int, bool) {
	if name == "inbox.md" || name == "manifest.md" || strings.HasPrefix(name, "archive/") {
		return 0, false
	}
	for _, m := range b {
		if n, ok := lookupBudget(m, name); ok {
			return n, n > 0
		}
	}
	return 0, false
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
