package secrets

import (
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

// TestOneFindingPerSecret checks that rules matching the same secret
// report it once, by the more specific rule.
func TestOneFindingPerSecret(t *testing.T) {
	format := RuleDef{ID: "secret-acme-token", Description: "Acme token", Keywords: []string{"acme_"},
		Regex: `(?P<secret>acme_[a-z0-9]{20})`}
	named := RuleDef{ID: "secret-acme-named", Description: "Acme token by its name", Keywords: []string{"acme_key"},
		Regex: `acme_key[ \t]*=[ \t]*(?P<secret>acme_[a-z0-9]{20})`}
	broad := RuleDef{ID: "secret-acme-broad", Description: "random string", Keywords: []string{"acme_"},
		Regex: `(?P<secret>acme_[a-z0-9]{20})`, Fallback: true}
	broader := RuleDef{ID: "secret-acme-broader", Description: "random string", Keywords: []string{"acme_"},
		Regex: `(?P<secret>acme_[a-z0-9]{20}\b)`, Fallback: true}
	for _, c := range []struct {
		name string
		defs []RuleDef
		text string
		want string
	}{
		{"provider beats broad rule", []RuleDef{broad, format}, "t = acme_q8zr2xv7tn5pk4lm9zxr", "secret-acme-token"},
		{"more of the text beats a bare format", []RuleDef{format, named}, "acme_key = acme_q8zr2xv7tn5pk4lm9zxr", "secret-acme-named"},
		{"of two broad rules the first", []RuleDef{broad, broader}, "t = acme_q8zr2xv7tn5pk4lm9zxr", "secret-acme-broad"},
		{"of two broad rules the first, listed last", []RuleDef{broader, broad}, "t = acme_q8zr2xv7tn5pk4lm9zxr", "secret-acme-broader"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for i := range c.defs {
				c.defs[i].TP, c.defs[i].FP = nil, nil
			}
			e, err := NewEngine(c.defs, Options{})
			if err != nil {
				t.Fatal(err)
			}
			fs, _ := e.ScanFile("a.txt", []byte(c.text))
			if len(fs) != 1 || fs[0].RuleID != c.want {
				t.Fatalf("got %v, want one finding of %s", ruleIDs(fs), c.want)
			}
		})
	}
}

// TestBuiltinOneFindingPerSecret checks the built-in rules: a random value
// under a secret's name is one finding, the generic rule's, and no true
// example is reported twice on one span.
func TestBuiltinOneFindingPerSecret(t *testing.T) {
	e := builtinEngine(t)
	fs, _ := e.ScanFile("config.env", []byte("API_SECRET='q8Zr2Xv7Tn5Pk4Lm9ZxRw3Ys6Ut1Vq0Op2Ij5Hk8Gl4Fm7Dn'\n"))
	if len(fs) != 1 || fs[0].RuleID != "secret-generic" {
		t.Fatalf("got %v, want one secret-generic finding", ruleIDs(fs))
	}
	for _, d := range BuiltinRulesWithExamples() {
		for _, ex := range d.TP {
			checkOnePerSpan(t, d.ID, scanExample(e, d, ex))
		}
	}
}

func checkOnePerSpan(t *testing.T, id string, fs []validate.Finding) {
	t.Helper()
	for i := range fs {
		for j := i + 1; j < len(fs); j++ {
			a, b := fs[i], fs[j]
			if a.Line == b.Line && a.Column <= b.EndColumn && b.Column <= a.EndColumn {
				t.Errorf("%s: %s and %s report one span", id, a.RuleID, b.RuleID)
			}
		}
	}
}
