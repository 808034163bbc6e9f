package custodian

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

const (
	headSHA = "4f2a9c1e7b3d5a6c8e0f1a2b3c4d5e6f7a8b9c0d"
	oldSHA  = "0123456789abcdef0123456789abcdef01234567"
)

// evidenceDecision is an active decision whose only Evidence items are
// items.
func evidenceDecision(id string, items ...string) string {
	e := activeEntry(id, "Evidence", "Decision", "Keep it.", "project", subjA, "architecture", "")
	return strings.Replace(e, "- user-confirmed\n", "- "+strings.Join(items, "\n- ")+"\n", 1)
}

func decisionsWith(items ...string) map[string]string {
	return map[string]string{"subjects.md": regA, "decisions.md": "# Decisions\n\n" + evidenceDecision("MC-DEC-20261001-11111111", items...)}
}

var withoutRoute = func(line string) func(string) string {
	return func(s string) string { return strings.ReplaceAll(s, line, "") }
}

// TestFocusCodes has one case per code the focused checks report.
func TestFocusCodes(t *testing.T) {
	project := map[string]string{"go.mod": "module x\n", "internal/store.go": "package store\n"}
	cases := []focusCase{
		// routing
		{name: "ROUTING-003_unindexed_module", check: routing, files: map[string]string{"areas/frontend.md": "# Area: Frontend\n"}, exit: 1, only: []string{"MC-ROUTING-003"},
			text: []string{"MC-ROUTING-003 ERROR: areas/frontend.md exists but is missing from optional module index\n"}},
		{name: "ROUTING-003_folder_not_described", check: routing, manifest: func(s string) string {
			return strings.Replace(s, "## Area-specific memory\n`areas/` files load through declared path globs.\n", "", 1)
		}, files: map[string]string{"areas/README.md": "# Areas\n"}, exit: 1, only: []string{"MC-ROUTING-003"}, text: []string{"MC-ROUTING-003 ERROR: areas/ exists but manifest does not describe when to load it\n"}},
		{name: "ROUTING-004_substantial_route_without_constraints", check: routing, manifest: withoutRoute("- brief.md\n- constraints.md\n"),
			exit: 0, codes: []string{"MC-ROUTING-004"}, text: []string{
				"MC-ROUTING-004 WARNING: Routing safety review required: planning does not reach root constraints.md.",
				"MC-ROUTING-004 WARNING: Routing safety review required: history does not reach root constraints.md."}},
		{name: "ROUTING-005_declared_module_missing", check: routing, manifest: areaBackend, exit: 0, only: []string{"MC-ROUTING-005"},
			text: []string{"MC-ROUTING-005 WARNING: Enabled optional module is missing: areas/backend.md"}},
		{name: "ROUTING-006_required_file_missing", check: routing, files: map[string]string{"do-not-use.md": ""}, exit: 1, only: []string{"MC-ROUTING-006"},
			text: []string{"Required module is missing for planning: do-not-use.md", "Required module is missing for maintenance: do-not-use.md"}},
		{name: "ROUTING-007_invalid_utf8", check: routing, manifest: func(s string) string { return s + "\xff\n" }, exit: 1, only: []string{"MC-ROUTING-007"}, text: []string{"not valid UTF-8"}},
		{name: "routing_clean", check: routing, exit: 0, only: []string{}},
		// reachability
		{name: "REACH-001_hard_owner_unreachable", check: reach, manifest: withoutRoute("- brief.md\n- constraints.md\n"),
			files: map[string]string{"constraints.md": "# Constraints\n\n" + activeEntry("MC-CON-20261001-11111111", "Offline", "Constraint", "Work offline.", "project", "", "", "")},
			exit:  1, only: []string{"MC-REACH-001"}, text: []string{"MC-REACH-001 ERROR: MC-CON-20261001-11111111 in constraints.md is unreachable from normal routes."}},
		{name: "REACH-001_decision_unreachable_is_warning", check: reach, manifest: withoutRoute("- decisions.md\n"),
			files: map[string]string{"subjects.md": regA, "decisions.md": "# Decisions\n\n" + evidenceDecision("MC-DEC-20261001-11111111", "user-confirmed")},
			exit:  0, only: []string{"MC-REACH-001"}, text: []string{"MC-REACH-001 WARNING: MC-DEC-20261001-11111111 in decisions.md is unreachable from normal routes."}},
		{name: "REACH-001_unrouted_preferences", check: reach, manifest: withoutRoute("Load if present:\n- preferences.md\n"),
			files: map[string]string{"preferences.md": "# Preferences\n\n" + activeEntry("MC-PREF-20261001-11111111", "Short", "Preference", "Short.", "project", "", "", "")},
			exit:  1, only: []string{"MC-REACH-001"}, text: []string{"MC-PREF-20261001-11111111 in preferences.md is outside canonical manifest-authorized storage."}},
		{name: "REACH-001_undeclared_area", check: reach, files: map[string]string{"areas/backend.md": "# Backend\n\n" + activeEntry("MC-CON-20261001-22222222", "Area", "Constraint", "Area.", "area:backend", "", "", "")},
			exit: 1, only: []string{"MC-REACH-001"}, text: []string{"MC-CON-20261001-22222222 in areas/backend.md is outside canonical manifest-authorized storage."}},
		{name: "reach_declared_area_and_candidates", check: reach, manifest: areaBackend, files: map[string]string{
			"areas/backend.md":     "# Backend\n\n" + activeEntry("MC-CON-20261001-22222222", "Area", "Constraint", "Area.", "area:backend", "", "", ""),
			"archive/old.md":       "# Old\n\n" + activeEntry("MC-CON-20250101-33333333", "Old", "Constraint", "Old.", "project", "", "", ""),
			"local/preferences.md": "# Local\n\n" + activeEntry("MC-PREF-20261001-44444444", "Mine", "Preference", "Mine.", "local-user", "", "", "")},
			exit: 0, only: []string{}},
		// freshness
		{name: "FRESH-001_missing_path", check: fresh, files: decisionsWith("repo:internal/gone.go"), project: project, exit: 1, only: []string{"MC-FRESH-001"},
			text: []string{"MC-FRESH-001 ERROR: MC-DEC-20261001-11111111 Evidence path does not exist: repo:internal/gone.go"}},
		{name: "FRESH-001_existing_paths", check: fresh, files: decisionsWith("repo:internal/store.go", "doc:./go.mod", "test:internal", "issue:#3"), project: project, exit: 0, only: []string{}},
		{name: "FRESH-001_escaping_path", check: fresh, files: decisionsWith("repo:../../etc/passwd@x"), project: project, head: headSHA, exit: 1, codes: []string{"MC-FRESH-001", "MC-FRESH-002"},
			text: []string{"Evidence path is unsafe or escapes the repository: repo:../../etc/passwd"}},
		{name: "FRESH-001_absolute_path", check: fresh, files: decisionsWith("doc:/etc/passwd"), project: project, exit: 1, only: []string{"MC-FRESH-001"}, text: []string{"unsafe or escapes"}},
		{name: "FRESH-001_drive_path", check: fresh, files: decisionsWith(`repo:C:\Windows\win.ini`), project: project, exit: 1, only: []string{"MC-FRESH-001"}, text: []string{"unsafe or escapes"}},
		{name: "FRESH-002_old_revision", check: fresh, files: decisionsWith("repo:go.mod@" + oldSHA), project: project, head: headSHA, exit: 0, only: []string{"MC-FRESH-002"},
			text: []string{"MC-FRESH-002 WARNING: MC-DEC-20261001-11111111 Evidence revision differs from current Git HEAD."}},
		{name: "FRESH-002_head_full_abbrev_and_case", check: fresh, files: decisionsWith("repo:go.mod@"+headSHA, "repo:go.mod@"+headSHA[:7], "repo:go.mod@"+strings.ToUpper(headSHA[:12])), project: project, head: headSHA, exit: 0, only: []string{}},
		{name: "FRESH-002_branch_and_option_like_revisions", check: fresh, files: decisionsWith("repo:go.mod@main", "repo:go.mod@--all", "repo:go.mod@-n", "repo:go.mod@"+headSHA[:3]), project: project, head: headSHA, exit: 0, only: []string{"MC-FRESH-002"}},
		{name: "FRESH-002_once_per_owner", check: fresh, files: decisionsWith("repo:go.mod@"+oldSHA, "repo:internal/store.go@"+oldSHA), project: project, head: headSHA, exit: 0, only: []string{"MC-FRESH-002"}},
		{name: "FRESH-003_no_git", check: fresh, files: decisionsWith("repo:go.mod@"+oldSHA, "repo:internal/store.go@"+oldSHA), project: project, exit: 0, only: []string{"MC-FRESH-003"},
			text: []string{"MC-FRESH-003 INFO: Git is unavailable; revision-backed Evidence was not freshness-checked."}},
		{name: "FRESH-003_not_without_revisions", check: fresh, files: decisionsWith("repo:go.mod"), project: project, exit: 0, only: []string{}},
		{name: "FRESH-006_reconciliation", check: fresh, files: map[string]string{"reconciliations.md": "# Reconciliations\n\n## MC-REC-bad — Broken\n\nStatus: active\n"}, exit: 1, codes: []string{"MC-FRESH-006"}},
		{name: "FRESH-001_reconciliation_evidence", check: fresh, files: map[string]string{"subjects.md": regA, "decisions.md": "# Decisions\n\n" +
			activeEntry("MC-DEC-20260801-11111111", "One", "Decision", "One.", "project", subjA, "behavior", "") + "\n" +
			activeEntry("MC-DEC-20260801-22222222", "Two", "Decision", "Two.", "project", subjA, "adoption-policy", ""),
			"reconciliations.md": "# Reconciliations\n\n## MC-REC-20260801-aaaaaaaa — Distinct\n\nStatus: active\nEntries:\n- MC-DEC-20260801-11111111\n- MC-DEC-20260801-22222222\nResolution: distinct\nEvidence:\n- repo:docs/adr/0001.md\n"},
			exit: 1, only: []string{"MC-FRESH-001"}, text: []string{"MC-REC-20260801-aaaaaaaa Evidence path does not exist: repo:docs/adr/0001.md"}},
		{name: "fresh_archive_is_history", check: fresh, files: map[string]string{"subjects.md": regA, "archive/decisions.md": "# Archived\n\n" + evidenceDecision("MC-DEC-20250101-11111111", "repo:gone.go@"+oldSHA)},
			project: project, head: headSHA, exit: 0, only: []string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { runFocusCase(t, tc) })
	}
}

func TestFocusMissing(t *testing.T) {
	for _, c := range FocusChecks {
		res, err := Focus(nil, FocusRequest{Check: c})
		if err != nil || res.ExitCode() != 1 || len(res.Findings) != 1 || res.Findings[0].Message != "Memory directory is missing." || res.Findings[0].Code != "MC-ROUTING-001" {
			t.Errorf("%s on no directory: %+v, %v", c, res, err)
		}
		res, _ = Focus(fstest.MapFS{"brief.md": {Data: []byte("# Brief\n")}}, FocusRequest{Check: c})
		if res.ExitCode() != 1 || len(res.Findings) != 1 || res.Findings[0].Message != "manifest.md is missing." {
			t.Errorf("%s without manifest: %+v", c, res)
		}
		if c == FocusConflicts && res.ConflictStatus != "INVALID" {
			t.Errorf("conflicts without manifest: status %s", res.ConflictStatus)
		}
	}
	if _, err := Focus(fstest.MapFS{}, FocusRequest{Check: "--all"}); err == nil {
		t.Error("unknown check accepted")
	}
}

// TestFocusProtocol05: the 0.5 template routes without constraints.md
// for artifact and history; it has no structured entries to judge.
func TestFocusProtocol05(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "spec", "examples", "memory-template")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("../shared/spec/examples is absent; the 0.5 template cannot be read")
	}
	res, _ := Focus(os.DirFS(dir), FocusRequest{Check: FocusRouting})
	if got := focusText(res); got != "MemoryCustodian routing check: OK\n"+
		"- MC-ROUTING-004 WARNING: Routing safety review required: artifact does not reach root constraints.md.\n"+
		"- MC-ROUTING-004 WARNING: Routing safety review required: history does not reach root constraints.md.\n" {
		t.Errorf("0.5 template:\n%s", got)
	}
	for _, c := range []string{FocusReachability, FocusFreshness, FocusConflicts} {
		if res, _ := Focus(os.DirFS(dir), FocusRequest{Check: c}); len(res.Findings) != 0 || res.ExitCode() != 0 {
			t.Errorf("%s on the 0.5 template: %s", c, focusText(res))
		}
	}
}

func TestActivatable(t *testing.T) {
	for _, tc := range []struct {
		md   Module
		want bool
	}{
		{Module{Activation: "explicit-only"}, true},
		{Module{Activation: "path-or-explicit"}, true},
		{Module{Activation: "path", Paths: []string{"cli/**"}}, true},
		{Module{Activation: "path"}, false},
		{Module{Activation: "path", Paths: []string{"../x/**", "a/[b]"}}, false},
		{Module{Activation: "task", Tasks: []string{"planning"}}, false},
	} {
		if got := activatable(tc.md); got != tc.want {
			t.Errorf("activatable(%+v) = %v", tc.md, got)
		}
	}
	con := &FormalEntry{Type: "CON", Fields: map[string][]Field{"Scope": {{Value: "area:backend"}}}}
	area := &FormalEntry{Type: "AREA", Fields: map[string][]Field{"Scope": {{Value: "area:backend"}}, "Entry-Type": {{Value: "constraint"}}}}
	project := &FormalEntry{Type: "CON", Fields: map[string][]Field{"Scope": {{Value: "project"}}}}
	if !areaConstraint(con) || !areaConstraint(area) || areaConstraint(project) {
		t.Error("areaConstraint")
	}
}

func TestSameRevision(t *testing.T) {
	for rev, want := range map[string]bool{headSHA: true, headSHA[:4]: true, strings.ToUpper(headSHA[:10]): true, headSHA[:3]: false,
		oldSHA: false, "main": false, "HEAD": false, "--all": false, headSHA + "00": false, "": false} {
		if got := sameRevision(rev, headSHA); got != want {
			t.Errorf("sameRevision(%q) = %v", rev, got)
		}
	}
}

// hugeEvidence is a memory directory whose one decision has n Evidence
// items, each a missing path at an old revision.
func hugeEvidence(n int) map[string]string {
	items := make([]string, 0, n)
	for range n {
		items = append(items, "repo:gone.go@"+oldSHA)
	}
	return decisionsWith(items...)
}

// TestFocusHugeEvidence: a long Evidence list is judged with work linear
// in its length, one finding per owner and message. The work is measured
// by what the check allocates on 6250 and on 50000 items, not by a time;
// BenchmarkFocusHugeEvidence times it.
func TestFocusHugeEvidence(t *testing.T) {
	tc := focusCase{name: "huge", check: fresh, files: hugeEvidence(50000), head: headSHA, exit: 1, only: []string{"MC-FRESH-001", "MC-FRESH-002"}}
	res := runFocusCase(t, tc)
	if len(res.Findings) != 2 {
		t.Errorf("%d findings, want 2", len(res.Findings))
	}
	project := fstest.MapFS{"go.mod": {Data: []byte("module x\n")}}
	small, large := init08(nil, hugeEvidence(6250)), init08(nil, hugeEvidence(50000))
	heapcost.CheckLinear(t, "Evidence items",
		func() { Focus(small, FocusRequest{Check: FocusFreshness, Project: project, Head: headSHA}) },
		func() { Focus(large, FocusRequest{Check: FocusFreshness, Project: project, Head: headSHA}) })
}

// BenchmarkFocusHugeEvidence judges one decision with 50000 Evidence items.
func BenchmarkFocusHugeEvidence(b *testing.B) {
	fsys := init08(nil, hugeEvidence(50000))
	project := fstest.MapFS{"go.mod": {Data: []byte("module x\n")}}
	b.ReportAllocs()
	for b.Loop() {
		Focus(fsys, FocusRequest{Check: FocusFreshness, Project: project, Head: headSHA})
	}
}

// TestFocusEvidenceSymlinkEscape: a path leaving the repository through a
// symbolic link is unsafe, not looked up outside.
func TestFocusEvidenceSymlinkEscape(t *testing.T) {
	tr := initTree()
	tr.files["subjects.md"] = []byte(regA)
	tr.files["decisions.md"] = []byte("# Decisions\n\n" + evidenceDecision("MC-DEC-20261001-11111111", "repo:out/secret.txt"))
	root := t.TempDir()
	tr.write(t, root)
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("x"), 0o644)
	if err := os.Symlink(outside, filepath.Join(root, "out")); err != nil {
		t.Fatal(err)
	}
	res, _ := Focus(os.DirFS(filepath.Join(root, "docs", "memory")), FocusRequest{Check: FocusFreshness, Project: os.DirFS(root)})
	if got := focusText(res); !strings.Contains(got, "MC-FRESH-001 ERROR: MC-DEC-20261001-11111111 Evidence path leaves the repository through a symbolic link: repo:out/secret.txt") {
		t.Errorf("symlink escape:\n%s", got)
	}
}

// TestFocusRefusesLinkedMemory: a memory file or folder that is a
// symbolic link is refused by every focused check, as the plain check
// reports it (custodian-symlink): what it points to outside the memory
// directory is never judged or quoted.
func TestFocusRefusesLinkedMemory(t *testing.T) {
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "leak.md"), []byte("# Leak\n\n"+evidenceDecision("MC-DEC-20261001-99999999", "user-confirmed")), 0o644)
	for _, link := range []string{"leak.md", "areas"} {
		tr := initTree()
		root := t.TempDir()
		tr.write(t, root)
		mem := filepath.Join(root, "docs", "memory")
		target := filepath.Join(outside, "leak.md")
		if link == "areas" {
			target = outside
		}
		if err := os.Symlink(target, filepath.Join(mem, link)); err != nil {
			t.Fatal(err)
		}
		for _, c := range FocusChecks {
			res, err := Focus(os.DirFS(mem), FocusRequest{Check: c, Project: os.DirFS(root)})
			var le *LinkError
			if !errors.As(err, &le) || le.Name != link {
				t.Errorf("%s, %s linked: err %v, want a LinkError naming it; result %+v", c, link, err, res)
				continue
			}
			if want := link + " must not be a symlink: protocol 0.8 memory is read from regular files only"; err.Error() != want {
				t.Errorf("%s: error %q, want %q", c, err, want)
			}
		}
	}
}

// TestLinkErrorQuotesControl: a linked file's name with a control
// character is quoted in the error, so that the terminal shows it and
// does not interpret it.
func TestLinkErrorQuotesControl(t *testing.T) {
	err := &LinkError{Name: "a\x1b[2J.md", Protocol: "0.8"}
	if want := `"a\x1b[2J.md" must not be a symlink: protocol 0.8 memory is read from regular files only`; err.Error() != want {
		t.Errorf("got %q, want %q", err.Error(), want)
	}
}

// TestFocusRefusesUnreadMemory: a memory file the reading layer leaves
// out (over the size limit, not a regular file) is an error of every
// focused check, never judged as absent: an 8 MiB decisions.md is no
// clean freshness report, and an oversized manifest is not "missing".
func TestFocusRefusesUnreadMemory(t *testing.T) {
	for _, tc := range []struct {
		name, reason string
		file         *fstest.MapFile
	}{
		{"decisions.md", "over the 8388608-byte size limit", &fstest.MapFile{Data: []byte(strings.Repeat("x\n", maxFileSize/2+1))}},
		{"manifest.md", "over the 8388608-byte size limit", &fstest.MapFile{Data: []byte(manifest08 + strings.Repeat("x\n", maxFileSize/2))}},
		{"areas/pipe.md", "not a regular file", &fstest.MapFile{Mode: fs.ModeNamedPipe}},
	} {
		fsys := fstest.MapFS{}
		for name, data := range initTree().files {
			fsys[name] = &fstest.MapFile{Data: data}
		}
		fsys[tc.name] = tc.file
		for _, c := range FocusChecks {
			res, err := Focus(fsys, FocusRequest{Check: c})
			var ue *UnreadError
			if !errors.As(err, &ue) || ue.Name != tc.name {
				t.Errorf("%s, %s: err %v, want an UnreadError naming it; result %+v", c, tc.name, err, res)
				continue
			}
			if want := tc.name + " cannot be judged: " + tc.reason; err.Error() != want {
				t.Errorf("%s: error %q, want %q", c, err, want)
			}
		}
	}
}
