package custodian

import (
	"strings"
	"testing"
)

func recFile(resolution string, ids ...string) string {
	s := "# Reconciliations\n\n## MC-REC-20260825-22222222 — Record\n\nStatus: active\nEntries:\n"
	for _, id := range ids {
		s += "- " + id + "\n"
	}
	return s + "Resolution: " + resolution + "\nEvidence:\n- user-confirmed\n"
}

const (
	subjB   = "MC-SUBJ-20260801-b2c3d4e5"
	regMerg = "# Subject Registry\n\n" + "## " + subjA + " — Storage policy\n\nStatus: active\nKind: concept\nEvidence:\n- user-confirmed\n\nAliases:\n- storage policy\n\nMerged-From:\n- " + subjB + "\n\n" +
		"## " + subjB + " — Old storage\n\nStatus: merged\nKind: concept\nMerged-Into: " + subjA + "\nEvidence:\n- user-confirmed\n\nAliases:\n- old storage\n"
)

// mergedPair is test_subject_merged_requires_valid_current_target_operand:
// a historical entry on the merged Subject and the current entry on its
// target.
func mergedPair(oldStatus, facet string) map[string]string {
	old := strings.Replace(activeEntry("MC-DEC-20260801-11111111", "Old", "Decision", "Old.", "project", subjB, "behavior", "Superseded-By: MC-DEC-20260801-22222222\n"), "Status: active", "Status: "+oldStatus, 1)
	cur := activeEntry("MC-DEC-20260801-22222222", "Current", "Decision", "Current.", "project", subjA, facet, "Supersedes: MC-DEC-20260801-11111111\n")
	return map[string]string{"subjects.md": regMerg, "decisions.md": "# Decisions\n\n" + cur + "\n" + old,
		"reconciliations.md": recFile("subject-merged", "MC-DEC-20260801-11111111", "MC-DEC-20260801-22222222")}
}

func TestReconciliationResolutions(t *testing.T) {
	archivePair := map[string]string{"subjects.md": regA,
		"decisions.md":                    "# Decisions\n\n" + activeEntry("MC-DEC-20260825-11111111", "New", "Decision", "New.", "project", subjA, "architecture", "Supersedes: MC-DEC-20260729-ffffffff\n"),
		"archive/decisions-2026-08-25.md": "# Archived Decisions\n\n" + strings.Replace(activeEntry("MC-DEC-20260729-ffffffff", "Old", "Decision", "Old.", "project", subjA, "architecture", "Superseded-By: MC-DEC-20260825-11111111\n"), "Status: active", "Status: superseded", 1)}
	with := func(base map[string]string, k, v string) map[string]string {
		out := map[string]string{k: v}
		for key, val := range base {
			if key != k {
				out[key] = val
			}
		}
		return out
	}
	badOperands := map[string]string{
		"constraints.md":     "# Constraints\n\n" + activeEntry("MC-CON-20260801-11111111", "P", "Constraint", "P.", "project", "MC-SUBJ-20260801-deadbeef", "not-a-facet", ""),
		"areas/backend.md":   "# Backend\n\n" + activeEntry("MC-CON-20260801-22222222", "A", "Constraint", "A.", "area:backend", "MC-SUBJ-20260801-deadbeef", "not-a-facet", ""),
		"reconciliations.md": recFile("exception", "MC-CON-20260801-11111111", "MC-CON-20260801-22222222")}
	dup := map[string]string{"subjects.md": regA, "constraints.md": "# Constraints\n\n" +
		activeEntry("MC-CON-20260801-11111111", "A", "Constraint", "A.", "project", subjA, "behavior", "") + "\n" +
		activeEntry("MC-CON-20260801-22222222", "B", "Constraint", "B.", "project", subjA, "behavior", "")}
	tests := []struct {
		name  string
		edit  func(string) string
		files map[string]string
		want  string // a substring of a MC-CONFLICT-008 message, "" for none
	}{
		// test_archive_lifecycle_is_used_by_reconciliation_consumers
		{name: "superseded pair through the archive", files: with(archivePair, "reconciliations.md", recFile("superseded", "MC-DEC-20260729-ffffffff", "MC-DEC-20260825-11111111"))},
		{name: "superseded over entries that are no pair", files: with(dup, "reconciliations.md", recFile("superseded", "MC-CON-20260801-11111111", "MC-CON-20260801-22222222")), want: "not a supersession pair"},
		{name: "superseded over three entries", files: with(archivePair, "reconciliations.md", recFile("superseded", "MC-DEC-20260729-ffffffff", "MC-DEC-20260825-11111111", "MC-DEC-20260825-11111111")), want: "exactly two Entries"},
		// test_reconciliation_distinct_rejects_duplicate_structural_owner
		{name: "distinct cannot excuse a duplicate owner", files: with(dup, "reconciliations.md", recFile("distinct", "MC-CON-20260801-11111111", "MC-CON-20260801-22222222")), want: "cannot excuse duplicate owner"},
		// test_exception_validation_rejects_invalid_structural_operands
		{name: "exception with invalid operands", edit: areaBackend, files: badOperands, want: "Subject must resolve exactly once"},
		{name: "exception with invalid Facet", edit: areaBackend, files: badOperands, want: "Invalid Facet 'not-a-facet'"},
		{name: "exception over an area and a project owner", edit: areaBackend, files: with(overlapFiles("Exception-To: MC-CON-20260801-11111111\n"), "reconciliations.md", recFile("exception", "MC-CON-20260801-11111111", "MC-CON-20260801-22222222"))},
		{name: "exception over two project owners", files: with(dup, "reconciliations.md", recFile("exception", "MC-CON-20260801-11111111", "MC-CON-20260801-22222222")), want: "needs an active area owner"},
		// test_subject_merged_requires_valid_current_target_operand
		{name: "subject-merged with a bad Facet", files: mergedPair("superseded", "not-a-facet"), want: "Invalid Facet"},
		{name: "subject-merged", files: mergedPair("superseded", "behavior")},
		{name: "subject-merged from a promoted entry", files: mergedPair("promoted", "behavior"), want: "needs a superseded entry on a merged Subject"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, f := range Check(init08(tc.edit, tc.files), Options{}, nil) {
				if strings.Contains(f.Message, "MC-CONFLICT-008") {
					got = append(got, f.Message)
				}
			}
			all := strings.Join(got, "\n")
			if tc.want == "" && len(got) > 0 || tc.want != "" && !strings.Contains(all, tc.want) {
				t.Errorf("MC-CONFLICT-008 findings:\n%s\nwant %q", all, tc.want)
			}
		})
	}
}
