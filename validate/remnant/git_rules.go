package remnant

import "github.com/remnant-guard/remnant-guard/validate"

// GitRules are the Remnant rules that need git: they judge a commit or the
// local working tree rather than one file's content. The commands in hooks
// check them; their descriptions are here with the other Remnant rules.
func GitRules() []validate.Rule {
	return []validate.Rule{
		{
			ID: "remnant-staged", Severity: validate.Error, Family: validate.Memory,
			Summary: "a file named REMNANT.md (any folder, any letter case) is added, modified or renamed into the commit",
			Bad:     "git add -f REMNANT.md && git commit -m wip",
			Good:    "echo REMNANT.md >> .gitignore && git commit -m wip   # REMNANT.md stays local",
		},
		{
			ID: "remnant-not-ignored", Severity: validate.Error, Family: validate.Memory, Local: true,
			Summary: "REMNANT.md exists in the working tree but git would not ignore it",
			Bad:     "# .gitignore\nnode_modules/",
			Good:    "# .gitignore\nnode_modules/\nREMNANT.md",
		},
		{
			ID: "remnant-state-stale", Severity: validate.Warning, Family: validate.Memory, Local: true,
			Summary: "the Session date of REMNANT.md is older than the newest commit: State is not to be trusted",
			Bad:     "## Session\n- date: 2026-05-01   # HEAD was committed on 2026-05-03",
			Good:    "## Session\n- date: 2026-05-03T18:00:00Z   # after HEAD's commit",
		},
		{
			ID: "remnant-map-stale", Severity: validate.Warning, Family: validate.Memory, Local: true,
			Summary: "a Map path exists neither in the working tree nor in the index",
			Bad:     "## Map\n- src/removed.go — gone since last week",
			Good:    "## Map\n- src/main.go — entry point",
		},
		{
			ID: "remnant-decisions-record-unusable", Severity: validate.Warning, Family: validate.Memory, Local: true,
			Summary: "the record of the untracked REMNANT.md's Decisions entries could not be read or written (another user, such as root, made it)",
			Bad:     "sudo remnant-guard check   # leaves .git/remnant-guard/decisions-* owned by root, mode 0600",
			Good:    "remnant-guard check        # as the owner of the repository",
		},
		{
			ID: "remnant-decisions-append-only", Severity: validate.Error, Family: validate.Memory,
			Summary: "an earlier Decisions entry was edited, removed or reordered, or a new one inserted above old ones",
			Bad:     "## Decisions\n- 2026-05-04 — Use Postgres — rewritten later   # was: \"— we need JSONB\"",
			Good:    "## Decisions\n- 2026-05-04 — Use Postgres — we need JSONB\n- 2026-05-09 — Keep Postgres, add a read replica — corrects the above",
		},
	}
}
