package hooks

import (
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

// TestRuleGroupsCoverEveryRule: `rules` lists by family every rule
// remnant-guard knows, each once, in a family that fits its ID.
func TestRuleGroupsCoverEveryRule(t *testing.T) {
	seen := map[string]string{}
	names := []string{}
	for _, g := range RuleGroupsWithExamples() {
		names = append(names, g.Name)
		if len(g.Rules) == 0 || g.About == "" {
			t.Errorf("family %s: %d rules, about %q", g.Name, len(g.Rules), g.About)
		}
		for _, r := range g.Rules {
			if other, ok := seen[r.ID]; ok {
				t.Errorf("%s in %s and %s", r.ID, other, g.Name)
			}
			seen[r.ID] = g.Name
			switch g.Name {
			case "secrets":
				if r.Family != validate.Secrets {
					t.Errorf("%s among the secrets, family %s", r.ID, r.Family)
				}
			case "custodian":
				if len(r.ID) < 10 || r.ID[:10] != "custodian-" {
					t.Errorf("%s among the custodian rules", r.ID)
				}
			case "git":
				if r.Family != validate.Memory {
					t.Errorf("%s among the git rules, family %s", r.ID, r.Family)
				}
			}
		}
	}
	if want := []string{"remnant", "git", "custodian", "secrets"}; len(names) != len(want) {
		t.Errorf("families %v, want %v", names, want)
	}
	all := RulesWithExamples()
	if len(seen) != len(all) {
		t.Errorf("%d rules in the families, %d rules in all", len(seen), len(all))
	}
	for _, r := range all {
		if _, ok := seen[r.ID]; !ok {
			t.Errorf("%s in no family", r.ID)
		}
	}
	if g, _ := seen["remnant-staged"]; g != "git" {
		t.Errorf("remnant-staged in %q, want git", g)
	}
	if g, _ := seen["remnant-title"]; g != "remnant" {
		t.Errorf("remnant-title in %q, want remnant", g)
	}
}
