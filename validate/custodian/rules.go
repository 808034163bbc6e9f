package custodian

import (
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

// Rules returns the MemoryCustodian rules. Bad and Good examples are txtar
// archives: plain names are files of the memory directory, AGENTS.md,
// CLAUDE.md and GEMINI.md are agent entry files at the repository root, and
// old/ and new/ hold the two sides of a change.
func Rules() []validate.Rule {
	out := make([]validate.Rule, len(ruleList))
	copy(out, ruleList)
	return out
}

var ruleList = []validate.Rule{
	memRule(RuleManifestMissing, validate.Error, "the memory directory has no manifest.md",
		"-- brief.md --\n# Project Brief\n",
		"-- manifest.md --\n# Memory Manifest\n"),
	memRule(RuleManifestSyntax, validate.Warning, "a `###` heading under `## Load by task` is not a canonical route heading, so no task uses it",
		"-- manifest.md --\n## Load by task\n### Deployment\nLoad:\n- decisions.md\n",
		"-- manifest.md --\n## Load by task\n### Planning / architecture / refactoring\nLoad:\n- decisions.md\n"),
	memRule(RuleProtocolVersion, validate.Error, "protocol metadata is missing or invalid, or protocol_version is not one of 0.5, 0.6, 0.7, 0.8",
		"-- manifest.md --\n## MemoryCustodian Protocol\n- protocol_version: 0.4\n",
		"-- manifest.md --\n## MemoryCustodian Protocol\n- protocol_version: 0.5\n"),
	memRule(RuleAlwaysLoad, validate.Error, "the manifest has no `## Always load` section, or more than one",
		"-- manifest.md --\n## Always load\n- brief.md\n\n## Always load\n- decisions.md\n",
		"-- manifest.md --\n## Always load\n- brief.md\n"),
	memRule(RuleDuplicateCategory, validate.Error, "a task category's canonical route heading appears more than once",
		"-- manifest.md --\n## Load by task\n### Preferences\nLoad:\n- decisions.md\n### Preferences\nLoad:\n- constraints.md\n",
		"-- manifest.md --\n## Load by task\n### Preferences\nLoad:\n- decisions.md\n- constraints.md\n"),
	memRule(RuleMissingRoute, validate.Error, "a task category has no route: its canonical `###` heading is missing (word matches such as `### Planning` do not count)",
		"-- manifest.md --\n## Always load\n- brief.md\n## Load by task\n"+strings.Replace(allRoutes, "### Planning / architecture / refactoring", "### Planning", 1),
		"-- manifest.md --\n## Always load\n- brief.md\n## Load by task\n"+allRoutes),
	memRule(RuleManifestMentions, validate.Error, "the manifest does not mention brief.md, do-not-use.md, archive/, rules/ or profiles/, or an existing areas/ folder",
		"-- manifest.md --\n# Memory Manifest\n\n## Always load\n- brief.md\n",
		"-- manifest.md --\n# Memory Manifest\n\n## Always load\n- brief.md\n\n## Explicit only\n- archive/ (rules/ and profiles/ load on request; do-not-use.md by route)\n"),
	memRule(RuleNotUTF8, validate.Error, "a memory file or agent entry file is not valid UTF-8",
		"-- brief.md --\n# Brief\n\nCaf\xe9 notes.\n",
		"-- brief.md --\n# Brief\n\nCaf\u00e9 notes.\n"),
	memRule(RuleUnsafeRoutePath, validate.Error, "a route path is absolute, has `..`, a backslash or a colon in its first part, is not .md, or leaves the memory directory through a symbolic link",
		"-- manifest.md --\n## Always load\n- ../../README.md\n",
		"-- manifest.md --\n## Always load\n- brief.md\n"),
	memRule(RuleDuplicateRoutePath, validate.Error, "a path is listed twice in Always load plus a route",
		"-- manifest.md --\n## Always load\n- brief.md\n## Load by task\n### Preferences\nLoad:\n- decisions.md\nLoad if present:\n- decisions.md\n",
		"-- manifest.md --\n## Always load\n- brief.md\n## Load by task\n### Preferences\nLoad:\n- decisions.md\nLoad if present:\n- preferences.md\n"),
	memRule(RuleMissingRouteTarget, validate.Error, "a file a route requires (`Load:`, `Also load:`, `Always load`) does not exist",
		"-- manifest.md --\n## Always load\n- brief.md\n",
		"-- manifest.md --\n## Always load\n- brief.md\n-- brief.md --\n# Project Brief\n"),
	memRule(RuleInboxRoute, validate.Warning, "inbox.md is routed to a task other than memory maintenance",
		"-- manifest.md --\n## Always load\n- brief.md\n## Load by task\n### Preferences\nLoad:\n- inbox.md\n-- inbox.md --\n# Memory Inbox\n",
		"-- manifest.md --\n## Always load\n- brief.md\n## Load by task\n### Memory maintenance\nLoad:\n- inbox.md\n-- inbox.md --\n# Memory Inbox\n"),
	memRule(RuleUnindexedModule, validate.Error, "a module file directly in rules/, profiles/ or areas/ (README.md aside) is not backticked in the optional module index",
		"-- manifest.md --\n## Optional module index\n### Enabled areas\n- None enabled.\n-- areas/storage.md --\n- Session files stay editable by hand.\n",
		"-- manifest.md --\n## Optional module index\n### Enabled areas\n- `areas/storage.md`: load for storage work.\n-- areas/storage.md --\n- Session files stay editable by hand.\n"),
	memRule(RuleMissingIndexedModule, validate.Warning, "the optional module index lists a module file that does not exist",
		"-- manifest.md --\n## Optional module index\n### Enabled areas\n- `areas/storage.md`: load for storage work.\n",
		"-- manifest.md --\n## Optional module index\n### Enabled areas\n- `areas/storage.md`: load for storage work.\n-- areas/storage.md --\n- Session files stay editable by hand.\n"),
	memRule(RuleCoreFileMissing, validate.Error, "a core file (brief.md, decisions.md, constraints.md, do-not-use.md, inbox.md) is missing",
		"-- manifest.md --\n# Memory Manifest\n-- brief.md --\n# Project Brief\n",
		"-- manifest.md --\n# Memory Manifest\n-- brief.md --\n# Project Brief\n-- decisions.md --\n# Decisions\n-- constraints.md --\n# Constraints\n-- do-not-use.md --\n# Do Not Use\n-- inbox.md --\n# Memory Inbox\n"),
	memRule(RuleBriefScaffold, validate.Error, "brief.md still holds upstream's scaffold placeholders",
		"-- brief.md --\n# Project Brief\n\nPurpose:\n- TODO: Describe what this project does and who it serves.\n",
		"-- brief.md --\n# Project Brief\n\nPurpose:\n- NightNotes keeps private session notes for one user, offline.\n"),
	memRule(RuleOverBudget, validate.Error, "a memory file is over its token budget (fixed by the protocol: brief 500, decisions 800, constraints 400, do-not-use 400, preferences 300, changelog 800, rules/ 400, profiles/ 500, areas/ 600)",
		"-- constraints.md --\n# Constraints\n\n"+strings.Repeat("- Work offline.\n", 101),
		"-- constraints.md --\n# Constraints\n\n"+strings.Repeat("- Work offline.\n", 50)),
	memRule(RuleNearBudget, validate.Warning, "a memory file is at 80% of its token budget or more",
		"-- constraints.md --\n# Constraints\n\n"+strings.Repeat("- Work offline.\n", 90),
		"-- constraints.md --\n# Constraints\n\n"+strings.Repeat("- Work offline.\n", 50)),
	memRule(RuleDecisionTooLong, validate.Error, "a decision entry (a `##` section with a line `Decision:`) in a budgeted file is over 120 tokens",
		"-- decisions.md --\n## Use JSON\n\nDecision:\n"+strings.Repeat("Store notes as JSON files. ", 25)+"\nReason: users edit them.\n",
		"-- decisions.md --\n## Use JSON\n\nDecision:\nStore notes as JSON files.\nReason: users edit them.\n"),
	memRule(RuleDecisionEmpty, validate.Error, "a decision entry has no decision text",
		"-- decisions.md --\n# Decisions\n\n## 2026-01-05 - Use JSON\n",
		"-- decisions.md --\n# Decisions\n\n## 2026-01-05 - Use JSON\nDecision: Store notes as JSON files.\nReason: users edit them by hand.\n"),
	memRule(RuleDecisionNoReason, validate.Warning, "a decision entry gives no reason",
		"-- decisions.md --\n## Use JSON\n\nStore notes as JSON files.\n",
		"-- decisions.md --\n## Use JSON\n\nStore notes as JSON files.\n\nReasoning:\n- Users edit them by hand.\n"),
	memRule(RuleTombstoneNoReason, validate.Warning, "a `## Tombstone:` entry in do-not-use.md has no text",
		"-- do-not-use.md --\n## Tombstone: SQLite\n",
		"-- do-not-use.md --\n## Tombstone: SQLite\n\nRejected 2026-01-05: notes must stay editable by hand.\n"),
	memRule(RuleInboxFull, validate.Warning, "inbox.md holds more than 30 items",
		"-- inbox.md --\n## 2026-01-05\n"+strings.Repeat("- Candidate note.\n", 31),
		"-- inbox.md --\n## 2026-01-05\n"+strings.Repeat("- Candidate note.\n", 3)),
	memRule(RuleDuplicateUnit, validate.Warning, "an entry repeats another entry of the same file exactly",
		"-- constraints.md --\n- Work offline.\n- Keep files editable.\n- Work offline.\n",
		"-- constraints.md --\n- Work offline.\n- Keep files editable.\n"),
	memRule(RuleMachinePath, validate.Warning, "shared memory holds a machine-specific absolute path (/Users/name/, /home/name/, C:\\Users\\name\\)",
		"-- constraints.md --\n- Build output goes to /home/alice/nightnotes/build.\n",
		"-- constraints.md --\n- Build output goes to build/ in the repository.\n"),
	memRule(RuleAgentFileCopy, validate.Warning, "an agent entry file (AGENTS.md, CLAUDE.md, GEMINI.md) copies memory content instead of pointing to the manifest",
		"-- constraints.md --\n- Routine operation must work without network access.\n-- AGENTS.md --\n# Agents\n\n- Routine operation must work without network access.\n",
		"-- constraints.md --\n- Routine operation must work without network access.\n-- AGENTS.md --\n# Agents\n\nRead docs/memory/manifest.md and load what it routes.\n"),
	memRule(RuleAppendOnly, validate.Error, "a committed decision or tombstone was edited or removed without archiving it or recording a tombstone",
		"-- old/decisions.md --\n## Use JSON\n\nDecision: Store notes as JSON.\nReason: users edit them.\n-- new/decisions.md --\n## Use JSON\n\nDecision: Store notes in SQLite.\nReason: users edit them.\n",
		"-- old/decisions.md --\n## Use JSON\n\nDecision: Store notes as JSON.\nReason: users edit them.\n-- new/decisions.md --\n## Add export\n\nDecision: Export notes as Markdown.\nReason: users share them.\n\n## Use JSON\n\nDecision: Store notes as JSON.\nReason: users edit them.\n"),
	memRule(RuleStale, validate.Warning, "code of a configured area changed in commits newer than the area's memory file",
		"areas/storage.md last changed 2026-01-05; 4 later commits touch internal/storage/**",
		"areas/storage.md changed in the same commit as the latest change to internal/storage/**"),
}

// allRoutes are the six routes of the template, for examples.
const allRoutes = "### Planning / architecture / refactoring\n- decisions.md\n### Implementation / execution / debugging\n- decisions.md\n" +
	"### User-facing artifact / output\n- do-not-use.md\n### Preferences\n- preferences.md\n" +
	"### Change history / recap\n- decisions.md\n### Memory maintenance\n- inbox.md\n"

func memRule(id string, sev validate.Severity, summary, bad, good string) validate.Rule {
	return validate.Rule{ID: id, Severity: sev, Family: validate.Memory, Summary: summary, Bad: bad, Good: good}
}
