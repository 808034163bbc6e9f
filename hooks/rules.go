package hooks

import "github.com/remnant-guard/remnant-guard/validate"

// AllRules lists every rule remnant-guard knows, memory rules first.
func AllRules() []validate.Rule {
	return validate.RemnantRules()
}
