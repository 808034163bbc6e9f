package custodian

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The upstream tests that run `check --routing`, `--reachability`,
// `--freshness` or `--conflicts`, ported: each starts from a fresh init
// (initTree), changes files, and states the exit code, the codes that
// must (or must not) be reported and text the report must hold.

type focusCase struct {
	name     string
	check    string
	manifest func(string) string
	files    map[string]string // memory files; "" deletes
	project  map[string]string // repository files outside the memory directory
	head     string
	exit     int
	codes    []string // codes that must be reported
	only     []string // when set: exactly these codes
	absent   []string // codes that must not be reported
	text     []string // substrings of the text report
	status   string   // conflict status
}

const (
	routing = FocusRouting
	reach   = FocusReachability
	fresh   = FocusFreshness
	confl   = FocusConflicts
)

// contractBreaks are the manifest edits upstream's INVALID gates use.
var contractBreaks = []struct {
	name string
	edit func(string) string
	text string
}{
	{"backtick_in_fence_info", func(s string) string { return "```python`invalid\n" + s + "\n```\n" }, "must not contain backticks"},
	{"setext_protocol_heading", func(s string) string {
		return strings.Replace(s, "## MemoryCustodian Protocol", "MemoryCustodian Protocol\n---", 1)
	}, "exactly one MemoryCustodian Protocol heading"},
	{"protocol_heading_hash_suffix", func(s string) string {
		return strings.Replace(s, "## MemoryCustodian Protocol", "## MemoryCustodian Protocol#", 1)
	}, "exactly one MemoryCustodian Protocol heading"},
	{"metadata_indented_four_spaces", func(s string) string { return strings.Replace(s, "\n- ", "\n    - ", 12) }, "MC-ROUTING-007"},
	{"indented_protocol_heading", func(s string) string {
		return strings.Replace(s, "## MemoryCustodian Protocol", "    ## MemoryCustodian Protocol", 1)
	}, "MC-ROUTING-007"},
	{"duplicate_protocol_section", func(s string) string { return s + "\n\n## MEMORYCUSTODIAN PROTOCOL\n- protocol_version: 0.6\n" }, "exactly one MemoryCustodian Protocol heading"},
	{"h3_protocol_heading", func(s string) string {
		return strings.Replace(s, "## MemoryCustodian Protocol", "### MemoryCustodian Protocol", 1)
	}, "exactly one MemoryCustodian Protocol heading"},
	{"h2_without_space", func(s string) string {
		return strings.Replace(s, "## MemoryCustodian Protocol", "##MemoryCustodian Protocol", 1)
	}, "exactly one MemoryCustodian Protocol heading"},
	{"extra_protocol_trace", func(s string) string { return s + "\n\n## Additional notes\n\n### MemoryCustodian Protocol\n" }, "exactly one MemoryCustodian Protocol heading"},
	{"extra_protocol_trace_no_space", func(s string) string { return s + "\n\n## Additional notes\n\n##MemoryCustodian Protocol\n" }, "exactly one MemoryCustodian Protocol heading"},
	{"noncanonical_0.8.0", func(s string) string {
		return strings.Replace(s, "protocol_version: 0.8", "protocol_version: 0.8.0", 1)
	}, "canonical"},
	{"noncanonical_00.8", func(s string) string { return strings.Replace(s, "protocol_version: 0.8", "protocol_version: 00.8", 1) }, "canonical"},
	{"newer_0.9", func(s string) string { return strings.Replace(s, "protocol_version: 0.8", "protocol_version: 0.9", 1) }, "newer than"},
	{"requires_protocol_version", dropLine("- protocol_version: 0.8"), "protocol_version"},
	{"requires_routing_schema_version", dropLine("- routing_schema_version: 1"), "routing_schema_version: 1"},
	{"requires_admission_policy", dropLine("- admission_policy: evidence-required"), "admission_policy: evidence-required"},
	{"invalid_project_id", func(s string) string { return strings.Replace(s, example08ID, "invalid", 1) }, "UUIDv4 project_id"},
	{"duplicate_optional_module_subsection", addAfter("### Enabled profiles\n- None enabled.", "\n### Enabled rules\n- None enabled."), "duplicate optional module subsection"},
	{"contradictory_sentinel", func(s string) string {
		return strings.Replace(s, "### Enabled rules\n- None enabled.\n", "### Enabled rules\n- None enabled.\n- `rules/output.md`\n  - activation: explicit-only\n", 1)
	}, "contradictory optional module sentinel"},
	{"unknown_h3_route_heading", func(s string) string {
		return strings.Replace(s, "### Planning / architecture / refactoring", "### Unknown task route\nLoad:\n- decisions.md\n\n### Planning / architecture / refactoring", 1)
	}, "unknown H3 route heading"},
	{"module_outside_canonical_subsection", func(s string) string {
		return strings.Replace(s, "## Optional module index\n", "## Optional module index\n- `rules/output.md`\n  - activation: explicit-only\n", 1)
	}, "outside a canonical subsection"},
	{"load_by_task_renamed", func(s string) string { return strings.Replace(s, "## Load by task", "## Other task routes", 1) }, "expected exactly one 'Load by task' section, found 0"},
	{"second_load_by_task", func(s string) string { return s + "\n## Load by task\n" }, "found 2"},
	{"canonical_h3_outside", func(s string) string {
		return s + "\n## Other task routes\n\n### Planning / architecture / refactoring\nLoad:\n- decisions.md\n"
	}, "canonical heading appears outside"},
	{"duplicate_optional_module_index", func(s string) string {
		return s + "\n\n## Optional module index\n\n### Enabled rules\n- `rules/evil.md`\n  - activation: explicit-only\n"
	}, "at most one Optional module index"},
	{"unsafe_always_load_path", func(s string) string {
		return strings.Replace(s, "## Always load\n- brief.md", "## Always load\n- ../outside.md", 1)
	}, "../outside.md"},
}

// focusCases are the upstream tests of the focused checks.
func focusCases() []focusCase {
	var out []focusCase
	// test_protocol_07_release_gaps: every INVALID gate fails check
	// --routing with MC-ROUTING-007 and the text; test_invalid_protocol_
	// contract_is_rejected_across_public_entrypoints and
	// test_routing_contract_gates_writers_recovery_and_focused_checks: so
	// do --conflicts, --reachability and --freshness.
	for _, b := range contractBreaks {
		for _, c := range FocusChecks {
			out = append(out, focusCase{name: b.name + "/" + c, check: c, manifest: b.edit, exit: 1, only: []string{"MC-ROUTING-007"}, text: []string{b.text}})
		}
	}
	// Gates that must stay open.
	for name, edit := range map[string]func(string) string{
		"code_span_does_not_open_a_comment": func(s string) string { return "`<!--`\n\n" + s },
		"fenced_tilde_protocol_copy": func(s string) string {
			return s + "\n\n~~~`legal tilde info\n## MemoryCustodian Protocol\n- protocol_version: 0.6\n~~~\n"
		},
		"commented_protocol_copy": func(s string) string {
			return s + "\n\n<!--\n## MemoryCustodian Protocol\n- protocol_version: 0.6\n-->\n"
		},
		"fenced_markdown_protocol_copy": func(s string) string {
			return s + "\n\n```markdown\n## MemoryCustodian Protocol\n- protocol_version: 0.6\n```\n"
		},
	} {
		out = append(out, focusCase{name: name, check: routing, manifest: edit, exit: 0, only: []string{}})
	}
	out = append(out, focusCase{name: "pre_metadata_legacy_routing", check: routing, manifest: func(s string) string {
		i, j := strings.Index(s, "## MemoryCustodian Protocol"), strings.Index(s, "## Always load")
		return s[:i] + s[j:]
	}, exit: 0, absent: []string{"MC-ROUTING-007"}})
	return append(out, focusEntryCases()...)
}

func focusEntryCases() []focusCase {
	orphan := "# Orphan\n\n" + activeEntry("MC-CON-20260801-11111111", "Orphan", "Constraint", "Orphan.", "project", "", "", "")
	missingPolicy := strings.Replace(activeEntry("MC-DEC-20260801-11111111", "Policy", "Decision", "Policy.", "project", subjA, "architecture", ""), "- user-confirmed", "- repo:missing-policy.md", 1)
	dangling := strings.Replace(activeEntry("MC-DEC-20260801-33333333", "Old", "Decision", "Old.", "project", subjA, "interface", "Superseded-By: MC-DEC-20260801-ffffffff\n"), "Status: active", "Status: superseded", 1)
	mergedReg := "# Subject Registry\n\n## MC-SUBJ-20260826-44444444 — Merged source\n\nStatus: merged\nKind: concept\nMerged-Into: " + subjA + "\nEvidence:\n- user-confirmed\n\nAliases:\n- merged source\n\n" +
		subjectUnit(subjA, "Storage policy", "storage policy") + "\nMerged-From:\n- MC-SUBJ-20260826-44444444\n"
	archivePair := map[string]string{"subjects.md": regA,
		"decisions.md":                    "# Decisions\n\n" + activeEntry("MC-DEC-20260825-11111111", "New", "Decision", "New.", "project", subjA, "architecture", "Supersedes: MC-DEC-20260729-ffffffff\n"),
		"archive/decisions-2026-08-25.md": "# Archived Decisions\n\n" + strings.Replace(activeEntry("MC-DEC-20260729-ffffffff", "Old", "Decision", "Old.", "project", subjA, "architecture", "Superseded-By: MC-DEC-20260825-11111111\n"), "Status: active", "Status: superseded", 1)}
	withRec := map[string]string{"reconciliations.md": "# Reconciliations\n\n## MC-REC-20260825-22222222 — Archive acknowledgement\n\nStatus: active\nEntries:\n- MC-DEC-20260729-ffffffff\n- MC-DEC-20260825-11111111\nResolution: superseded\nEvidence:\n- user-confirmed\n"}
	for k, v := range archivePair {
		withRec[k] = v
	}
	twoOwners := "# Constraints\n\n" + activeEntry("MC-CON-20260801-11111111", "One", "Constraint", "One.", "project", subjA, "behavior", "") + "\n" +
		activeEntry("MC-CON-20260801-22222222", "Two", "Constraint", "Two.", "project", subjA, "behavior", "")
	distinct := func(ids ...string) string {
		s := "# Reconciliations\n\n"
		for _, id := range ids {
			s += "## " + id + " — Distinct\n\nStatus: active\nEntries:\n- MC-DEC-20260801-11111111\n- MC-DEC-20260801-22222222\nResolution: distinct\nEvidence:\n- user-confirmed\n\n"
		}
		return s
	}
	twoFacets := "# Decisions\n\n" + activeEntry("MC-DEC-20260801-11111111", "One", "Decision", "One.", "project", subjA, "behavior", "") + "\n" +
		activeEntry("MC-DEC-20260801-22222222", "Two", "Decision", "Two.", "project", subjA, "adoption-policy", "")
	return []focusCase{
		// test_reachability_and_freshness_cover_hard_and_historical_entries
		{name: "orphan_constraint_is_unreachable", check: reach, files: map[string]string{"orphan.md": orphan}, exit: 1, codes: []string{"MC-REACH-001"},
			text: []string{"MC-REACH-001 ERROR: MC-CON-20260801-11111111 in orphan.md is outside canonical manifest-authorized storage."}},
		{name: "missing_evidence_and_dangling_supersession", check: fresh, files: map[string]string{"subjects.md": regA, "decisions.md": "# Decisions\n\n" + missingPolicy + "\n" + dangling},
			exit: 1, codes: []string{"MC-FRESH-001", "MC-FRESH-004"}, text: []string{"MC-FRESH-001 ERROR", "MC-FRESH-004 ERROR", "MC-DEC-20260801-33333333", "repo:missing-policy.md"}},
		// test_promotion_pair_validation_is_shared_by_check_and_freshness
		{name: "promotion_pair_valid", check: fresh, files: promotionFiles("preference", "project", true), exit: 0, only: []string{}},
		{name: "promotion_not_reciprocal", check: fresh, files: promotionFiles("preference", "project", false), exit: 1, codes: []string{"MC-FRESH-004"}, text: []string{"Promoted-To relation is not reciprocal"}},
		{name: "promotion_type_mismatch", check: fresh, files: promotionFiles("decision", "project", true), exit: 1, codes: []string{"MC-FRESH-004"}, text: []string{"type does not match source Candidate-Type"}},
		{name: "promotion_scope_changed", check: fresh, files: promotionFiles("preference", "area:backend", true), exit: 1, codes: []string{"MC-FRESH-004"}, text: []string{"promotion must preserve Scope"}},
		// test_supersession_cycle_diagnostic_preserves_real_edge_order
		{name: "supersession_cycle_order", check: fresh, files: map[string]string{"subjects.md": regA, "decisions.md": "# Decisions\n\n" +
			superseded("MC-DEC-20260810-11111111", "MC-DEC-20260810-22222222", "MC-DEC-20260810-33333333") + "\n" +
			superseded("MC-DEC-20260810-33333333", "MC-DEC-20260810-11111111", "MC-DEC-20260810-22222222") + "\n" +
			superseded("MC-DEC-20260810-22222222", "MC-DEC-20260810-33333333", "MC-DEC-20260810-11111111")},
			exit: 1, codes: []string{"MC-FRESH-004"}, text: []string{"MC-DEC-20260810-11111111 -> MC-DEC-20260810-33333333 -> MC-DEC-20260810-22222222 -> MC-DEC-20260810-11111111"}},
		// test_supersession_cycles_and_ambiguous_targets_fail_freshness
		{name: "two_entries_superseding_each_other", check: fresh, files: map[string]string{"subjects.md": regA, "decisions.md": "# Decisions\n\n" +
			superseded("MC-DEC-20260810-11111111", "MC-DEC-20260810-22222222", "MC-DEC-20260810-22222222") + "\n" +
			superseded("MC-DEC-20260810-22222222", "MC-DEC-20260810-11111111", "MC-DEC-20260810-11111111")},
			exit: 1, codes: []string{"MC-FRESH-004"}, text: []string{"supersession cycle detected"}},
		{name: "ambiguous_supersession_target", check: fresh, files: map[string]string{"subjects.md": regA, "decisions.md": "# Decisions\n\n" +
			strings.Replace(activeEntry("MC-DEC-20260810-11111111", "Old", "Decision", "Old.", "project", subjA, "interface", "Superseded-By: MC-DEC-20260810-22222222\n"), "Status: active", "Status: superseded", 1) + "\n" +
			activeEntry("MC-DEC-20260810-22222222", "New", "Decision", "New.", "project", subjA, "interface", "Supersedes: MC-DEC-20260810-11111111\n"),
			"archive/decisions.md": "# Archived\n\n" + activeEntry("MC-DEC-20260810-22222222", "Copy", "Decision", "Copy.", "project", subjA, "behavior", "")},
			exit: 1, codes: []string{"MC-FRESH-004"}, text: []string{"relation targets must be unique"}},
		// test_project_area_overlap_requires_valid_exception
		{name: "overlap_is_review", check: confl, manifest: areaBackend, files: overlapFiles(""), exit: 0, status: "REVIEW", only: []string{"MC-CONFLICT-002"}, text: []string{"MC-CONFLICT-002 REVIEW"}},
		{name: "overlap_with_exception_is_clear", check: confl, manifest: areaBackend, files: overlapFiles("Exception-To: MC-CON-20260801-11111111\n"), exit: 0, status: "CLEAR", only: []string{}},
		{name: "invalid_exception_is_invalid", check: confl, manifest: areaBackend, files: overlapFiles("Exception-To: MC-CON-20260801-ffffffff\n"), exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-006"}},
		{name: "invalid_exception_fails_freshness", check: fresh, manifest: areaBackend, files: overlapFiles("Exception-To: MC-CON-20260801-ffffffff\n"), exit: 1, codes: []string{"MC-FRESH-004"}, text: []string{"Exception-To"}},
		// test_freshness_rejects_active_entry_using_merged_subject
		{name: "merged_subject_reference", check: fresh, files: map[string]string{"subjects.md": mergedReg, "decisions.md": "# Decisions\n\n" +
			activeEntry("MC-DEC-20260801-11111111", "One", "Decision", "One.", "project", "MC-SUBJ-20260826-44444444", "behavior", "")},
			exit: 1, codes: []string{"MC-FRESH-005"}, text: []string{"active registry entry"}},
		// test_freshness_checks_subject_evidence_paths
		{name: "subject_evidence_path_missing", check: fresh, files: map[string]string{"subjects.md": strings.Replace(regA, "- user-confirmed", "- repo:missing-subject-source.md", 1)},
			exit: 1, codes: []string{"MC-FRESH-001"}, text: []string{subjA}},
		// test_freshness_uses_normalized_subject_evidence_paths
		{name: "subject_evidence_backslash_path", check: fresh, files: map[string]string{"subjects.md": strings.Replace(regA, "- user-confirmed", `- repo:src\source.md`, 1)},
			project: map[string]string{"src/source.md": "# Source\n"}, exit: 0, only: []string{}},
		// test_snapshot_validation
		{name: "alias_collision", check: confl, files: map[string]string{"subjects.md": "# Subject Registry\n\n" + subjectUnit("MC-SUBJ-20260826-11111111", "First", "shared alias") + "\n" + subjectUnit("MC-SUBJ-20260826-22222222", "Second", "shared alias")},
			exit: 1, status: "INVALID", only: []string{"MC-CONFLICT-004"}, text: []string{"MC-CONFLICT-004 INVALID"}},
		{name: "subject_merge_reference", check: confl, files: map[string]string{"subjects.md": "# Subject Registry\n\n" +
			"## MC-SUBJ-20260826-44444444 — Merged source\n\nStatus: merged\nKind: concept\nMerged-Into: MC-SUBJ-20260826-55555555\nEvidence:\n- user-confirmed\n\nAliases:\n- merged source\n\n" +
			subjectUnit("MC-SUBJ-20260826-55555555", "Canonical target", "canonical target") + "\nMerged-From:\n- MC-SUBJ-20260826-66666666\n"},
			exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-005"}, absent: []string{"MC-CONFLICT-003"}, text: []string{"MC-CONFLICT-005 INVALID"}},
		{name: "unclosed_registry_fence", check: confl, files: map[string]string{"subjects.md": "# Subjects\n\n```text\nunterminated\n"},
			exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-010"}, text: []string{"MC-CONFLICT-010 INVALID", "Unclosed fenced code block"}},
		{name: "unclosed_reconciliation_fence", check: confl, files: map[string]string{"reconciliations.md": "# Reconciliations\n\n```text\nunterminated\n"},
			exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-008"}, text: []string{"MC-CONFLICT-008 INVALID", "Unclosed fenced code block"}},
		{name: "registry_unknown_field", check: confl, files: map[string]string{"subjects.md": "# Subject Registry\n\n" + subjectUnit(subjA, "Storage policy", "storage policy") + "\nUnknown-Field: must be diagnosed as schema\n"},
			exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-010"}, absent: []string{"MC-CONFLICT-003", "MC-CONFLICT-004", "MC-CONFLICT-005"}},
		{name: "candidate_schema_is_007", check: confl, files: map[string]string{"subjects.md": "# Subject Registry\n\n" + subjectUnit(subjA, "Storage policy", "storage policy"),
			"inbox.md": "# Memory Inbox\n\n## MC-INBOX-20260826-abcdef12 — Candidate\n\nStatus: candidate\nCandidate-Type: decision\nScope: project\nProvisional-Subject: " + subjA + "\nEvidence:\n- agent-observed\n\nStatement:\nMaybe.\n\nPromotion-Requirement:\nConfirm with the user or an authoritative project source.\n"},
			exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-007"}},
		// conflicts, relations and reconciliations
		{name: "live_supersession_resolves_to_archive", check: confl, files: archivePair, exit: 0, status: "CLEAR", only: []string{}},
		{name: "archive_pair_reconciled", check: confl, files: withRec, exit: 0, status: "CLEAR", only: []string{}},
		{name: "malformed_reconciliation", check: confl, files: map[string]string{"reconciliations.md": "# Reconciliations\n\n## MC-REC-bad — Broken\n\nStatus: active\n"},
			exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-008"}},
		{name: "reconciliation_heading_without_title", check: confl, files: map[string]string{"reconciliations.md": "# Reconciliations\n\n## MC-REC-20260825-dddddddd\n\nStatus: active\nEntries:\n- MC-DEC-20260825-aaaaaaaa\n- MC-DEC-20260825-bbbbbbbb\nResolution: distinct\nEvidence:\n- user-confirmed\n"},
			exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-008"}, text: []string{"Entries: MC-DEC-20260825-aaaaaaaa, MC-DEC-20260825-bbbbbbbb."}},
		{name: "subject_status_twice", check: confl, files: map[string]string{"subjects.md": "# Subject Registry\n\n" + strings.Replace(subjectUnit(subjA, "Storage policy", "storage policy"), "Status: active\n", "Status: active\nStatus: active\n", 1)},
			exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-010"}},
		// test_protocol_07: test_conflict_check_and_strict_read_block_duplicate_owner
		{name: "duplicate_owner", check: confl, files: map[string]string{"subjects.md": regA, "constraints.md": twoOwners}, exit: 1, status: "CONFLICT", only: []string{"MC-CONFLICT-001"}, text: []string{"MC-CONFLICT-001 CONFLICT"}},
		// test_valid_and_invalid_reconciliation_records_are_independent
		{name: "distinct_record_is_clear", check: confl, files: map[string]string{"subjects.md": regA, "decisions.md": twoFacets, "reconciliations.md": distinct("MC-REC-20260801-aaaaaaaa")}, exit: 0, status: "CLEAR", only: []string{}},
		{name: "distinct_record_twice", check: confl, files: map[string]string{"subjects.md": regA, "decisions.md": twoFacets, "reconciliations.md": distinct("MC-REC-20260801-aaaaaaaa", "MC-REC-20260801-bbbbbbbb")},
			exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-008"}, text: []string{"MC-CONFLICT-008 INVALID"}},
		{name: "alias_equals_other_title", check: confl, files: map[string]string{"subjects.md": "# Subject Registry\n\n" + subjectUnit("MC-SUBJ-20260826-11111111", "First", "first") + "\n" + subjectUnit("MC-SUBJ-20260826-22222222", "Second", "first")},
			exit: 1, status: "INVALID", only: []string{"MC-CONFLICT-004"}},
		{name: "canonical_ref_collision", check: confl, files: map[string]string{"subjects.md": "# Subject Registry\n\n" +
			strings.Replace(subjectUnit("MC-SUBJ-20260826-11111111", "First", "first"), "Evidence:", "Canonical-Ref: feature:shared\nEvidence:", 1) + "\n" +
			strings.Replace(subjectUnit("MC-SUBJ-20260826-22222222", "Second", "second"), "Evidence:", "Canonical-Ref: feature:shared\nEvidence:", 1)},
			exit: 1, status: "INVALID", only: []string{"MC-CONFLICT-003"}},
		{name: "readme_is_not_an_owner", check: confl, files: map[string]string{"rules/README.md": "# Rules\n\n" + activeEntry("MC-AREA-20260801-11111111", "Rule", "Rule", "A rule.", "project", "", "", "")}, exit: 0, status: "CLEAR", only: []string{}},
		// test_reconciliation_distinct_rejects_duplicate_structural_owner
		{name: "distinct_cannot_excuse_duplicate_owner", check: confl, files: map[string]string{"subjects.md": regA, "constraints.md": twoOwners,
			"reconciliations.md": strings.ReplaceAll(distinct("MC-REC-20260801-aaaaaaaa"), "MC-DEC-", "MC-CON-")}, exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-001", "MC-CONFLICT-008"}},
		// test_exception_validation_rejects_invalid_structural_operands
		{name: "exception_over_invalid_operands", check: confl, manifest: areaBackend, files: map[string]string{
			"constraints.md":     "# Constraints\n\n" + activeEntry("MC-CON-20260801-11111111", "Project", "Constraint", "Project.", "project", "MC-SUBJ-20260801-deadbeef", "not-a-facet", ""),
			"areas/backend.md":   "# Backend\n\n" + activeEntry("MC-CON-20260801-22222222", "Area", "Constraint", "Area.", "area:backend", "MC-SUBJ-20260801-deadbeef", "not-a-facet", ""),
			"reconciliations.md": "# Reconciliations\n\n## MC-REC-20260801-aaaaaaaa — Exception\n\nStatus: active\nEntries:\n- MC-CON-20260801-11111111\n- MC-CON-20260801-22222222\nResolution: exception\nEvidence:\n- user-confirmed\n"},
			exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-008"}},
		// test_subject_merged_requires_valid_current_target_operand
		{name: "subject_merged_bad_facet", check: confl, files: subjectMergedFiles("not-a-facet", "superseded"), exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-008"}},
		{name: "subject_merged_valid", check: confl, files: subjectMergedFiles("behavior", "superseded"), absent: []string{"MC-CONFLICT-008"}},
		{name: "subject_merged_promoted_historical", check: confl, files: subjectMergedFiles("behavior", "promoted"), exit: 1, status: "INVALID", codes: []string{"MC-CONFLICT-008"}},
		{name: "hard_forget_tombstone_is_clear", check: confl, files: map[string]string{"do-not-use.md": "# Do Not Use\n\n## MC-TOMB-20260901-abcdef12 — Forgotten\n\nStatus: active\nScope: project\nEvidence:\n- user-confirmed\n\nRejected:\nA removed entry must not return.\n"}, exit: 0, status: "CLEAR", only: []string{}},
	}
}

func TestFocusUpstream(t *testing.T) {
	for _, tc := range focusCases() {
		t.Run(tc.name, func(t *testing.T) { runFocusCase(t, tc) })
	}
}

// runFocusCase writes the case's project to a temporary directory and
// runs its focused check there.
func runFocusCase(t *testing.T, tc focusCase) *FocusResult {
	t.Helper()
	root := writeCaseTree(t, tc.manifest, tc.files)
	for name, s := range tc.project {
		p := filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Focus(os.DirFS(filepath.Join(root, "docs", "memory")), FocusRequest{Check: tc.check, Project: os.DirFS(root), Head: tc.head})
	if err != nil {
		t.Fatal(err)
	}
	judgeFocus(t, tc, res)
	return res
}

func judgeFocus(t *testing.T, tc focusCase, res *FocusResult) {
	t.Helper()
	report := focusText(res)
	if got := res.ExitCode(); got != tc.exit {
		t.Errorf("exit %d, want %d\n%s", got, tc.exit, report)
	}
	codes := map[string]bool{}
	for _, f := range res.Findings {
		codes[f.Code] = true
	}
	for _, c := range tc.codes {
		if !codes[c] {
			t.Errorf("no %s\n%s", c, report)
		}
	}
	for _, c := range tc.absent {
		if codes[c] {
			t.Errorf("%s reported\n%s", c, report)
		}
	}
	if tc.only != nil {
		var got []string
		for c := range codes {
			got = append(got, c)
		}
		slices.Sort(got)
		if want := slices.Sorted(slices.Values(tc.only)); !slices.Equal(got, want) {
			t.Errorf("codes %v, want %v\n%s", got, want, report)
		}
	}
	for _, s := range tc.text {
		if !strings.Contains(report, s) {
			t.Errorf("report lacks %q\n%s", s, report)
		}
	}
	if tc.status != "" && res.ConflictStatus != tc.status {
		t.Errorf("conflict status %s, want %s\n%s", res.ConflictStatus, tc.status, report)
	}
}

// focusText renders a result as check writes it.
func focusText(r *FocusResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "MemoryCustodian %s check: %s\n", r.Check, r.Status)
	if r.ConflictStatus != "" {
		fmt.Fprintf(&b, "Conflict status: %s\n", r.ConflictStatus)
	}
	for _, f := range r.Findings {
		sev := f.Severity
		if f.Status != "" {
			sev = f.Status
		}
		fmt.Fprintf(&b, "- %s %s: %s\n", f.Code, sev, f.Message)
	}
	return b.String()
}

// subjectMergedFiles: a historical entry on a merged Subject, a current
// entry on its target with the given Facet, and a subject-merged record.
func subjectMergedFiles(facet, historical string) map[string]string {
	reg := "# Subject Registry\n\n## MC-SUBJ-20260826-44444444 — Merged source\n\nStatus: merged\nKind: concept\nMerged-Into: " + subjA +
		"\nEvidence:\n- user-confirmed\n\nAliases:\n- merged source\n\n" + subjectUnit(subjA, "Storage policy", "storage policy") + "\nMerged-From:\n- MC-SUBJ-20260826-44444444\n"
	old := strings.Replace(activeEntry("MC-DEC-20260801-11111111", "Old", "Decision", "Old.", "project", "MC-SUBJ-20260826-44444444", "behavior", "Superseded-By: MC-DEC-20260801-22222222\n"), "Status: active", "Status: "+historical, 1)
	return map[string]string{"subjects.md": reg,
		"decisions.md":       "# Decisions\n\n" + activeEntry("MC-DEC-20260801-22222222", "Current", "Decision", "Current.", "project", subjA, facet, "Supersedes: MC-DEC-20260801-11111111\n") + "\n" + old,
		"reconciliations.md": "# Reconciliations\n\n## MC-REC-20260801-aaaaaaaa — Merge\n\nStatus: active\nEntries:\n- MC-DEC-20260801-11111111\n- MC-DEC-20260801-22222222\nResolution: subject-merged\nEvidence:\n- user-confirmed\n"}
}
