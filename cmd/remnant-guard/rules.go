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
		about: "Lists every rule with its severity and summary, or explains one rule with a bad and a " +
			"good example and how to change its severity in .remnant-guard.toml.",
		examples: []string{
			"remnant-guard rules  # every rule",
			"remnant-guard rules remnant-decisions-append-only  # one, with examples",
		},
		exits: "0 done; 2 unknown rule or usage error",
	}
}

func runRules(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("rules", "rules [RULE-ID]", stderr)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	all := hooks.RulesWithExamples()
	switch len(pos) {
	case 0:
		for _, r := range all {
			fmt.Fprintf(stdout, "%-34s %-8s %s\n", r.ID, r.Severity, r.Summary)
		}
		return exitClean
	case 1:
		r, ok := validate.Find(all, pos[0])
		if !ok {
			ids := make([]string, len(all))
			for i, r := range all {
				ids[i] = r.ID
			}
			fmt.Fprintf(stderr, "remnant-guard: error: unknown rule %q%s\n", pos[0], suggest.DidYouMean(pos[0], ids, "%s"))
			fmt.Fprintf(stderr, "remnant-guard: hint: 'remnant-guard rules' lists them\n")
			return exitError
		}
		explain(stdout, r)
		return exitClean
	}
	return usageError(fs, stderr, fmt.Errorf("rules takes at most one RULE-ID"))
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
