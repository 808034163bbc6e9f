package custodian

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

func TestProjectFixtures(t *testing.T) {
	dirs, _ := filepath.Glob("testdata/projects/*")
	for _, dir := range dirs {
		t.Run(dir, func(t *testing.T) {
			var want []string
			if w := filepath.Join(dir, "want.txt"); exists(os.DirFS("."), w) {
				want = readWant(t, w)
			}
			got := checkDir(t, dir)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("findings:\n got: %q\nwant: %q", got, want)
			}
		})
	}
}

// TestTemplate08 checks upstream's 0.8 template as committed: its brief is
// the scaffold and its project_id a placeholder, and nothing else is wrong.
func TestTemplate08(t *testing.T) {
	dir := "../../../shared/spec/examples/memory-template-0.8"
	if _, err := os.Stat(filepath.Join(dir, "manifest.md")); err != nil {
		t.Skip("../shared/spec/examples/memory-template-0.8 is not here; template test not run")
	}
	var got []string
	for _, f := range errorsOf(Check(os.DirFS(dir), Options{}, nil)) {
		got = append(got, f.Path+" "+f.RuleID)
	}
	want := []string{"docs/memory/brief.md " + RuleBriefScaffold, "docs/memory/manifest.md " + RuleProtocolMetadata}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n got: %q\nwant: %q", got, want)
	}
}

// defects08 are typical 0.8 defects seeded into the 0.8 project: each must
// be an error of the given rule.
var defects08 = []struct {
	name string
	file string
	edit func(string) string
	rule string
}{
	{"unknown Subject", "decisions.md", func(s string) string {
		return strings.Replace(s, "Subject: MC-SUBJ-20261001-0a1b2c3d", "Subject: MC-SUBJ-20261009-deadbeef", 1)
	}, RuleEntrySubject},
	{"bad activation", "manifest.md", func(s string) string {
		return strings.Replace(s, "activation: path-or-explicit", "activation: always", 1)
	}, RuleModuleDeclaration},
	{"bad glob", "manifest.md", func(s string) string {
		return strings.Replace(s, "`internal/storage/**`", "`internal/storage/**.go`", 1)
	}, RuleModuleDeclaration},
	{"duplicate owner", "constraints.md", func(s string) string {
		i := strings.Index(s, "\n## ")
		j := strings.Index(s[i+1:], "\n## ")
		dup := s[i+1 : i+1+j+1]
		return s + "\n" + "## MC-CON-20261101-0fedcba9" + dup[len("## MC-CON-20261101-0fedcba9"):]
	}, RuleConflict},
	{"deleted subjects.md", "subjects.md", func(string) string { return "" }, RuleCoreFileMissing},
	{"inline module declaration", "manifest.md", func(s string) string {
		return strings.Replace(s, "- `areas/storage.md`\n", "- `areas/storage.md`: session storage.\n", 1)
	}, RuleModuleDeclaration},
	{"Constraint body in decisions.md", "decisions.md", func(s string) string {
		return strings.Replace(s, "\nDecision:\n", "\nConstraint:\n", 1)
	}, RuleEntrySchema},
	{"agent-observed only", "decisions.md", func(s string) string {
		return strings.Replace(s, "- user-confirmed\n- repo:go.mod\n", "- agent-observed\n", 1)
	}, RuleEntryEvidence},
	{"bad project_id", "manifest.md", func(s string) string {
		return strings.Replace(s, "7d3e9b1a-52c4-4f0e-a6d8-3b9c1e2f4a5d", "7D3E9B1A-52C4-1F0E-A6D8-3B9C1E2F4A5D", 1)
	}, RuleProtocolMetadata},
	{"duplicate route entry", "manifest.md", func(s string) string {
		return strings.Replace(s, "### Preferences\nLoad if present:\n- preferences.md\n", "### Preferences\nLoad if present:\n- preferences.md\n- brief.md\n", 1)
	}, RuleDuplicateRoutePath},
}

func TestDefects08(t *testing.T) {
	base := loadTree(t, "testdata/projects/0.8-near-budget/memory")
	if fs := errorsOf(checkTree(t, base)); len(fs) > 0 {
		t.Fatalf("the 0.8 project has errors before any defect: %v", formatFindings(fs))
	}
	for _, d := range defects08 {
		t.Run(d.name, func(t *testing.T) {
			tr := base.clone()
			if s := d.edit(string(tr.files[d.file])); s == "" {
				delete(tr.files, d.file)
			} else if s == string(tr.files[d.file]) {
				t.Fatalf("the edit did not change %s", d.file)
			} else {
				tr.files[d.file] = []byte(s)
			}
			found := false
			for _, f := range errorsOf(checkTree(t, tr)) {
				found = found || f.RuleID == d.rule
			}
			if !found {
				t.Errorf("no %s error: %v", d.rule, formatFindings(checkTree(t, tr)))
			}
		})
	}
}

func checkTree(t *testing.T, tr memTree) []validate.Finding {
	t.Helper()
	root := t.TempDir()
	tr.write(t, root)
	return Check(os.DirFS(filepath.Join(root, "docs", "memory")), Options{}, nil)
}
