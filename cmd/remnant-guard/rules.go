package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/internal/suggest"
	"github.com/remnant-guard/remnant-guard/validate"
)

// rulesHelp is what help says of rules besides its synopsis and flags.
func rulesHelp() helpDoc {
	return helpDoc{
		about: "Lists every rule with its severity and summary, by family (remnant, git, custodian, " +
			"secrets), or the rules whose ID or summary holds a WORD, or one family's; explains one " +
			"rule, given its ID, with a bad and a good example and how to change its severity in " +
			".remnant-guard.toml. A secret rule's bad example shows the shape of the secret, not one.",
		examples: []string{
			"remnant-guard rules  # every rule, by family",
			"remnant-guard rules aws  # the rules whose ID or summary says aws",
			"remnant-guard rules custodian  # one family",
			"remnant-guard rules remnant-decisions-append-only  # one, with examples",
		},
		exits: "0 done; 2 no rule matches, or usage error",
	}
}

func runRules(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("rules", "rules [RULE-ID | WORD | FAMILY]", stderr)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	groups := hooks.RuleGroupsWithExamples()
	switch len(pos) {
	case 0:
		listGroups(stdout, groups)
		return exitClean
	case 1:
	default:
		return usageError(fs, stderr, fmt.Errorf("rules takes at most one RULE-ID or WORD"))
	}
	var all []validate.Rule
	for _, g := range groups {
		all = append(all, g.Rules...)
	}
	if r, ok := validate.Find(all, pos[0]); ok {
		explain(stdout, r)
		return exitClean
	}
	if found := searchRules(groups, pos[0]); len(found) > 0 {
		listGroups(stdout, found)
		return exitClean
	}
	ids := make([]string, len(all))
	for i, r := range all {
		ids[i] = r.ID
	}
	fmt.Fprintf(stderr, "remnant-guard: error: unknown rule %q%s\n", pos[0], suggest.DidYouMean(pos[0], ids, "%s"))
	fmt.Fprintf(stderr, "remnant-guard: hint: no rule's ID or summary holds it either; 'remnant-guard rules' lists them\n")
	return exitError
}

// searchRules keeps the family named word whole, or else the rules whose
// ID or summary holds word, in any letter case.
func searchRules(groups []hooks.RuleGroup, word string) []hooks.RuleGroup {
	for _, g := range groups {
		if strings.EqualFold(g.Name, word) {
			return []hooks.RuleGroup{g}
		}
	}
	w := strings.ToLower(word)
	var out []hooks.RuleGroup
	for _, g := range groups {
		var keep []validate.Rule
		for _, r := range g.Rules {
			if strings.Contains(strings.ToLower(r.ID), w) || strings.Contains(strings.ToLower(r.Summary), w) {
				keep = append(keep, r)
			}
		}
		if len(keep) > 0 {
			g.Rules = keep
			out = append(out, g)
		}
	}
	return out
}

// listGroups prints rules by family: a heading for each, then a line per
// rule with its ID, severity and summary.
func listGroups(w io.Writer, groups []hooks.RuleGroup) {
	for i, g := range groups {
		if i > 0 {
			fmt.Fprintln(w)
		}
		n := fmt.Sprintf("%d rules", len(g.Rules))
		if len(g.Rules) == 1 {
			n = "1 rule"
		}
		fmt.Fprintf(w, "%s: %s (%s)\n", strings.ToUpper(g.Name), g.About, n)
		for _, r := range g.Rules {
			fmt.Fprintf(w, "%-34s %-8s %s\n", r.ID, r.Severity, r.Summary)
		}
	}
}

// explain prints a rule with its bad and good example.
func explain(w io.Writer, r validate.Rule) {
	scope := "the content being committed"
	if r.Local {
		scope = "the local working tree (does not block a commit unless configured)"
	}
	fmt.Fprintf(w, "%s (%s, %s)\n\n%s\n\nJudges %s.\n", r.ID, r.Severity, r.Family, r.Summary, scope)
	fmt.Fprintf(w, "\nBad:\n%s\nGood:\n%s", indent(r.Bad), indent(r.Good))
	fmt.Fprintf(w, "\nTurn it off or change its severity in .remnant-guard.toml:\n\n    [rules]\n    %s = \"warning\"  # or \"error\", \"off\"\n", r.ID)
}

func indent(s string) string {
	if s == "" {
		return "    (none)\n"
	}
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		b.WriteString("    " + l + "\n")
	}
	return b.String()
}
