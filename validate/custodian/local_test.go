package custodian

import (
	"strings"
	"testing"
)

// TestLocalOverlay: a formal entry in local/ needs a local Scope, is not
// judged as canonical storage, and local Scopes stay invalid elsewhere.
func TestLocalOverlay(t *testing.T) {
	pref := func(scope string) string {
		return "# Local preferences\n\n" + activeEntry("MC-PREF-20261001-abcdef12", "Editor", "Preference", "Use vim.", scope, "", "", "")
	}
	for _, tc := range []struct {
		name, file, scope string
		want              []string // messages of error findings, by rule
	}{
		{"project_scope_in_local", "local/preferences.md", "project", []string{RuleLocalScope + ": MC-PREF-20261001-abcdef12 has non-local Scope 'project'"}},
		{"area_scope_in_local", "local/notes/prefs.md", "area:backend", []string{RuleLocalScope + ": MC-PREF-20261001-abcdef12 has non-local Scope 'area:backend'"}},
		{"local_user", "local/preferences.md", "local-user", nil},
		{"local_machine", "local/preferences.md", "local-machine", nil},
		{"bad_scope_in_local", "local/preferences.md", "Local-User", []string{RuleEntrySchema + ": MC-PREF-20261001-abcdef12 has invalid Scope 'Local-User'"}},
		// local-user is a Scope value; the shared file's storage refuses it, as upstream's does
		{"local_scope_in_shared_file", "preferences.md", "local-user", []string{RuleEntrySchema + ": MC-PREF-20261001-abcdef12 must use Scope: project for preferences.md"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"manifest.md": manifest08, tc.file: pref(tc.scope)}
			var got []string
			for _, f := range errorsOf(Check(memFS(files), Options{}, nil)) {
				if f.Path == "docs/memory/"+tc.file {
					got = append(got, f.RuleID+": "+f.Message)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestLocalOverlayScanned: the privacy scans read local/ like any memory
// file.
func TestLocalOverlayScanned(t *testing.T) {
	files := map[string]string{"manifest.md": manifest08, "local/preferences.md": "# Local\n\n- Builds go to /home/dana/build.\n- Mail dana.kim@nightnotes.dev.\n"}
	got := map[string]bool{}
	for _, f := range Check(memFS(files), Options{}, nil) {
		if f.Path == "docs/memory/local/preferences.md" {
			got[f.RuleID] = true
		}
	}
	if !got[RuleMachinePath] || !got[RulePersonalEmail] {
		t.Errorf("local/preferences.md findings: %v", got)
	}
}
