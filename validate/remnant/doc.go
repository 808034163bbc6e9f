// Package remnant checks Remnant memory files: REMNANT.md (the gitignored
// handoff), REMNANT.template.md, AGENTS.md, and the CLAUDE.md and GEMINI.md
// pointers to it. It is pure: it takes bytes and returns findings, and never
// runs git or reads files itself.
//
// CheckRemnant, CheckTemplate, CheckAgents and CheckPointer check one file
// each; KindOf says which check a file name gets. ParseRemnant gives the
// git-aware rules (Decisions append-only, Map staleness) what they compare,
// and MigrateRemnant rewrites schema v1 as schema v2. Markdown is read
// through validate.ParseMarkdown, in the validate.CommonMark dialect of the
// one reading layer, and comments in a file disable rules
// through validate.ApplyDirectives:
//
//	<!-- remnant-guard:disable RULE-ID -->
//	<!-- remnant-guard:disable-next-line RULE-ID -->
//
// Rule IDs:
//
//	remnant-parse
//	remnant-banner
//	remnant-title
//	remnant-sections
//	remnant-unknown-section
//	remnant-schema-v1
//	remnant-session
//	remnant-history
//	remnant-state-size
//	remnant-length
//	remnant-decision-format
//	remnant-decision-order
//	remnant-map-format
//	remnant-placeholder
//	remnant-raw-output
//	remnant-personal-data
//	remnant-unrecognized
//	template-schema
//	agents-pointer
package remnant
