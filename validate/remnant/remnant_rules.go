package remnant

import (
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// Rule IDs of the memory-file rules.
const (
	RuleRemnantParse          = "remnant-parse"
	RuleRemnantBanner         = "remnant-banner"
	RuleRemnantTitle          = "remnant-title"
	RuleRemnantSections       = "remnant-sections"
	RuleRemnantUnknownSection = "remnant-unknown-section"
	RuleRemnantSchemaV1       = "remnant-schema-v1"
	RuleRemnantSession        = "remnant-session"
	RuleRemnantHistory        = "remnant-history"
	RuleRemnantStateSize      = "remnant-state-size"
	RuleRemnantLength         = "remnant-length"
	RuleRemnantDecisionFormat = "remnant-decision-format"
	RuleRemnantDecisionOrder  = "remnant-decision-order"
	RuleRemnantMapFormat      = "remnant-map-format"
	RuleRemnantPlaceholder    = "remnant-placeholder"
	RuleRemnantRawOutput      = "remnant-raw-output"
	RuleRemnantPersonalData   = "remnant-personal-data"
	RuleTemplateSchema        = "template-schema"
	RuleAgentsPointer         = "agents-pointer"
)

// RemnantRules returns every rule about Remnant memory files, in a stable
// order.
func RemnantRules() []validate.Rule {
	return []validate.Rule{
		mem(RuleRemnantParse, validate.Error, "memory file is not readable Markdown: binary, not UTF-8, too big, empty, truncated or with merge-conflict markers",
			exParseBad, exParseGood),
		mem(RuleRemnantBanner, validate.Warning, "REMNANT.md (schema v2) does not start with the <!-- AGENT PROTOCOL: ... --> comment",
			exampleV2(exBanner, ""), exampleV2()),
		mem(RuleRemnantTitle, validate.Error, "REMNANT.md has no \"# Remnant - <project-name>\" title",
			"# Notes\n", "# Remnant - demo\n"),
		mem(RuleRemnantSections, validate.Error, "a required REMNANT.md section is missing, repeated or out of order",
			exampleV2("## Failed\nNone\n\n", "", "## Done\n", "## Failed\nNone\n\n## Done\n"), exampleV2()),
		mem(RuleRemnantUnknownSection, validate.Warning, "REMNANT.md has a ## section the schema does not have",
			"## Notes\n- remember the milk\n", "## Next\n- Write tests.\n"),
		mem(RuleRemnantSchemaV1, validate.Warning, "REMNANT.md uses schema v1: add `version: 2`, ## Decisions and ## Map",
			exV1, exampleV2()),
		mem(RuleRemnantSession, validate.Error, "the Session section lacks a valid version, date, agent or duration, or has unknown or repeated keys",
			"## Session\n- date: yesterday\n- agent: robot\n- duration: half an hour\n",
			"## Session\n- date: 2026-05-05T14:00:00Z\n- agent: codex\n- duration: 30\n"),
		mem(RuleRemnantHistory, validate.Warning, "History has more than 5 entries, a malformed entry, or dates not oldest first",
			exampleV2(exHistoryLine, "- 2026-05-04: pivot\n"), exampleV2()),
		mem(RuleRemnantStateSize, validate.Error, "State has more than 6 bullets",
			exampleV2(exStateLine, exStateLine+strings.Repeat("- another fact.\n", 6)), exampleV2()),
		mem(RuleRemnantLength, validate.Warning, "REMNANT.md is longer than 150 lines",
			"## Done\n"+strings.Repeat("- one more thing.\n", 150), "## Done\n- Added the parser.\n"),
		mem(RuleRemnantDecisionFormat, validate.Error, "a Decisions entry is not \"YYYY-MM-DD — decision — why\" or is dated after the session",
			"## Decisions\n- use Go because it builds one binary\n", "## Decisions\n- 2026-05-04 — use Go — one static binary\n"),
		mem(RuleRemnantDecisionOrder, validate.Warning, "Decisions entries are not in date order",
			"## Decisions\n- 2026-05-04 — use Go — one binary\n- 2026-04-01 — MIT licence — simple\n",
			"## Decisions\n- 2026-04-01 — MIT licence — simple\n- 2026-05-04 — use Go — one binary\n"),
		mem(RuleRemnantMapFormat, validate.Warning, "a Map entry is not \"path — role\"",
			"## Map\n- the parser lives somewhere in src\n", "## Map\n- `src/parser.go` — Markdown parser\n"),
		mem(RuleRemnantPlaceholder, validate.Warning, "REMNANT.md still holds template placeholders like <project-name>, or Next is empty",
			"# Remnant - <project-name>\n", "# Remnant - demo\n"),
		mem(RuleRemnantRawOutput, validate.Warning, "REMNANT.md holds pasted terminal output, build logs or stack traces",
			"## Failed\n- tests failed:\n\npanic: runtime error: index out of range\n",
			"## Failed\n- `go test ./...` panicked on an empty input; fix the bounds check in parse.go\n"),
		mem(RuleRemnantPersonalData, validate.Warning, "a memory file holds personal data: e-mail addresses, phone numbers or chat transcripts",
			"## Blockers\n- ask Jane (jane.doe@gmail.com, +44 20 7946 0958) about the API\n",
			"## Blockers\n- ask the API owner about rate limits (see CONTRIBUTING.md)\n"),
		mem(RuleRemnantUnrecognized, validate.Warning, "a file named REMNANT.md has none of Remnant's marks (banner, # Remnant title, ## Session): it is not Remnant memory",
			"# Roses\n\nRoses are red,\nviolets are blue.\n", "# Remnant - demo\n\n## Session\n- date: 2026-05-05\n"),
		mem(RuleTemplateSchema, validate.Error, "REMNANT.template.md does not have the schema v2 shape",
			"# Remnant - <project-name>\n\n## Session\n- date: <ISO 8601>\n", exTemplateGood),
		mem(RuleAgentsPointer, validate.Warning, "CLAUDE.md or GEMINI.md does not point to AGENTS.md, or copies its rules",
			"# Claude\n\nRead REMNANT.md before touching code.\n",
			"# CLAUDE.md\n\nFollow `AGENTS.md` in this directory.\n@AGENTS.md\n"),
	}
}

func mem(id string, sev validate.Severity, summary, bad, good string) validate.Rule {
	return validate.Rule{ID: id, Severity: sev, Family: validate.Memory, Summary: summary, Bad: bad, Good: good}
}

// remnantSeverity holds the default severity of each rule ID.
var remnantSeverity = sync.OnceValue(func() map[string]validate.Severity { return severities(RemnantRules()) })

func severities(rules []validate.Rule) map[string]validate.Severity {
	m := make(map[string]validate.Severity, len(rules))
	for _, r := range rules {
		m[r.ID] = r.Severity
	}
	return m
}

// newFinding builds a finding with the rule's default severity.
func newFinding(id, path string, line, col int, msg string) validate.Finding {
	return validate.Finding{RuleID: id, Severity: remnantSeverity()[id], Path: path, Line: line, Column: col, Message: msg}
}
