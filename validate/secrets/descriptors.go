package secrets

import "github.com/remnant-guard/remnant-guard/validate"

// Rules describes defs for listings: each secret rule is an error in the
// secrets family, with its first true and false example.
func Rules(defs []RuleDef) []validate.Rule {
	out := make([]validate.Rule, len(defs))
	for i, d := range defs {
		out[i] = validate.Rule{
			ID: d.ID, Severity: validate.Error, Family: validate.Secrets,
			Summary: d.Description, Bad: first(d.TP), Good: first(d.FP),
		}
	}
	return out
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}
