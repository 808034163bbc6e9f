package custodian

import (
	"strings"
	"testing"
	"testing/fstest"
)

// FuzzFocus runs every focused check on a fuzzed manifest and decisions
// file: no panic, only the codes each check may report, and a status
// that follows the severities.
func FuzzFocus(f *testing.F) {
	f.Add(manifest08, "# Decisions\n\n"+evidenceDecision("MC-DEC-20261001-11111111", "repo:go.mod@"+oldSHA, "repo:../x"))
	f.Add(strings.Replace(manifest08, "## Always load\n- brief.md\n- constraints.md\n", "", 1), "# Decisions\n\n```text\n")
	f.Add(areaBackend(manifest08), superseded("MC-DEC-20260810-11111111", "MC-DEC-20260810-11111111", "MC-DEC-20260810-11111111"))
	f.Add("## Always load\n- brief.md\n", "- legacy\n")
	prefixes := map[string][]string{FocusRouting: {"MC-ROUTING-"}, FocusReachability: {"MC-ROUTING-", "MC-REACH-"},
		FocusFreshness: {"MC-ROUTING-", "MC-FRESH-"}, FocusConflicts: {"MC-ROUTING-", "MC-CONFLICT-"}}
	f.Fuzz(func(t *testing.T, manifest, decisions string) {
		fsys := fstest.MapFS{}
		for name, s := range map[string]string{"manifest.md": manifest, "decisions.md": decisions, "subjects.md": regA,
			"constraints.md": "# Constraints\n", "do-not-use.md": "# Do Not Use\n", "inbox.md": "# Memory Inbox\n", "brief.md": "# Brief\n"} {
			fsys[name] = &fstest.MapFile{Data: []byte(s)}
		}
		project := fstest.MapFS{"go.mod": {Data: []byte("module x\n")}}
		for _, c := range FocusChecks {
			res, err := Focus(fsys, FocusRequest{Check: c, Project: project, Head: headSHA})
			if err != nil {
				t.Fatal(err)
			}
			failed := false
			for _, x := range res.Findings {
				failed = failed || x.Severity == SevError
				ok := false
				for _, p := range prefixes[c] {
					ok = ok || strings.HasPrefix(x.Code, p)
				}
				if !ok || x.Message == "" {
					t.Errorf("%s: finding %+v", c, x)
				}
			}
			if failed != (res.Status == "FAILED") {
				t.Errorf("%s: status %s with findings %+v", c, res.Status, res.Findings)
			}
		}
	})
}
