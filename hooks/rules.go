package hooks

import (
	"slices"
	"sync"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// gitRules are the rules of the history checks that are not Remnant's: a
// commit whose content could not be scanned.
var gitRules = []validate.Rule{
	{
		ID: "secret-unscanned", Severity: validate.Error, Family: validate.Secrets,
		Summary: "ci, pre-push or scan --history could not scan what a commit adds to a file (over [ci] max_file_size)",
		Bad:     "git add dump.sql   # 200 MiB added in one commit",
		Good:    "git add dump.sql.gz   # or raise [ci] max_file_size in the base branch",
	},
	{
		ID: secrets.CappedRule, Severity: validate.Error, Family: validate.Secrets,
		Summary: "a file had more than 1000 secret findings, or a run more than 10000: the rest are counted, not shown",
		Bad:     "[[secrets.rules]]\nid = \"secret-code\"\nregex = \"[a-z]\"   # a match on every letter",
		Good:    "[[secrets.rules]]\nid = \"secret-code\"\nregex = \"code_[a-z0-9]{32}\"",
	},
	{
		ID: judge.UncomparedRule, Severity: validate.Error, Family: validate.Secrets,
		Summary: "findings were not compared with .remnant-guard-ignore: the run spent its budget of slow hashes (twice the file's fingerprints and 16, 1000 at most)",
		Bad:     "3f1c0a9e5b7d2468ace013579bdf2468   # no rule in its comment, no glob: every finding is compared",
		Good:    "3f1c0a9e5b7d2468ace013579bdf2468 testdata/** # secret-github-pat at testdata/a.txt:3",
	},
}

// allRules lists every rule remnant-guard knows: the Remnant rules, the
// git-aware rules, the MemoryCustodian rules and the built-in secret rules.
// The secret rules come without their examples; RulesWithExamples has them.
var allRules = sync.OnceValue(func() []validate.Rule {
	return listRules(secrets.BuiltinRules())
})

// RulesWithExamples is allRules with every rule's bad and good example,
// for `remnant-guard rules`.
var RulesWithExamples = sync.OnceValue(func() []validate.Rule {
	return listRules(secrets.BuiltinRulesWithExamples())
})

// RuleGroup is one family of rules as `remnant-guard rules` lists them.
type RuleGroup struct {
	// Name is the family: remnant, git, custodian or secrets.
	Name string
	// About says in a few words what the family judges.
	About string
	Rules []validate.Rule
}

// RuleGroupsWithExamples is RulesWithExamples by family, in the same order.
var RuleGroupsWithExamples = sync.OnceValue(func() []RuleGroup {
	return ruleGroups(secrets.BuiltinRulesWithExamples())
})

func listRules(secretDefs []secrets.RuleDef) []validate.Rule {
	var all []validate.Rule
	all = append(all, remnant.RemnantRules()...)
	all = append(all, gitAwareRules()...)
	all = append(all, custodian.Rules()...)
	return append(all, secrets.Rules(secretDefs)...)
}

// gitAwareRules are Remnant's git rules, the history checks' rules and the
// rules on files that cannot be read.
func gitAwareRules() []validate.Rule {
	// The history rules are listed among Remnant's git rules, before the
	// append-only rule (the order `rules` has always printed).
	git := remnant.GitRules()
	at := slices.IndexFunc(git, func(r validate.Rule) bool { return r.ID == "remnant-decisions-append-only" })
	var all []validate.Rule
	all = append(all, git[:at]...)
	all = append(all, gitRules...)
	all = append(all, git[at:]...)
	return append(all, fileRules...)
}

// ruleGroups is listRules by family; the git-aware rules about secrets
// (a commit not scanned, findings capped or not compared, unsalted
// fingerprints) head the secrets.
func ruleGroups(secretDefs []secrets.RuleDef) []RuleGroup {
	var git, secretRules []validate.Rule
	for _, r := range gitAwareRules() {
		if r.Family == validate.Secrets {
			secretRules = append(secretRules, r)
		} else {
			git = append(git, r)
		}
	}
	return []RuleGroup{
		{Name: "remnant", About: "REMNANT.md's schema, its template, and what any memory file must not hold", Rules: remnant.RemnantRules()},
		{Name: "git", About: "what a commit adds, what git ignores, memory files that cannot be read", Rules: git},
		{Name: "custodian", About: "MemoryCustodian memory (docs/memory unless configured)", Rules: custodian.Rules()},
		{Name: "secrets", About: "secrets in what is committed, and how the search went", Rules: append(secretRules, secrets.Rules(secretDefs)...)},
	}
}

// fileRules judge how a memory or config file is stored rather than what
// it says.
var fileRules = []validate.Rule{
	{
		ID: config.NotRegularRule, Severity: validate.Error, Family: validate.Memory,
		Summary: "a memory or config file is a directory, FIFO, socket, device or symbolic link loop, so it cannot be read",
		Bad:     "mkfifo REMNANT.md",
		Good:    "printf '# REMNANT\\n' > REMNANT.md   # a regular file",
	},
	{
		ID: linksOutRule, Severity: validate.Error, Family: validate.Memory,
		Summary: "a memory file is, or is reached through, a symbolic link that leads out of the repository, so it is not read",
		Bad:     "ln -s ../../elsewhere/REMNANT.md REMNANT.md",
		Good:    "ln -s docs/REMNANT.md REMNANT.md   # a link that stays inside",
	},
	{
		ID: judge.UnsaltedRule, Severity: validate.Warning, Family: validate.Secrets, Local: true,
		Summary: ".remnant-guard-ignore holds unsalted fingerprints, which confirm a guessed secret to anyone who can read the file",
		Bad:     "# .remnant-guard-ignore\n3f1c0a9e5b7d2468ace013579bdf2468 # secret-generic at app.env:3",
		Good:    "# .remnant-guard-ignore\nsalt 9c1f...(64 hex digits)\n5be0c2a17f93d8e4b6a1c0d2e3f4a5b6 # secret-generic at app.env:3",
	},
}
