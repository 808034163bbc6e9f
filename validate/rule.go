package validate

// Family groups rules so that one family can run alone (--only).
type Family string

const (
	Memory  Family = "memory"
	Secrets Family = "secrets"
)

// Rule describes one rule: a stable kebab-case ID, its default severity, a
// one-line summary, and a bad and a good example that the tests run and
// `remnant-guard rules ID` prints.
type Rule struct {
	ID       string
	Severity Severity
	Family   Family
	Summary  string
	// Local rules judge the local working tree rather than the content
	// being committed.
	Local bool
	// Bad is an input that breaks the rule; Good is one that keeps it.
	Bad, Good string
}

// Find returns the rule with the given ID from rules.
func Find(rules []Rule, id string) (Rule, bool) {
	for _, r := range rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}
