package custodian

import (
	"strings"
	"testing"
)

// twoAreas declares areas/backend.md and areas/cli.md, both path-routed.
func twoAreas(s string) string {
	return strings.Replace(s, "### Enabled areas\n- None enabled.\n", "### Enabled areas\n- `areas/backend.md`\n  - activation: path-or-explicit\n  - paths: `cli/**`\n- `areas/cli.md`\n  - activation: path-or-explicit\n  - paths: `cli/*.py`\n", 1)
}

func areaEntry(id, area, facet string) string {
	return "# Area\n\n" + activeEntry(id, "Area rule", "Constraint", "Area.", "area:"+area, subjA, facet, "")
}

func TestRouteConflicts(t *testing.T) {
	unclosed := "\n```text\n" + strings.Repeat("DO_NOT_PRINT_DECISIONS ", 1000)
	base := initTree()
	tests := []struct {
		name   string
		edit   func(string) string
		files  map[string]string
		req    RouteRequest
		status string
		codes  string
		exit   int
	}{
		{name: "clear", req: RouteRequest{Task: "implementation", Strict: true}, status: "CLEAR", exit: 0},
		// test_strict_read_reports_unclosed_canonical_entry_fence
		{name: "unclosed canonical fence", files: map[string]string{"decisions.md": string(base.files["decisions.md"]) + unclosed},
			req: RouteRequest{Task: "implementation", Strict: true}, status: "INVALID", codes: "MC-CONFLICT-007", exit: 1},
		// test_strict_read_reports_unclosed_fence_in_matched_optional_entry_module
		{name: "unclosed fence in matched area", edit: areaBackend, files: map[string]string{"areas/backend.md": "# Backend\n" + unclosed},
			req: RouteRequest{Task: "implementation", Paths: []string{"cli/example.py"}, Strict: true}, status: "INVALID", codes: "MC-CONFLICT-007", exit: 1},
		// upstream's read weighs the schema of every canonical file, loaded or not
		{name: "unclosed fence in an area not loaded", edit: areaBackend, files: map[string]string{"areas/backend.md": "# Backend\n" + unclosed},
			req: RouteRequest{Task: "implementation", Paths: []string{"src/x.go"}, Strict: true}, status: "INVALID", codes: "MC-CONFLICT-007", exit: 1},
		{name: "two matched areas own one Subject+Facet", edit: twoAreas,
			files: map[string]string{"subjects.md": regA, "areas/backend.md": areaEntry("MC-CON-20260801-22222222", "backend", "behavior"), "areas/cli.md": areaEntry("MC-CON-20260801-33333333", "cli", "behavior")},
			req:   RouteRequest{Task: "implementation", Paths: []string{"cli/app.py"}, Strict: true}, status: "REVIEW", codes: "MC-CONFLICT-009", exit: 1},
		{name: "two matched areas, not strict", edit: twoAreas,
			files: map[string]string{"subjects.md": regA, "areas/backend.md": areaEntry("MC-CON-20260801-22222222", "backend", "behavior"), "areas/cli.md": areaEntry("MC-CON-20260801-33333333", "cli", "behavior")},
			req:   RouteRequest{Task: "implementation", Paths: []string{"cli/app.py"}}, status: "REVIEW", codes: "MC-CONFLICT-009", exit: 0},
		{name: "two matched areas, task not substantial", edit: twoAreas,
			files: map[string]string{"subjects.md": regA, "areas/backend.md": areaEntry("MC-CON-20260801-22222222", "backend", "behavior"), "areas/cli.md": areaEntry("MC-CON-20260801-33333333", "cli", "behavior")},
			req:   RouteRequest{Task: "maintenance", Paths: []string{"cli/app.py"}, Strict: true}, status: "REVIEW", codes: "MC-CONFLICT-009", exit: 0},
		{name: "only one area matched", edit: twoAreas,
			files: map[string]string{"subjects.md": regA, "areas/backend.md": areaEntry("MC-CON-20260801-22222222", "backend", "behavior"), "areas/cli.md": areaEntry("MC-CON-20260801-33333333", "cli", "behavior")},
			req:   RouteRequest{Task: "implementation", Paths: []string{"cli/sub/app.py"}, Strict: true}, status: "CLEAR", exit: 0},
		{name: "two matched areas, other facets", edit: twoAreas,
			files: map[string]string{"subjects.md": regA, "areas/backend.md": areaEntry("MC-CON-20260801-22222222", "backend", "behavior"), "areas/cli.md": areaEntry("MC-CON-20260801-33333333", "cli", "interface")},
			req:   RouteRequest{Task: "implementation", Paths: []string{"cli/app.py"}, Strict: true}, status: "CLEAR", exit: 0},
		// test_project_area_overlap_requires_valid_exception, as a read
		{name: "project/area overlap", edit: areaBackend, files: overlapFiles(""),
			req: RouteRequest{Task: "implementation", Paths: []string{"cli/app.py"}, Strict: true}, status: "REVIEW", codes: "MC-CONFLICT-002", exit: 1},
		{name: "project/area overlap with exception", edit: areaBackend, files: overlapFiles("Exception-To: MC-CON-20260801-11111111\n"),
			req: RouteRequest{Task: "implementation", Paths: []string{"cli/app.py"}, Strict: true}, status: "CLEAR", exit: 0},
		// upstream: MC-CONFLICT-006 and the relation issues (MC-CONFLICT-008) of the missing target
		{name: "invalid exception fails a plain read", edit: areaBackend, files: overlapFiles("Exception-To: MC-CON-20260801-ffffffff\n"),
			req: RouteRequest{Task: "implementation", Paths: []string{"cli/app.py"}}, status: "INVALID", codes: "MC-CONFLICT-006 MC-CONFLICT-008", exit: 1},
		// test_reconciliation_distinct_rejects_duplicate_structural_owner
		{name: "duplicate owner", files: map[string]string{"subjects.md": regA, "constraints.md": "# Constraints\n\n" +
			activeEntry("MC-CON-20260801-11111111", "A", "Constraint", "A.", "project", subjA, "behavior", "") + "\n" +
			activeEntry("MC-CON-20260801-22222222", "B", "Constraint", "B.", "project", subjA, "behavior", "")},
			req: RouteRequest{Task: "implementation"}, status: "CONFLICT", codes: "MC-CONFLICT-001", exit: 1},
		// test_unclosed_subject_registry_fence_is_structured_conflict
		{name: "unclosed registry fence", files: map[string]string{"subjects.md": "# Subject Registry\n\n```text\nunterminated\n"},
			req: RouteRequest{Task: "debugging", Strict: true}, status: "INVALID", codes: "MC-CONFLICT-010", exit: 1},
		{name: "unclosed reconciliation fence", files: map[string]string{"reconciliations.md": "# Reconciliations\n\n```text\nunterminated\n"},
			req: RouteRequest{Task: "debugging", Strict: true}, status: "INVALID", codes: "MC-CONFLICT-008", exit: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Route(init08(tc.edit, tc.files), tc.req)
			if err != nil {
				t.Fatal(err)
			}
			var codes []string
			for _, c := range res.Conflicts {
				if !strings.Contains(strings.Join(codes, " "), c.Code) {
					codes = append(codes, c.Code)
				}
				if strings.Contains(c.Message, "DO_NOT_PRINT") {
					t.Errorf("conflict message prints file content: %q", c.Message)
				}
			}
			if res.ConflictStatus != tc.status || strings.Join(codes, " ") != tc.codes || res.ExitCode() != tc.exit {
				t.Errorf("status %s, codes %q, exit %d; want %s, %q, %d\n%+v", res.ConflictStatus, codes, res.ExitCode(), tc.status, tc.codes, tc.exit, res.Conflicts)
			}
		})
	}
}
