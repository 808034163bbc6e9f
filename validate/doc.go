// Package validate checks agent memory files. It is pure: it takes bytes
// and returns findings, and never runs git or reads files itself.
//
// Remnant memory files (REMNANT.md, REMNANT.template.md, AGENTS.md,
// CLAUDE.md, GEMINI.md) are checked by CheckRemnant, CheckTemplate,
// CheckAgents and CheckPointer; ParseRemnant gives the git-aware rules what
// they compare. Comments in a file disable rules (see ApplyDirectives):
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
package validate
