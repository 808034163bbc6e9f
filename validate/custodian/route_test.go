package custodian

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

var nightnotes = os.DirFS("testdata/valid/nightnotes")

func loadedPaths(r *RouteResult) []string {
	var out []string
	for _, f := range r.Loaded {
		out = append(out, f.Path)
	}
	return out
}

func TestRouteCategories(t *testing.T) {
	tests := []struct {
		task, cat string
		want      []string
	}{
		{"general", "general", []string{"brief.md"}},
		{"default", "general", []string{"brief.md"}},
		{"planning", "planning", []string{"brief.md", "decisions.md", "constraints.md", "do-not-use.md"}},
		{"refactoring", "planning", []string{"brief.md", "decisions.md", "constraints.md", "do-not-use.md"}},
		{"implementation", "implementation", []string{"brief.md", "decisions.md", "constraints.md", "do-not-use.md", "preferences.md"}},
		{"debugging", "implementation", []string{"brief.md", "decisions.md", "constraints.md", "do-not-use.md", "preferences.md"}},
		{"artifact", "artifact", []string{"brief.md", "do-not-use.md", "rules/output.md", "preferences.md"}},
		{"output", "artifact", []string{"brief.md", "do-not-use.md", "rules/output.md", "preferences.md"}},
		{"preferences", "preferences", []string{"brief.md", "preferences.md"}},
		{"history", "history", []string{"brief.md", "decisions.md", "changelog.md"}},
		{"status", "history", []string{"brief.md", "decisions.md", "changelog.md"}},
		{"maintenance", "maintenance", []string{"brief.md", "inbox.md", "do-not-use.md", "changelog.md"}},
		{"forget", "maintenance", []string{"brief.md", "inbox.md", "do-not-use.md", "changelog.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.task, func(t *testing.T) {
			r, err := Route(nightnotes, RouteRequest{Task: tt.task})
			if err != nil {
				t.Fatal(err)
			}
			if r.Category != tt.cat {
				t.Errorf("category %q, want %q", r.Category, tt.cat)
			}
			if got := loadedPaths(r); !slices.Equal(got, tt.want) {
				t.Errorf("loaded %q, want %q", got, tt.want)
			}
			if len(r.MissingRequired) != 0 || len(r.SkippedOptional) != 0 {
				t.Errorf("missing %q skipped %q", r.MissingRequired, r.SkippedOptional)
			}
		})
	}
}

func TestRouteUnknownTask(t *testing.T) {
	_, err := Route(nightnotes, RouteRequest{Task: "deploy"})
	var ut *UnknownTaskError
	if !errors.As(err, &ut) {
		t.Fatalf("err = %v, want *UnknownTaskError", err)
	}
	for _, w := range []string{"planning", "debugging", "recap", "compact"} {
		if !slices.Contains(ut.Valid, w) {
			t.Errorf("valid tasks %q lack %q", ut.Valid, w)
		}
	}
	if slices.Contains(ut.Valid, "artifacts") {
		t.Errorf("valid tasks list a plural spelling: %q", ut.Valid)
	}
}

func TestRouteModules(t *testing.T) {
	r, err := Route(nightnotes, RouteRequest{Task: "implementation", Areas: []string{"storage", "auth"}, Profiles: []string{"reviewer"}})
	if err != nil {
		t.Fatal(err)
	}
	got := loadedPaths(r)
	if !slices.Contains(got, "areas/storage.md") || !slices.Contains(got, "profiles/reviewer.md") {
		t.Errorf("loaded %q", got)
	}
	if !slices.Equal(r.SkippedOptional, []string{"areas/auth.md"}) {
		t.Errorf("skipped %q", r.SkippedOptional)
	}
	_, err = Route(nightnotes, RouteRequest{Task: "planning", Areas: []string{"../secrets"}})
	var me *ModuleNameError
	if !errors.As(err, &me) {
		t.Errorf("err = %v, want *ModuleNameError", err)
	}
}

func memFS(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for k, v := range files {
		m[k] = &fstest.MapFile{Data: []byte(v)}
	}
	return m
}

const miniManifest = "## MemoryCustodian Protocol\n- protocol_version: 0.5\n\n## Always load\n- brief.md\n\n## Load by task\n### Planning / architecture / refactoring\nLoad:\n- decisions.md\n- constraints.md\nLoad if present:\n- preferences.md\n"

func TestRouteMissingRequired(t *testing.T) {
	fsys := memFS(map[string]string{"manifest.md": miniManifest, "brief.md": "# Brief\n", "decisions.md": "# D\n"})
	r, err := Route(fsys, RouteRequest{Task: "planning"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.MissingRequired, []string{"constraints.md"}) || !slices.Equal(r.SkippedOptional, []string{"preferences.md"}) {
		t.Errorf("missing %q skipped %q", r.MissingRequired, r.SkippedOptional)
	}
	if !slices.Equal(loadedPaths(r), []string{"brief.md", "decisions.md"}) {
		t.Errorf("loaded %q", loadedPaths(r))
	}
}

func TestRouteMalformedManifest(t *testing.T) {
	bad := miniManifest + "### Planning / architecture / refactoring\nLoad:\n- decisions.md\n"
	_, err := Route(memFS(map[string]string{"manifest.md": bad}), RouteRequest{Task: "planning"})
	var me *ManifestError
	if !errors.As(err, &me) || me.Line != 14 || me.Rule != RuleDuplicateCategory {
		t.Fatalf("err = %#v, want duplicate category on line 14", err)
	}
	// Only the affected task is refused: general still routes, and the
	// missing preferences route refuses preferences alone.
	if _, err := Route(memFS(map[string]string{"manifest.md": bad, "brief.md": "# B\n"}), RouteRequest{Task: "general"}); err != nil {
		t.Errorf("general refused: %v", err)
	}
	_, err = Route(memFS(map[string]string{"manifest.md": miniManifest}), RouteRequest{Task: "preferences"})
	if !errors.As(err, &me) || me.Rule != RuleMissingRoute {
		t.Errorf("preferences: err = %v, want a missing route", err)
	}
	for _, task := range []string{"Planning", "artifacts", " planning", "review"} {
		var ue *UnknownTaskError
		if _, err := Route(nightnotes, RouteRequest{Task: task}); !errors.As(err, &ue) {
			t.Errorf("task %q: err = %v, want unknown task", task, err)
		}
	}
	_, err = Route(memFS(map[string]string{}), RouteRequest{Task: "planning"})
	if !errors.Is(err, ErrNoManifest) {
		t.Errorf("err = %v, want ErrNoManifest", err)
	}
}

// decisionUnit returns a `##` unit of about n tokens.
func decisionUnit(title string, n int) string {
	return "## " + title + "\n\n" + strings.Repeat("word ", n-3) + "\n\n"
}

func TestRoutePacking(t *testing.T) {
	tests := []struct {
		name      string
		decisions string
		kept      []string
		omitted   int
		oversized bool
	}{
		{"fits", decisionUnit("A", 10) + decisionUnit("B", 10), []string{"A", "B"}, 0, false},
		{"stops at first misfit", decisionUnit("A", 10) + decisionUnit("B", 10) + decisionUnit("C", 20) + decisionUnit("D", 5), []string{"A", "B"}, 2, false},
		{"oversized first kept whole", decisionUnit("A", 50) + decisionUnit("B", 5), []string{"A"}, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := memFS(map[string]string{"manifest.md": miniManifest, "brief.md": "# Brief\n",
				"decisions.md": tt.decisions, "constraints.md": "- Offline.\n"})
			r, err := Route(fsys, RouteRequest{Task: "planning", Budget: true, Budgets: map[string]int{"decisions.md": 30}})
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range []string{"A", "B", "C", "D"} {
				in := strings.Contains(r.Packed, "## "+h+"\n")
				if in != slices.Contains(tt.kept, h) {
					t.Errorf("unit %s packed = %v", h, in)
				}
			}
			omitted := 0
			for _, o := range r.Omitted {
				omitted += o.Units
			}
			if omitted != tt.omitted {
				t.Errorf("omitted %d units, want %d (%+v)", omitted, tt.omitted, r.Omitted)
			}
			if (len(r.Oversized) > 0) != tt.oversized {
				t.Errorf("oversized %+v", r.Oversized)
			}
			if !strings.Contains(r.Packed, "- Offline.") || !strings.Contains(r.Packed, "<!-- memory: brief.md -->") {
				t.Errorf("packed lacks other files:\n%s", r.Packed)
			}
		})
	}
}

func TestRouteJSON(t *testing.T) {
	r, err := Route(nightnotes, RouteRequest{Task: "planning", Budget: true})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"category":"planning"`, `"missing_required":[]`, `"skipped_optional":[]`, `"omitted":[]`, `"oversized":[]`, `"loaded":[{"path":"brief.md","source":"always","required":true`, `"packed":`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("JSON lacks %s:\n%s", k, b)
		}
	}
}
