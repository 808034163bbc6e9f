package remnant

import (
	"slices"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

// checkExample runs the check a rule's examples are written for.
func checkExample(id, src string) []validate.Finding {
	lim := DefaultLimits()
	// The examples are parts of a Remnant file; only the one rule about
	// telling Remnant files apart sees them as they are.
	lim.KnownRemnant = id != RuleRemnantUnrecognized
	switch id {
	case RuleTemplateSchema:
		return CheckTemplate("REMNANT.template.md", []byte(src), lim)
	case RuleAgentsPointer:
		return CheckPointer("CLAUDE.md", []byte(src), []byte("# Rules\n"), lim)
	}
	return CheckRemnant("REMNANT.md", []byte(src), lim, testNow)
}

func fired(fs []validate.Finding, id string) bool {
	return slices.ContainsFunc(fs, func(f validate.Finding) bool { return f.RuleID == id })
}

func TestRuleExamples(t *testing.T) {
	rules := RemnantRules()
	seen := map[string]bool{}
	for _, r := range rules {
		if seen[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		seen[r.ID] = true
		if r.Family != validate.Memory || r.Summary == "" || (r.Severity != validate.Error && r.Severity != validate.Warning) {
			t.Errorf("rule %s: bad descriptor %+v", r.ID, r)
		}
		if !fired(checkExample(r.ID, r.Bad), r.ID) {
			t.Errorf("rule %s: Bad example does not fire it", r.ID)
		}
		if fs := checkExample(r.ID, r.Good); fired(fs, r.ID) {
			t.Errorf("rule %s: Good example fires it: %+v", r.ID, fs)
		}
	}
	if len(rules) != 19 {
		t.Errorf("got %d rules, want 19", len(rules))
	}
}

// TestDocListsRules keeps doc.go's rule list in step with RemnantRules.
func TestDocListsRules(t *testing.T) {
	doc := readTestFile(t, "doc.go")
	for _, r := range RemnantRules() {
		if !strings.Contains(doc, "//\t"+r.ID+"\n") {
			t.Errorf("doc.go does not list %s", r.ID)
		}
	}
}

func TestExampleV2IsClean(t *testing.T) {
	if fs := CheckRemnant("REMNANT.md", []byte(exV2), DefaultLimits(), testNow); len(fs) != 0 {
		t.Errorf("exV2 has findings: %+v", fs)
	}
}
