package custodian

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The upstream MemoryCustodian 0.10-0.12 tests (protocols 0.6-0.8) whose
// expectations concern check, ported as cases: each starts from a fresh
// `init` (a valid 0.8 directory with a curated brief), changes files, and
// states the verdict and the rules that must report errors.

func initTree() memTree {
	tr := memTree{files: map[string][]byte{}, links: map[string]string{}, agents: map[string][]byte{}}
	tr.files["manifest.md"] = []byte(manifest08)
	tr.files["subjects.md"] = []byte("# Subject Registry\n\nEntries are newest first.\n")
	tr.files["brief.md"] = []byte("# Project Brief\n\nPurpose:\nA real test project.\n\nCurrent direction:\nValidate memory.\n")
	for name, title := range map[string]string{"decisions.md": "Decisions", "constraints.md": "Constraints", "do-not-use.md": "Do Not Use", "inbox.md": "Memory Inbox"} {
		tr.files[name] = []byte("# " + title + "\n\nEntries are newest first.\n")
	}
	return tr
}

func subjectUnit(id, title, alias string) string {
	return "## " + id + " — " + title + "\n\nStatus: active\nKind: concept\nEvidence:\n- user-confirmed\n\nAliases:\n- " + alias + "\n"
}

// activeEntry renders upstream's render_active_entry.
func activeEntry(id, title, body, text, scope, subject, facet, extra string) string {
	s := "## " + id + " — " + title + "\n\nStatus: active\nScope: " + scope + "\n"
	if strings.HasPrefix(id, "MC-AREA-") {
		s += "Entry-Type: decision\n"
	}
	if subject != "" {
		s += "Subject: " + subject + "\n"
	}
	if facet != "" {
		s += "Facet: " + facet + "\n"
	}
	return s + extra + "Evidence:\n- user-confirmed\n\n" + body + ":\n" + text + "\n"
}

const (
	subjA = "MC-SUBJ-20260801-a1b2c3d4"
	regA  = "# Subject Registry\n\n" + "## " + subjA + " — Storage policy\n\nStatus: active\nKind: concept\nCanonical-Ref: feature:storage-policy\nEvidence:\n- user-confirmed\n\nAliases:\n- storage policy\n"
)

var areaBackend = func(s string) string {
	return strings.Replace(s, "### Enabled areas\n- None enabled.\n", "### Enabled areas\n- `areas/backend.md`\n  - activation: path-or-explicit\n  - paths: `cli/**`\n", 1)
}

type upstreamCase struct {
	name     string
	manifest func(string) string
	files    map[string]string // "" deletes
	pass     bool
	rules    []string // rules that must report an error
}

var upstreamCases = []upstreamCase{
	// test_read_status.py
	{name: "check_reports_initialized_memory_ok", pass: true},
	{name: "check_rejects_uncurated_brief", files: map[string]string{"brief.md": "# Project Brief\n\nPurpose:\n- TODO: Describe what this project does and who it serves.\n"}, rules: []string{RuleBriefScaffold}},
	{name: "check_suggests_target_compaction_for_over_budget_files", files: map[string]string{"constraints.md": "# Constraints\n\n" + strings.Repeat("- Must keep duplicate constraint.\n", 120)}, rules: []string{RuleOverBudget}},
	{name: "check_reports_unindexed_optional_memory", files: map[string]string{"areas/frontend.md": "# Area: Frontend\n"}, rules: []string{RuleUnindexedModule}},
	{name: "check_reports_missing_protocol_metadata", manifest: func(string) string {
		return "# Memory Manifest\n\n## Always load\n- brief.md\n\n## Load by task\n\n### Planning / architecture / refactoring\nLoad:\n- decisions.md\n- constraints.md\n- do-not-use.md\n\n## Explicit only\n- archive/\n\n## Optional rules\n- rules/\n\n## Optional profiles\n- profiles/\n"
	}, rules: []string{RuleProtocolVersion}},
	{name: "check_warns_about_machine_specific_preference", files: map[string]string{"preferences.md": "# Preferences\n\n## MC-PREF-20260921-abcdef12 — Local build tool\n\nStatus: active\nScope: project\nEvidence:\n- user-confirmed\n\nPreference:\nUse /Volumes/Local/Xcode.app for builds.\n"}, pass: true},
	{name: "status_and_check_report_long_decision_entry", files: map[string]string{"decisions.md": "# Decisions\n\n" + activeEntry("MC-DEC-20260921-0000aaaa", "Long", "Decision", longDetail(140), "project", "", "", "")}, rules: []string{RuleDecisionTooLong}},
	// test_snapshot_validation.py
	{name: "unclosed_canonical_entry_fence", files: map[string]string{"decisions.md": "# Decisions\n\n```text\n" + strings.Repeat("DO_NOT_PRINT_DECISIONS ", 50) + "\n"}, rules: []string{RuleEntrySchema}},
	{name: "alias_collision", files: map[string]string{"subjects.md": "# Subject Registry\n\n" + subjectUnit("MC-SUBJ-20260826-11111111", "First", "shared alias") + "\n" + subjectUnit("MC-SUBJ-20260826-22222222", "Second", "shared alias")}, rules: []string{RuleSubjectRegistry}},
	{name: "candidate_needs_provisional_subject_and_facet_together", files: map[string]string{
		"subjects.md": "# Subject Registry\n\n" + subjectUnit(subjA, "Storage policy", "storage policy"),
		"inbox.md":    "# Memory Inbox\n\n## MC-INBOX-20260826-abcdef12 — Candidate\n\nStatus: candidate\nCandidate-Type: decision\nScope: project\nProvisional-Subject: " + subjA + "\nEvidence:\n- agent-observed\n\nStatement:\nMaybe.\n\nPromotion-Requirement:\nConfirm with the user or an authoritative project source.\n"}, rules: []string{RuleEntrySchema}},
	{name: "unclosed_registry_fence", files: map[string]string{"subjects.md": "# Subjects\n\n```text\nunterminated\n"}, rules: []string{RuleSubjectRegistry}},
	{name: "unclosed_reconciliation_fence", files: map[string]string{"reconciliations.md": "# Reconciliations\n\n```text\nunterminated\n"}, rules: []string{RuleRelation}},
	{name: "subject_merge_reference", files: map[string]string{"subjects.md": "# Subject Registry\n\n" +
		"## MC-SUBJ-20260826-44444444 — Merged source\n\nStatus: merged\nKind: concept\nMerged-Into: MC-SUBJ-20260826-55555555\nEvidence:\n- user-confirmed\n\nAliases:\n- merged source\n\n" +
		subjectUnit("MC-SUBJ-20260826-55555555", "Canonical target", "canonical target") + "\nMerged-From:\n- MC-SUBJ-20260826-66666666\n"}, rules: []string{RuleSubjectRegistry}},
	{name: "subject_merge_reciprocal", files: map[string]string{"subjects.md": "# Subject Registry\n\n" +
		"## MC-SUBJ-20260826-44444444 — Merged source\n\nStatus: merged\nKind: concept\nMerged-Into: MC-SUBJ-20260826-55555555\nEvidence:\n- user-confirmed\n\nAliases:\n- merged source\n\n" +
		subjectUnit("MC-SUBJ-20260826-55555555", "Canonical target", "canonical target") + "\nMerged-From:\n- MC-SUBJ-20260826-44444444\n"}, pass: true},
	{name: "subject_registry_unknown_field", files: map[string]string{"subjects.md": "# Subject Registry\n\n" + subjectUnit(subjA, "Storage policy", "storage policy") + "\nUnknown-Field: must be diagnosed as schema\n"}, rules: []string{RuleSubjectRegistry}},
	{name: "fresh_init_uncurated", files: map[string]string{"brief.md": "# Project Brief\n\nPurpose:\n- TODO: Describe what this project does and who it serves.\n\nCurrent direction:\n- TODO: Describe the current product or engineering priorities.\n"}, rules: []string{RuleBriefScaffold}},
	// test_protocol_07_release_gaps.py: lexing and the Protocol section
	{name: "code_span_does_not_open_a_comment", manifest: func(s string) string { return "`<!--`\n\n" + s }, pass: true},
	{name: "fenced_tilde_protocol_copy", manifest: func(s string) string {
		return s + "\n\n~~~`legal tilde info\n## MemoryCustodian Protocol\n- protocol_version: 0.6\n~~~\n"
	}, pass: true},
	{name: "backtick_in_fence_info", manifest: func(s string) string { return "```python`invalid\n" + s + "\n```\n" }, rules: []string{RuleManifestGrammar}},
	{name: "setext_protocol_heading", manifest: func(s string) string {
		return strings.Replace(s, "## MemoryCustodian Protocol", "MemoryCustodian Protocol\n---", 1)
	}, rules: []string{RuleProtocolVersion}},
	{name: "protocol_heading_hash_suffix", manifest: func(s string) string {
		return strings.Replace(s, "## MemoryCustodian Protocol", "## MemoryCustodian Protocol#", 1)
	}, rules: []string{RuleProtocolMetadata}},
	{name: "metadata_indented_four_spaces", manifest: func(s string) string {
		return strings.Replace(s, "\n- ", "\n    - ", 12)
	}, rules: []string{RuleProtocolVersion}},
	{name: "commented_protocol_copy", manifest: func(s string) string {
		return s + "\n\n<!--\n## MemoryCustodian Protocol\n- protocol_version: 0.6\n-->\n"
	}, pass: true},
	{name: "indented_protocol_heading", manifest: func(s string) string {
		return strings.Replace(s, "## MemoryCustodian Protocol", "    ## MemoryCustodian Protocol", 1)
	}, rules: []string{RuleProtocolVersion}},
	{name: "fenced_protocol_copy", manifest: func(s string) string {
		return s + "\n\n```markdown\n## MemoryCustodian Protocol\n- protocol_version: 0.6\n```\n"
	}, pass: true},
	{name: "duplicate_protocol_section", manifest: func(s string) string { return s + "\n\n## MEMORYCUSTODIAN PROTOCOL\n- protocol_version: 0.6\n" }, rules: []string{RuleProtocolMetadata}},
	{name: "h3_protocol_heading", manifest: func(s string) string {
		return strings.Replace(s, "## MemoryCustodian Protocol", "### MemoryCustodian Protocol", 1)
	}, rules: []string{RuleProtocolVersion}},
	{name: "extra_protocol_trace", manifest: func(s string) string { return s + "\n\n## Additional notes\n\n### MemoryCustodian Protocol\n" }, rules: []string{RuleProtocolMetadata}},
	{name: "extra_protocol_trace_no_space", manifest: func(s string) string { return s + "\n\n## Additional notes\n\n##MemoryCustodian Protocol\n" }, rules: []string{RuleProtocolMetadata}},
	{name: "pre_metadata_legacy_routing", manifest: func(s string) string {
		i := strings.Index(s, "## MemoryCustodian Protocol")
		j := strings.Index(s, "## Always load")
		return s[:i] + s[j:]
	}, rules: []string{RuleProtocolVersion}},
	{name: "noncanonical_version_0.8.0", manifest: func(s string) string {
		return strings.Replace(s, "protocol_version: 0.8", "protocol_version: 0.8.0", 1)
	}, rules: []string{RuleProtocolVersion}},
	{name: "noncanonical_version_00.8", manifest: func(s string) string {
		return strings.Replace(s, "protocol_version: 0.8", "protocol_version: 00.8", 1)
	}, rules: []string{RuleProtocolVersion}},
	{name: "newer_version_0.9", manifest: func(s string) string {
		return strings.Replace(s, "protocol_version: 0.8", "protocol_version: 0.9", 1)
	}, rules: []string{RuleProtocolVersion}},
	{name: "requires_protocol_version", manifest: dropLine("- protocol_version: 0.8"), rules: []string{RuleProtocolVersion}},
	{name: "requires_routing_schema_version", manifest: dropLine("- routing_schema_version: 1"), rules: []string{RuleProtocolMetadata}},
	{name: "requires_admission_policy", manifest: dropLine("- admission_policy: evidence-required"), rules: []string{RuleProtocolMetadata}},
	{name: "requires_entry_schema_version", manifest: dropLine("- entry_schema_version: 3"), rules: []string{RuleProtocolMetadata}},
	{name: "duplicate_protocol_version", manifest: dupLine("- protocol_version: 0.8"), rules: []string{RuleProtocolMetadata}},
	{name: "duplicate_entry_schema_version", manifest: dupLine("- entry_schema_version: 3"), rules: []string{RuleProtocolMetadata}},
	{name: "duplicate_project_id", manifest: dupLine("- project_id: " + example08ID), rules: []string{RuleProtocolMetadata}},
	{name: "project_id_removed", manifest: dropLine("- project_id: " + example08ID), rules: []string{RuleProtocolMetadata}},
	{name: "empty_protocol_version", manifest: addAfter("- protocol_version: 0.8", "- protocol_version:"), rules: []string{RuleProtocolMetadata}},
	{name: "malformed_metadata_line", manifest: addAfter("- protocol_version: 0.8", "- protocol_version"), rules: []string{RuleProtocolMetadata}},
	{name: "invalid_project_id", manifest: func(s string) string { return strings.Replace(s, example08ID, "invalid", 1) }, rules: []string{RuleProtocolMetadata}},
	// task routes and the optional module index
	{name: "duplicate_optional_module_subsection", manifest: addAfter("### Enabled profiles\n- None enabled.", "\n### Enabled rules\n- None enabled."), rules: []string{RuleModuleDeclaration}},
	{name: "contradictory_optional_module_sentinel", manifest: func(s string) string {
		return strings.Replace(s, "### Enabled rules\n- None enabled.\n", "### Enabled rules\n- None enabled.\n- `rules/output.md`\n  - activation: explicit-only\n", 1)
	}, files: map[string]string{"rules/output.md": "# Rule: Output\n"}, rules: []string{RuleModuleDeclaration}},
	{name: "unknown_h3_route_heading", manifest: func(s string) string {
		return strings.Replace(s, "### Planning / architecture / refactoring", "### Unknown task route\nLoad:\n- decisions.md\n\n### Planning / architecture / refactoring", 1)
	}, rules: []string{RuleManifestGrammar}},
	{name: "module_outside_canonical_subsection", manifest: func(s string) string {
		return strings.Replace(s, "## Optional module index\n", "## Optional module index\n- `rules/output.md`\n  - activation: explicit-only\n", 1)
	}, files: map[string]string{"rules/output.md": "# Rule: Output\n"}, rules: []string{RuleModuleDeclaration}},
	{name: "load_by_task_renamed", manifest: func(s string) string { return strings.Replace(s, "## Load by task", "## Other task routes", 1) }, rules: []string{RuleManifestGrammar}},
	{name: "second_load_by_task", manifest: func(s string) string { return s + "\n## Load by task\n" }, rules: []string{RuleManifestGrammar}},
	{name: "canonical_h3_outside_load_by_task", manifest: func(s string) string {
		return s + "\n## Other task routes\n\n### Planning / architecture / refactoring\nLoad:\n- decisions.md\n"
	}, rules: []string{RuleManifestGrammar}},
	{name: "duplicate_optional_module_index", manifest: func(s string) string {
		return s + "\n\n## Optional module index\n\n### Enabled rules\n- `rules/evil.md`\n  - activation: explicit-only\n"
	}, rules: []string{RuleModuleDeclaration}},
	{name: "exclusive_group_is_unknown", manifest: func(s string) string {
		return strings.Replace(areaBackend(s), "  - paths: `cli/**`\n", "  - paths: `cli/**`\n  - exclusive-group: runtime\n", 1)
	}, files: map[string]string{"areas/backend.md": "# Area: Backend\n"}, rules: []string{RuleModuleDeclaration}},
	{name: "duplicate_module_key", manifest: func(s string) string {
		return strings.Replace(areaBackend(s), "  - paths: `cli/**`\n", "  - paths: `cli/**`\n  - activation: path\n", 1)
	}, files: map[string]string{"areas/backend.md": "# Area: Backend\n"}, rules: []string{RuleModuleDeclaration}},
	{name: "duplicate_module_declaration", manifest: func(s string) string {
		return strings.Replace(areaBackend(s), "  - paths: `cli/**`\n", "  - paths: `cli/**`\n- `areas/backend.md`\n  - activation: explicit-only\n", 1)
	}, files: map[string]string{"areas/backend.md": "# Area: Backend\n"}, rules: []string{RuleModuleDeclaration}},
	{name: "unsafe_always_load_path", manifest: func(s string) string {
		return strings.Replace(s, "## Always load\n- brief.md", "## Always load\n- ../outside.md", 1)
	}, rules: []string{RuleUnsafeRoutePath}},
	// entries, relations and lifecycle
	{name: "supersession_requires_structural_identity", manifest: areaBackend, files: map[string]string{
		"subjects.md":      regA,
		"decisions.md":     "# Decisions\n\n" + strings.Replace(activeEntry("MC-DEC-20260809-11111111", "Old", "Decision", "Old.", "project", subjA, "interface", "Superseded-By: MC-AREA-20260809-22222222\n"), "Status: active", "Status: superseded", 1),
		"areas/backend.md": "# Backend\n\n" + activeEntry("MC-AREA-20260809-22222222", "New", "Decision", "New.", "area:backend", subjA, "interface", "Supersedes: MC-DEC-20260809-11111111\n")}, rules: []string{RuleRelation}},
	{name: "promotion_pair_valid", files: promotionFiles("preference", "project", true), pass: true},
	{name: "promotion_not_reciprocal", files: promotionFiles("preference", "project", false), rules: []string{RuleRelation}},
	{name: "promotion_type_mismatch", files: promotionFiles("decision", "project", true), rules: []string{RuleRelation}},
	{name: "promotion_scope_changed", files: promotionFiles("preference", "area:backend", true), rules: []string{RuleRelation}},
	{name: "supersession_cycle", files: map[string]string{"subjects.md": regA, "decisions.md": "# Decisions\n\n" +
		superseded("MC-DEC-20260810-11111111", "MC-DEC-20260810-22222222", "MC-DEC-20260810-33333333") + "\n" +
		superseded("MC-DEC-20260810-33333333", "MC-DEC-20260810-11111111", "MC-DEC-20260810-22222222") + "\n" +
		superseded("MC-DEC-20260810-22222222", "MC-DEC-20260810-33333333", "MC-DEC-20260810-11111111")}, rules: []string{RuleRelation}},
	{name: "supersession_resolves_to_archive", files: map[string]string{"subjects.md": regA,
		"decisions.md":                    "# Decisions\n\n" + activeEntry("MC-DEC-20260825-cccccccc", "New", "Decision", "New.", "project", subjA, "architecture", "Supersedes: MC-DEC-20260729-bbbbbbbb\n"),
		"archive/decisions-2026-08-25.md": "# Archived Decisions\n\n" + strings.Replace(activeEntry("MC-DEC-20260729-bbbbbbbb", "Old", "Decision", "Old.", "project", subjA, "architecture", "Superseded-By: MC-DEC-20260825-cccccccc\n"), "Status: active", "Status: superseded", 1)}, pass: true},
	{name: "orphan_active_entry_outside_canonical_storage", files: map[string]string{"orphan.md": "# Orphan\n\n" + activeEntry("MC-CON-20260801-11111111", "Orphan", "Constraint", "Orphan.", "project", "", "", "")}, rules: []string{RuleEntrySchema}},
	{name: "malformed_entry_heading", files: map[string]string{"preferences.md": "# Preferences\n\n## Prefix MC-PREF-20260812-abcdef12 suffix\n\nStatus: active\nScope: project\nEvidence:\n- user-confirmed\n\nPreference:\nMalformed.\n"}, rules: []string{RuleEntrySchema}},
	{name: "scope_is_case_sensitive", files: map[string]string{"constraints.md": "# Constraints\n\n" + activeEntry("MC-CON-20260801-11111111", "Case", "Constraint", "Case.", "Project", "", "", "")}, rules: []string{RuleEntrySchema}},
	// subjects, conflicts, reconciliations
	{name: "project_area_overlap_needs_review", manifest: areaBackend, files: overlapFiles(""), pass: true},
	{name: "project_area_overlap_with_exception", manifest: areaBackend, files: overlapFiles("Exception-To: MC-CON-20260801-11111111\n"), pass: true},
	{name: "invalid_exception_target", manifest: areaBackend, files: overlapFiles("Exception-To: MC-CON-20260801-ffffffff\n"), rules: []string{RuleConflict}},
	{name: "duplicate_structural_owner", files: map[string]string{"subjects.md": regA, "constraints.md": "# Constraints\n\n" +
		activeEntry("MC-CON-20260801-11111111", "One", "Constraint", "One.", "project", subjA, "behavior", "") + "\n" +
		activeEntry("MC-CON-20260801-22222222", "Two", "Constraint", "Two.", "project", subjA, "behavior", "")}, rules: []string{RuleConflict}},
	{name: "unregistered_subject_and_bad_facet", files: map[string]string{"constraints.md": "# Constraints\n\n" +
		activeEntry("MC-CON-20260801-11111111", "One", "Constraint", "One.", "project", "MC-SUBJ-20260801-deadbeef", "not-a-facet", "")}, rules: []string{RuleEntrySubject}},
	{name: "alias_equals_other_title", files: map[string]string{"subjects.md": "# Subject Registry\n\n" + subjectUnit("MC-SUBJ-20260826-11111111", "First", "first") + "\n" + subjectUnit("MC-SUBJ-20260826-22222222", "Second", "first")}, rules: []string{RuleSubjectRegistry}},
	{name: "canonical_ref_collision", files: map[string]string{"subjects.md": "# Subject Registry\n\n" +
		strings.Replace(subjectUnit("MC-SUBJ-20260826-11111111", "First", "first"), "Evidence:", "Canonical-Ref: feature:shared\nEvidence:", 1) + "\n" +
		strings.Replace(subjectUnit("MC-SUBJ-20260826-22222222", "Second", "second"), "Evidence:", "Canonical-Ref: feature:shared\nEvidence:", 1)}, rules: []string{RuleSubjectRegistry}},
	{name: "malformed_reconciliation", files: map[string]string{"reconciliations.md": "# Reconciliations\n\n## MC-REC-bad — Broken\n\nStatus: active\n"}, rules: []string{RuleRelation}},
	{name: "subject_status_twice", files: map[string]string{"subjects.md": "# Subject Registry\n\n" + strings.Replace(subjectUnit(subjA, "Storage policy", "storage policy"), "Status: active\n", "Status: active\nStatus: active\n", 1)}, rules: []string{RuleSubjectRegistry}},
	{name: "readme_is_not_an_owner", files: map[string]string{"rules/README.md": "# Rules\n\n" + activeEntry("MC-AREA-20260801-11111111", "Rule", "Rule", "A rule.", "project", "", "", "")}, pass: true},
	// test_protocol_06.py
	{name: "duplicate_fields_wrong_body_and_lifecycle_collision", files: map[string]string{"constraints.md": "# Constraints\n\n## MC-CON-20260729-a1b2c3d4 — Malformed structured entry\n\nStatus: active\nStatus: superseded\nScope: project\nEvidence:\n- user-confirmed\nEvidence:\n- user-confirmed\nSuperseded-By: MC-CON-20260729-b2c3d4e5\nSuperseded-By: MC-CON-20260729-b2c3d4e5\nPromoted-To: MC-CON-20260729-c3d4e5f6\n\nDecision:\nThis body has the wrong type.\n"}, rules: []string{RuleEntrySchema}},
	{name: "type_storage_and_area_scope", manifest: areaBackend, files: map[string]string{
		"constraints.md":   "# Constraints\n\n" + activeEntry("MC-DEC-20260729-a1b2c3d4", "Misplaced decision", "Decision", "Misplaced.", "project", "", "", ""),
		"areas/backend.md": "# Area: Backend\n\n" + activeEntry("MC-AREA-20260729-b2c3d4e5", "Wrong scope", "Decision", "Wrong.", "project", "", "", "")}, rules: []string{RuleEntrySchema}},
	{name: "duplicate_id_invalid_status_scope_candidate_location", files: map[string]string{"constraints.md": "# Constraints\n\n## MC-CON-20260728-a1b2c3d4 — One\n\nStatus: mystery\nScope: outside\nEvidence:\n- user-confirmed\n\nConstraint:\nOne.\n\n## MC-CON-20260728-a1b2c3d4 — Two\n\nStatus: candidate\nScope: project\nEvidence:\n- agent-observed\n\nStatement:\nTwo.\n"}, rules: []string{RuleEntrySchema, RuleDuplicateID}},
	{name: "active_inbox_and_broken_relation", files: map[string]string{"inbox.md": "# Memory Inbox\n\n## MC-INBOX-20260728-a1b2c3d4 — Invalid active inbox entry\n\nStatus: active\nScope: project\nEvidence:\n- user-confirmed\n\nSupersedes: MC-CON-20260728-ffffffff\n\nStatement:\nInvalid.\n"}, rules: []string{RuleEntrySchema, RuleRelation}},
	{name: "evidence_path_outside", files: map[string]string{"constraints.md": "# Constraints\n\n" + strings.Replace(activeEntry("MC-CON-20260801-11111111", "One", "Constraint", "One.", "project", "", "", ""), "- user-confirmed", "- repo:../secret", 1)}, rules: []string{RuleEntrySchema}},
	{name: "agent_observed_active", files: map[string]string{"constraints.md": "# Constraints\n\n" + strings.Replace(activeEntry("MC-CON-20260801-11111111", "One", "Constraint", "One.", "project", "", "", ""), "- user-confirmed", "- agent-observed", 1)}, rules: []string{RuleEntryEvidence}},
	{name: "near_limit_is_a_warning", files: map[string]string{"decisions.md": "# Decisions\n\n" + strings.Repeat("context ", 640) + "\n"}, pass: true},
	{name: "symlink_to_outside", files: map[string]string{}, pass: false, rules: []string{RuleSymlink}},
}

func longDetail(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "detail%d ", i)
	}
	return b.String()
}

func superseded(id, supersedes, by string) string {
	return strings.Replace(activeEntry(id, "Cycle", "Decision", "Cycle.", "project", subjA, "interface", "Supersedes: "+supersedes+"\nSuperseded-By: "+by+"\n"), "Status: active", "Status: superseded", 1)
}

func promotionFiles(candType, candScope string, reciprocal bool) map[string]string {
	back := ""
	if reciprocal {
		back = "Promoted-From: MC-INBOX-20260809-11111111\n"
	}
	return map[string]string{
		"inbox.md": "# Memory Inbox\n\n## MC-INBOX-20260809-11111111 — Candidate\n\nStatus: promoted\nCandidate-Type: " + candType + "\nScope: " + candScope +
			"\nPromoted-To: MC-PREF-20260809-22222222\nEvidence:\n- user-confirmed\n\nStatement:\nPrefer short output.\n\nPromotion-Requirement:\nConfirm with the user or an authoritative project source.\n",
		"preferences.md": "# Preferences\n\n" + activeEntry("MC-PREF-20260809-22222222", "Short output", "Preference", "Prefer short output.", "project", "", "", back),
	}
}

func overlapFiles(extra string) map[string]string {
	return map[string]string{"subjects.md": regA,
		"constraints.md":   "# Constraints\n\n" + activeEntry("MC-CON-20260801-11111111", "Project", "Constraint", "Project.", "project", subjA, "behavior", ""),
		"areas/backend.md": "# Backend\n\n" + activeEntry("MC-CON-20260801-22222222", "Area", "Constraint", "Area.", "area:backend", subjA, "behavior", extra)}
}

func dropLine(l string) func(string) string {
	return func(s string) string { return strings.Replace(s, l+"\n", "", 1) }
}

func dupLine(l string) func(string) string {
	return func(s string) string { return strings.Replace(s, l+"\n", l+"\n"+l+"\n", 1) }
}

func addAfter(l, extra string) func(string) string {
	return func(s string) string { return strings.Replace(s, l+"\n", l+"\n"+extra+"\n", 1) }
}

func TestUpstreamCases(t *testing.T) {
	for _, tc := range upstreamCases {
		t.Run(tc.name, func(t *testing.T) {
			root := writeCaseTree(t, tc.manifest, tc.files)
			if tc.name == "symlink_to_outside" {
				os.WriteFile(filepath.Join(root, "leak.md"), []byte("# Leak\n"), 0o644)
				os.MkdirAll(filepath.Join(root, "docs", "memory", "areas"), 0o755)
				os.Symlink("../../../leak.md", filepath.Join(root, "docs", "memory", "areas", "leak.md"))
			}
			errs := errorsOf(Check(os.DirFS(filepath.Join(root, "docs", "memory")), Options{}, nil))
			got := map[string]bool{}
			var list []string
			for _, f := range errs {
				got[f.RuleID] = true
				list = append(list, fmt.Sprintf("%s:%d %s: %s", f.Path, f.Line, f.RuleID, f.Message))
			}
			sort.Strings(list)
			if tc.pass != (len(errs) == 0) {
				t.Errorf("pass = %v, want %v:\n%s", len(errs) == 0, tc.pass, strings.Join(list, "\n"))
			}
			for _, r := range tc.rules {
				if !got[r] {
					t.Errorf("no %s error:\n%s", r, strings.Join(list, "\n"))
				}
			}
		})
	}
}

// writeCaseTree writes the 0.8 project of initTree, its manifest edited by
// manifest (when not nil, and the edit must change it) and files replaced
// (an empty text deletes the file), to a temporary directory, its root.
func writeCaseTree(t *testing.T, manifest func(string) string, files map[string]string) string {
	t.Helper()
	tr := initTree()
	if manifest != nil {
		m := manifest(manifest08)
		if m == manifest08 {
			t.Fatal("the manifest edit changed nothing")
		}
		tr.files["manifest.md"] = []byte(m)
	}
	for name, s := range files {
		if s == "" {
			delete(tr.files, name)
		} else {
			tr.files[name] = []byte(s)
		}
	}
	root := t.TempDir()
	tr.write(t, root)
	return root
}
