package secrets

import (
	"regexp"

	"github.com/remnant-guard/remnant-guard/validate"
)

// Rules describes defs for listings: each secret rule is an error in the
// secrets family, with its first true and false example.
func Rules(defs []RuleDef) []validate.Rule {
	out := make([]validate.Rule, len(defs))
	for i, d := range defs {
		out[i] = validate.Rule{
			ID: d.ID, Severity: validate.Error, Family: validate.Secrets,
			Summary: d.Description, Bad: badExample(d), Good: first(d.FP),
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

// badExample is a rule's first true-positive example with the secret in it
// replaced by the secret's shape, so that the example teaches what such a
// secret looks like without being one: "aws_access_key_id = <secret>" and
// below it "<secret>: `AKIA`, ... + 16 of [2-7A-Z]". A rule without a
// shape (no regex, or one too long to word) keeps its example, which every
// output masks.
func badExample(d RuleDef) string {
	tp := first(d.TP)
	if tp == "" { // the rules listed without their examples: no shape to work out
		return ""
	}
	shape, ok := d.Shape()
	if !ok {
		return tp
	}
	re, err := regexp.Compile(d.Regex)
	if err != nil {
		return tp
	}
	group := d.SecretGroup
	if group == 0 {
		group = max(re.SubexpIndex("secret"), 0)
	}
	m := re.FindStringSubmatchIndex(tp)
	if m == nil || 2*group+1 >= len(m) || m[2*group] < 0 {
		return "a value shaped " + shape
	}
	return tp[:m[2*group]] + "<secret>" + tp[m[2*group+1]:] + "\n<secret>: " + shape
}
