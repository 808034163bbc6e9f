package custodian

import (
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/rogpeppe/go-internal/txtar"
)

// runExample checks a rule example: plain files form the memory directory,
// agent entry files go to Check, old/ and new/ go to AppendOnly.
func runExample(src string) []validate.Finding {
	ar := txtar.Parse([]byte(src))
	mem, old, nw := fstest.MapFS{}, fstest.MapFS{}, fstest.MapFS{}
	agents := map[string][]byte{}
	for _, f := range ar.Files {
		switch {
		case f.Name == "AGENTS.md" || f.Name == "CLAUDE.md" || f.Name == "GEMINI.md":
			agents[f.Name] = f.Data
		case strings.HasPrefix(f.Name, "old/"):
			old[strings.TrimPrefix(f.Name, "old/")] = &fstest.MapFile{Data: f.Data}
		case strings.HasPrefix(f.Name, "new/"):
			nw[strings.TrimPrefix(f.Name, "new/")] = &fstest.MapFile{Data: f.Data}
		case strings.Contains(f.Name, " -> "):
			name, target, _ := strings.Cut(f.Name, " -> ")
			mem[name] = &fstest.MapFile{Data: []byte(target), Mode: fs.ModeSymlink}
		case strings.HasSuffix(f.Name, " (fifo)"):
			mem[strings.TrimSuffix(f.Name, " (fifo)")] = &fstest.MapFile{Mode: fs.ModeNamedPipe}
		default:
			mem[f.Name] = &fstest.MapFile{Data: f.Data}
		}
	}
	if len(old) > 0 {
		return AppendOnly(old, nw, Options{})
	}
	return Check(mem, Options{}, agents)
}

func hasRule(fs []validate.Finding, id string) bool {
	for _, f := range fs {
		if f.RuleID == id {
			return true
		}
	}
	return false
}

func TestRuleExamples(t *testing.T) {
	for _, r := range Rules() {
		if r.ID == RuleStale {
			continue // judged from git history outside this package; see TestStaleFinding
		}
		t.Run(r.ID, func(t *testing.T) {
			if got := runExample(r.Bad); !hasRule(got, r.ID) {
				t.Errorf("Bad example does not fire: %v", got)
			}
			if got := runExample(r.Good); hasRule(got, r.ID) {
				t.Errorf("Good example fires: %v", got)
			}
		})
	}
}

func TestRuleList(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("duplicate rule %s", r.ID)
		}
		seen[r.ID] = true
		if !strings.HasPrefix(r.ID, "custodian-") || r.Summary == "" || r.Bad == "" || r.Good == "" {
			t.Errorf("incomplete rule %+v", r)
		}
		if r.Severity != validate.Error && r.Severity != validate.Warning {
			t.Errorf("%s: severity %v", r.ID, r.Severity)
		}
		if r.Family != validate.Memory {
			t.Errorf("%s: family %v", r.ID, r.Family)
		}
		if hints()[r.ID] == "" {
			t.Errorf("%s: no hint", r.ID)
		}
	}
	if len(seen) != len(hints()) {
		t.Errorf("%d rules, %d hints()", len(seen), len(hints()))
	}
}

func TestFindingsHaveRuleSeverity(t *testing.T) {
	got := Check(fstest.MapFS{}, Options{Dir: "mem/"}, nil)
	if len(got) == 0 {
		t.Fatal("empty directory gave no findings")
	}
	for _, f := range got {
		r, ok := validate.Find(Rules(), f.RuleID)
		if !ok || f.Severity != r.Severity {
			t.Errorf("%v: severity does not match rule", f)
		}
		if !strings.HasPrefix(f.Path, "mem/") || strings.HasPrefix(f.Path, "mem//") {
			t.Errorf("path %q not under Dir", f.Path)
		}
	}
}

func TestDirectives(t *testing.T) {
	fsys := memFS(map[string]string{
		"constraints.md": "<!-- remnant-guard:disable-next-line custodian-machine-path -->\n- Data in /home/dana/x.\n- Logs in /home/dana/logs.\n",
		"decisions.md":   "<!-- remnant-guard:disable custodian-decision-no-reason -->\n## A\n\nDo A.\n",
	})
	var lines []int
	for _, f := range Check(fsys, Options{}, nil) {
		if f.RuleID == RuleDecisionNoReason {
			t.Errorf("file directive ignored: %v", f)
		}
		if f.RuleID == RuleMachinePath {
			lines = append(lines, f.Line)
		}
	}
	if len(lines) != 1 || lines[0] != 3 {
		t.Errorf("machine-path findings on lines %v, want [3]", lines)
	}
}

func TestDocListsRules(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range Rules() {
		if !strings.Contains(string(doc), "//\t"+r.ID+" ") || !strings.Contains(string(doc), r.ID+strings.Repeat(" ", 34-len(r.ID))+"["+r.Severity.String()+"]") {
			t.Errorf("doc.go does not list %s [%s]", r.ID, r.Severity)
		}
	}
}
