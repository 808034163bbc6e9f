package custodian

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// The upstream 0.11-0.12 read tests (protocol 0.7+ routing), ported.

func init08(edit func(string) string, extra map[string]string) fstest.MapFS {
	tr := initTree()
	m := manifest08
	if edit != nil {
		m = edit(m)
	}
	tr.files["manifest.md"] = []byte(m)
	fsys := fstest.MapFS{}
	for k, v := range tr.files {
		fsys[k] = &fstest.MapFile{Data: v}
	}
	for k, v := range extra {
		if v == "" {
			delete(fsys, k)
			continue
		}
		fsys[k] = &fstest.MapFile{Data: []byte(v)}
	}
	return fsys
}

func reasons(r *RouteResult) map[string]string {
	out := map[string]string{}
	for _, d := range r.Files {
		out[d.Path] = d.Disposition + " " + d.Reason
	}
	return out
}

func TestRoute07(t *testing.T) {
	withArea := map[string]string{"areas/backend.md": "# Area: Backend\n"}
	tests := []struct {
		name     string
		edit     func(string) string
		extra    map[string]string
		req      RouteRequest
		loaded   []string
		complete string
		exit     int
		files    map[string]string
	}{
		{name: "architecture loads task-specific files", req: RouteRequest{Task: "architecture"},
			loaded: []string{"brief.md", "constraints.md", "decisions.md", "do-not-use.md"}, complete: "COMPLETE"},
		{name: "implementation skips missing optional preferences", req: RouteRequest{Task: "implementation"},
			loaded: []string{"brief.md", "constraints.md", "decisions.md", "do-not-use.md"}, complete: "COMPLETE",
			files: map[string]string{"preferences.md": "missing-optional MC-MISSING-OPTIONAL", "brief.md": "loaded MC-ROUTE-ALWAYS", "decisions.md": "loaded MC-ROUTE-TASK"}},
		{name: "uses the project manifest", edit: func(s string) string {
			return strings.Replace(s, "### Implementation / execution / debugging\nLoad:\n- decisions.md\n- do-not-use.md\n", "### Implementation / execution / debugging\nLoad:\n- inbox.md\n", 1)
		}, req: RouteRequest{Task: "implementation"}, loaded: []string{"brief.md", "constraints.md", "inbox.md"}, complete: "COMPLETE"},
		{name: "review is implementation from 0.7", req: RouteRequest{Task: "review"},
			loaded: []string{"brief.md", "constraints.md", "decisions.md", "do-not-use.md"}, complete: "COMPLETE"},
		{name: "path-routed area needs scope", edit: areaBackend, extra: withArea, req: RouteRequest{Task: "implementation"},
			loaded: []string{"brief.md", "constraints.md", "decisions.md", "do-not-use.md"}, complete: "INCOMPLETE",
			files: map[string]string{"areas/backend.md": "skipped MC-SKIP-SCOPE-MISSING"}},
		{name: "path-routed area needs scope, strict", edit: areaBackend, extra: withArea, req: RouteRequest{Task: "implementation", Strict: true},
			loaded: []string{"brief.md", "constraints.md", "decisions.md", "do-not-use.md"}, complete: "INCOMPLETE", exit: 1},
		{name: "a matching path loads the area", edit: areaBackend, extra: withArea, req: RouteRequest{Task: "implementation", Paths: []string{"cli/planned.py"}, Strict: true},
			loaded: []string{"brief.md", "constraints.md", "decisions.md", "do-not-use.md", "areas/backend.md"}, complete: "COMPLETE",
			files: map[string]string{"areas/backend.md": "loaded MC-ROUTE-PATH"}},
		{name: "backslashes and ./ are normalized", edit: areaBackend, extra: withArea, req: RouteRequest{Task: "implementation", Paths: []string{`.\cli\new.py`}},
			loaded: []string{"brief.md", "constraints.md", "decisions.md", "do-not-use.md", "areas/backend.md"}, complete: "COMPLETE"},
		{name: "a path elsewhere does not match", edit: areaBackend, extra: withArea, req: RouteRequest{Task: "implementation", Paths: []string{"web/app.ts"}},
			loaded: []string{"brief.md", "constraints.md", "decisions.md", "do-not-use.md"}, complete: "COMPLETE",
			files: map[string]string{"areas/backend.md": "skipped MC-SKIP-NO-PATH-MATCH"}},
		{name: "explicit area", edit: areaBackend, extra: withArea, req: RouteRequest{Task: "implementation", Areas: []string{"backend"}},
			loaded: []string{"brief.md", "constraints.md", "decisions.md", "do-not-use.md", "areas/backend.md"}, complete: "COMPLETE",
			files: map[string]string{"areas/backend.md": "loaded MC-ROUTE-EXPLICIT-AREA"}},
		{name: "missing required module is incomplete, exit 0", extra: map[string]string{"constraints.md": ""}, req: RouteRequest{Task: "implementation"},
			loaded: []string{"brief.md", "decisions.md", "do-not-use.md"}, complete: "INCOMPLETE",
			files: map[string]string{"constraints.md": "missing-required MC-MISSING-REQUIRED"}},
		{name: "missing required module, strict", extra: map[string]string{"constraints.md": ""}, req: RouteRequest{Task: "implementation", Strict: true},
			loaded: []string{"brief.md", "decisions.md", "do-not-use.md"}, complete: "INCOMPLETE", exit: 1},
		{name: "task rule", edit: func(s string) string {
			return strings.Replace(s, "### Enabled rules\n- None enabled.\n", "### Enabled rules\n- `rules/output.md`\n  - activation: task\n  - tasks: artifact\n", 1)
		}, extra: map[string]string{"rules/output.md": "# Rule: Output\n"}, req: RouteRequest{Task: "artifact"},
			loaded: []string{"brief.md", "constraints.md", "do-not-use.md", "rules/output.md"}, complete: "COMPLETE",
			files: map[string]string{"rules/output.md": "loaded MC-ROUTE-TASK"}},
		{name: "task rule, other task", edit: func(s string) string {
			return strings.Replace(s, "### Enabled rules\n- None enabled.\n", "### Enabled rules\n- `rules/output.md`\n  - activation: task\n  - tasks: artifact\n", 1)
		}, extra: map[string]string{"rules/output.md": "# Rule: Output\n"}, req: RouteRequest{Task: "planning", Rules: []string{"output"}},
			loaded: []string{"brief.md", "constraints.md", "decisions.md", "do-not-use.md"}, complete: "COMPLETE",
			files: map[string]string{"rules/output.md": "skipped MC-SKIP-TASK-MISMATCH"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Route(init08(tt.edit, tt.extra), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if got := loadedPaths(r); !slices.Equal(got, tt.loaded) {
				t.Errorf("loaded %q, want %q", got, tt.loaded)
			}
			if r.Completeness != tt.complete || r.ExitCode() != tt.exit {
				t.Errorf("completeness %s exit %d, want %s %d", r.Completeness, r.ExitCode(), tt.complete, tt.exit)
			}
			got := reasons(r)
			for p, want := range tt.files {
				if got[p] != want {
					t.Errorf("%s: %q, want %q (%v)", p, got[p], want, got)
				}
			}
		})
	}
}

func TestRoute07Invalid(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(string) string
		extra map[string]string
		req   RouteRequest
	}{
		{name: "invalid profile name", req: RouteRequest{Task: "implementation", Profiles: []string{"../backend"}}},
		{name: "invalid area name", req: RouteRequest{Task: "implementation", Areas: []string{"../backend"}}},
		{name: "path outside the project", req: RouteRequest{Task: "implementation", Paths: []string{"../x.go"}}},
		{name: "exclusive-group is unknown", edit: func(s string) string {
			return strings.Replace(areaBackend(s), "  - paths: `cli/**`\n", "  - paths: `cli/**`\n  - exclusive-group: runtime\n", 1)
		}, req: RouteRequest{Task: "implementation", Paths: []string{"cli/app.py"}}},
		{name: "unsafe always load path", edit: func(s string) string {
			return strings.Replace(s, "## Always load\n- brief.md", "## Always load\n- ../outside.md", 1)
		}, req: RouteRequest{Task: "implementation"}},
		{name: "duplicate protocol section", edit: func(s string) string { return s + "\n\n## MEMORYCUSTODIAN PROTOCOL\n- protocol_version: 0.6\n" }, req: RouteRequest{Task: "implementation"}},
		{name: "a missing preferences route refuses every task from 0.7", edit: func(s string) string {
			return strings.Replace(s, "### Preferences\n", "### Preference\n", 1)
		}, req: RouteRequest{Task: "planning"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Route(init08(tt.edit, tt.extra), tt.req)
			var me *ManifestError
			var ne *ModuleNameError
			if !errors.As(err, &me) && !errors.As(err, &ne) {
				t.Errorf("err = %v, want an invalid route", err)
			}
		})
	}
}

// TestRouteUndeclaredModule: a module asked for by name that the index
// does not declare loads nothing and is listed as a missing optional
// file, as upstream's read lists it (with a warning), not refused.
func TestRouteUndeclaredModule(t *testing.T) {
	r, err := Route(init08(nil, nil), RouteRequest{Task: "implementation", Areas: []string{"backend"}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(r.SkippedOptional, "areas/backend.md") || slices.Contains(loadedPaths(r), "areas/backend.md") || reasons(r)["areas/backend.md"] != "missing-optional MC-MISSING-OPTIONAL" {
		t.Errorf("skipped %q, loaded %q, reasons %v", r.SkippedOptional, loadedPaths(r), reasons(r))
	}
}

func TestRoute07Deterministic(t *testing.T) {
	fsys := init08(areaBackend, map[string]string{"areas/backend.md": "# Area: Backend\n"})
	a, err1 := Route(fsys, RouteRequest{Task: "implementation", Paths: []string{"README.md", "cli/a.py"}})
	b, err2 := Route(fsys, RouteRequest{Task: "implementation", Paths: []string{"cli/a.py", "README.md", "cli/a.py"}})
	if err1 != nil || err2 != nil || !reflect.DeepEqual(a, b) {
		t.Errorf("path order changes the route:\n%+v\n%+v", a, b)
	}
}

func TestGlobMatch(t *testing.T) {
	tests := []struct {
		glob, path string
		want       bool
	}{
		{"**/*.py", "root.py", true}, {"**/*.py", "cli/root.py", true}, {"web/**", "web/a/b.ts", true},
		{"web/*", "web/a/b.ts", false}, {"web/*", "web/a.ts", true}, {"cli/?.go", "cli/a.go", true},
		{"cli/?.go", "cli/ab.go", false}, {"Cli/**", "cli/a.go", false},
	}
	for _, tt := range tests {
		if got := globMatch(tt.glob, tt.path); got != tt.want {
			t.Errorf("globMatch(%q, %q) = %v", tt.glob, tt.path, got)
		}
	}
	for _, g := range []string{"", "/abs/**", `a\b`, "c:/x", "a/[bc]", "a/{b,c}", "a//b", "./a", "a/../b", "a/**b"} {
		if globProblem(g) == "" {
			t.Errorf("glob %q accepted", g)
		}
	}
}
