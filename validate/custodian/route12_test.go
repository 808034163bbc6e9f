package custodian

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// project returns a real project's memory directory with edits: a file
// name maps to a function of its text ("" deletes the file).
func project(t *testing.T, dir string, edits map[string]func(string) string) fstest.MapFS {
	t.Helper()
	tr := loadTree(t, "testdata/projects/"+dir+"/memory")
	fsys := fstest.MapFS{}
	for k, v := range tr.files {
		fsys[k] = &fstest.MapFile{Data: v}
	}
	for name, edit := range edits {
		old := ""
		if f, ok := fsys[name]; ok {
			old = string(f.Data)
		}
		if s := edit(old); s == "" {
			delete(fsys, name)
		} else {
			fsys[name] = &fstest.MapFile{Data: []byte(s)}
		}
	}
	return fsys
}

func replace(old, new string) func(string) string {
	return func(s string) string { return strings.Replace(s, old, new, 1) }
}

// TestRouteRefusesInvalidContract: upstream's read loads nothing from a
// manifest whose Protocol metadata or routing contract is invalid, and
// neither does Route.
func TestRouteRefusesInvalidContract(t *testing.T) {
	meta := "- protocol_version: 0.8\n"
	tests := map[string]func(string) string{
		"non-canonical 0.8":        replace(meta, "- protocol_version: 0.8.0\n"),
		"version missing":          replace(meta, ""),
		"version not a number":     replace(meta, "- protocol_version: v0.8\n"),
		"newer version":            replace(meta, "- protocol_version: 0.9\n"),
		"duplicate key":            replace(meta, meta+"- routing_policy: explicit-task-and-scope\n"),
		"empty value":              replace(meta, meta+"- owner:\n"),
		"prose in the section":     replace(meta, meta+"These keys are written by the tool.\n"),
		"duplicate route path":     replace("### Preferences\nLoad if present:\n- preferences.md\n", "### Preferences\nLoad if present:\n- preferences.md\n- brief.md\n"),
		"unknown index subsection": replace("### Enabled profiles", "### Enabled widgets"),
		"setting outside a module": replace("### Enabled rules\n", "### Enabled rules\n  - activation: task\n"),
		"0.6 one-line form in 0.8": replace("- `areas/storage.md`\n", "- `areas/storage.md`: storage code\n"),
	}
	for name, edit := range tests {
		t.Run(name, func(t *testing.T) {
			fsys := project(t, "0.8-near-budget", map[string]func(string) string{"manifest.md": edit})
			res, err := Route(fsys, RouteRequest{Task: "implementation"})
			var me *ManifestError
			if !errors.As(err, &me) || res != nil {
				t.Fatalf("route = %v, %v; want it refused", res, err)
			}
			if len(errorsOf(Check(fsys, Options{}, nil))) == 0 {
				t.Error("check passes it")
			}
		})
	}
}

// TestRoute06 routes the real 0.6 project as the 0.12 CLI does: review
// and --path are accepted, a declaration with settings keeps them, a bare
// one-line declaration is explicit-only.
func TestRoute06(t *testing.T) {
	fsys := project(t, "0.6-missing-registry", map[string]func(string) string{
		"manifest.md": replace("- `rules/output.md`: Load for user-facing text and exported files.\n",
			"- `rules/output.md`\n  - activation: task\n  - tasks: artifact\n"),
	})
	fsys["areas/web.md"] = &fstest.MapFile{Data: []byte("# Area: Web\n\n- The web client lives in web/.\n")}
	fsys["manifest.md"].Data = []byte(strings.Replace(string(fsys["manifest.md"].Data), "### Enabled areas\n",
		"### Enabled areas\n- `areas/web.md`\n  - activation: path\n  - paths: `web/**`\n", 1))
	for _, tt := range []struct {
		req           RouteRequest
		loaded, skips []string
	}{
		{RouteRequest{Task: "artifact"}, []string{"rules/output.md"}, []string{"areas/storage.md", "areas/web.md"}},
		{RouteRequest{Task: "review", Paths: []string{"web/app.ts"}}, []string{"decisions.md", "areas/web.md"}, []string{"rules/output.md", "areas/storage.md"}},
		{RouteRequest{Task: "planning", Areas: []string{"storage"}}, []string{"areas/storage.md"}, []string{"areas/web.md"}},
	} {
		res, err := Route(fsys, tt.req)
		if err != nil {
			t.Fatalf("%+v: %v", tt.req, err)
		}
		got := loadedPaths(res)
		for _, p := range tt.loaded {
			if !slices.Contains(got, p) {
				t.Errorf("%+v: %s not loaded: %q", tt.req, p, got)
			}
		}
		for _, p := range tt.skips {
			if slices.Contains(got, p) {
				t.Errorf("%+v: %s loaded: %q", tt.req, p, got)
			}
		}
	}
}

// TestRoute12Cases are the single differences the 0.12 CLI showed, one
// by one on the real 0.8 project.
func TestRoute12Cases(t *testing.T) {
	tests := []struct {
		name      string
		edits     map[string]func(string) string
		req       RouteRequest
		checkRule string // an error check gives ("" for none)
		status    string // the route's conflict status
		loads     string // a file the route loads
	}{
		{name: "upper-case project_id", edits: map[string]func(string) string{"manifest.md": replace("7d3e9b1a-52c4-4f0e-a6d8-3b9c1e2f4a5d", "7D3E9B1A-52C4-4F0E-A6D8-3B9C1E2F4A5D")},
			req: RouteRequest{Task: "planning"}, status: "CLEAR", loads: "decisions.md"},
		{name: "stray line in a Subject", edits: map[string]func(string) string{"subjects.md": replace("Kind: feature\n", "| Subject | Kind |\nKind: feature\n")},
			req: RouteRequest{Task: "planning"}, checkRule: RuleSubjectRegistry, status: "INVALID", loads: "decisions.md"},
		{name: "trailing blank in Status", edits: map[string]func(string) string{"decisions.md": replace("Status: active\n", "Status: active \n")},
			req: RouteRequest{Task: "planning"}, checkRule: RuleEntrySchema, status: "INVALID", loads: "decisions.md"},
		{name: "0.8 on Entry schema 1", edits: map[string]func(string) string{"manifest.md": replace("entry_schema_version: 3", "entry_schema_version: 1"),
			"areas/storage.md": func(s string) string {
				return strings.Replace(strings.Replace(s, "Entry-Type: constraint\n", "", 1), "Constraint:", "Decision:", 1)
			}},
			req: RouteRequest{Task: "planning"}, checkRule: RuleProtocolMetadata, status: "CLEAR", loads: "decisions.md"},
		{name: "explicit-only area keeps its paths", edits: map[string]func(string) string{"manifest.md": replace("activation: path-or-explicit", "activation: explicit-only")},
			req: RouteRequest{Task: "implementation", Paths: []string{"internal/storage/db.go"}}, status: "CLEAR", loads: "areas/storage.md"},
		{name: "Entry ID in upper case", edits: map[string]func(string) string{"areas/storage.md": replace("MC-AREA-20261015-4e5f6a7b", "MC-AREA-20261015-4E5F6A7B")},
			req: RouteRequest{Task: "implementation", Areas: []string{"storage"}}, status: "CLEAR", loads: "areas/storage.md"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := project(t, "0.8-near-budget", tt.edits)
			errs := errorsOf(Check(fsys, Options{}, nil))
			switch {
			case tt.checkRule == "" && len(errs) > 0:
				t.Errorf("check fails it: %v", formatFindings(errs))
			case tt.checkRule != "" && !hasRule(errs, tt.checkRule):
				t.Errorf("check gives no %s: %v", tt.checkRule, formatFindings(errs))
			}
			res, err := Route(fsys, tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if res.ConflictStatus != tt.status || !slices.Contains(loadedPaths(res), tt.loads) {
				t.Errorf("conflict status %s, loaded %q; want %s with %s", res.ConflictStatus, loadedPaths(res), tt.status, tt.loads)
			}
		})
	}
}

// TestMigrationNote: 0.6 and 0.7 memory is judged by its own rules, with
// one warning that the 0.12 CLI fails it until it is migrated.
func TestMigrationNote(t *testing.T) {
	for proto, want := range map[string]bool{"0.7": true, "0.8": false} {
		fsys := project(t, "0.8-near-budget", map[string]func(string) string{"manifest.md": replace("protocol_version: 0.8", "protocol_version: "+proto)})
		fs := Check(fsys, Options{}, nil)
		if got := hasRule(fs, RuleMigration); got != want {
			t.Errorf("%s: %s given = %v, want %v", proto, RuleMigration, got, want)
		}
	}
}
