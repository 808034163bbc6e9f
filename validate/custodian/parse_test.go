package custodian

import (
	"testing"
	"testing/fstest"

	"github.com/remnant-guard/remnant-guard/validate"
)

func TestEstimateTokens(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"hello world", 2},
		{"brief.md: 500 tokens max", 7},
		{"snake_case_word, x!", 4},
		{"é café", 3},
		{"a\x1cb", 2},
		{"## 2026-03-02 - Export", 9},
	}
	for _, tt := range tests {
		if got := EstimateTokens(tt.in); got != tt.want {
			t.Errorf("EstimateTokens(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestParseFileUnits(t *testing.T) {
	src := "# Title\n\nIntro.\n\n## A\n\ntext\n```\n## not a heading\n```\n\n## B\n- x\n"
	f := ParseFile("x.md", []byte(src))
	if len(f.Units) != 2 || f.Units[0].Line != 5 || f.Units[0].EndLine != 10 || f.Units[1].Line != 12 {
		t.Fatalf("units %+v", f.Units)
	}
	if f.Units[0].Lead != "# Title\n\nIntro." {
		t.Errorf("lead %q", f.Units[0].Lead)
	}
	b := ParseFile("c.md", []byte("# C\n\nLabel:\n- one\n  more\n\n- two\nafter\n"))
	if len(b.Units) != 2 || b.Units[0].Text != "- one\n  more" || b.Units[0].Lead != "# C\n\nLabel:" || b.Tail != "after" {
		t.Errorf("bullet units %+v tail %q", b.Units, b.Tail)
	}
}

func TestParseEntry(t *testing.T) {
	tests := []struct {
		src                 string
		title, date         string
		text, reason, scope bool
	}{
		{"## 2026-01-02 - Use JSON\n\nDecision: JSON.\nReason: editable.\n", "Use JSON", "2026-01-02", true, true, false},
		{"## Use JSON\n\nPersist notes in JSON.\n\nReasoning:\n- Editable.\n\nScope:\n- Session store.\n", "Use JSON", "", true, true, true},
		{"## Single binary\n\n**Decision:** One binary.\n**Why:** Easy install.\n", "Single binary", "", true, true, false},
		{"## Empty\n", "Empty", "", false, false, false},
		{"## Tombstone: SQLite\n\nRejected.\n", "SQLite", "", true, false, false},
	}
	for _, tt := range tests {
		u := ParseFile("d.md", []byte(tt.src)).Units[0]
		e := ParseEntry(u)
		if e.Title != tt.title || e.Date != tt.date || (e.Text != "") != tt.text || (e.Reason != "") != tt.reason || (e.Scope != "") != tt.scope {
			t.Errorf("ParseEntry(%q) = %+v", tt.src, e)
		}
	}
}

func TestCategoryOfHeading(t *testing.T) {
	tests := map[string]string{
		"### Planning / architecture / refactoring":  "planning",
		"### Implementation / execution / debugging": "implementation",
		"### User-facing artifact / output":          "artifact",
		"### PREFERENCES ###":                        "preferences",
		"###   Change history / recap  ":             "history",
		"### Memory maintenance":                     "maintenance",
		"### Memory  maintenance":                    "",
		"### Planning":                               "",
		"### Debugging":                              "",
		"### Deployment":                             "",
	}
	for h, want := range tests {
		if got := categoryOfHeading(normalizeHeading(h)); got != want {
			t.Errorf("categoryOfHeading(%q) = %q, want %q", h, got, want)
		}
	}
}

func TestMachinePath(t *testing.T) {
	tests := map[string]int{
		"data in /Users/dana/x":       9,
		"see /home/bob/.config/app":   5,
		`at C:\Users\dana\data`:       4,
		"at c:/users/dana/data":       4,
		"/home/<user>/ placeholder":   0,
		"https://x.com/home/bob/page": 0,
		"/Users/Shared/tmp":           0,
		"/home/bob":                   0,
		"relative build/ dir":         0,
		`data on D:\backups`:          9,
		"tools in C:/tools/bin":       10,
		"C:\\":                        1,
		`C:\Users\<you>\x`:            0,
		"c:/users/shared/x":           0,
		"see https://example.com/":    0,
		"file:///srv/x":               0,
		"ratio 3:/4":                  0,
		"xc:/tmp":                     0,
	}
	for in, want := range tests {
		if got := machinePath(in); got != want {
			t.Errorf("machinePath(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestUnsafePath(t *testing.T) {
	fsys := fstest.MapFS{
		"brief.md":   {Data: []byte("x")},
		"out":        {Data: []byte("../../etc"), Mode: 0o777 | 1<<27},
		"in":         {Data: []byte("areas"), Mode: 0o777 | 1<<27},
		"areas/x.md": {Data: []byte("x")},
		"abs":        {Data: []byte("/etc"), Mode: 0o777 | 1<<27},
	}
	tests := map[string]bool{
		"brief.md": true, "areas/x.md": true, "in/x.md": true,
		"a//b.md": true, "./brief.md": true,
		"": false, "/etc/x.md": false, `a\b.md`: false, "C:x.md": false, "x.txt": false, ".md": false,
		"../x.md": false, "out/x.md": false, "abs/x.md": false, "brief.MD": false,
	}
	for p, safe := range tests {
		if got := pathProblem(p) == "" && !escapes(fsys, cleanName(p)); got != safe {
			t.Errorf("path %q: safe = %v, want %v (%s)", p, got, safe, pathProblem(p))
		}
	}
}

func TestEntryIDsAreNotRedacted(t *testing.T) {
	for _, s := range []string{"MC-DEC-20261030-00000000 was edited", "see MC-SUBJ-20261001-0a1b2c3d."} {
		if got := validate.Redact(s); got != s {
			t.Errorf("Redact(%q) = %q", s, got)
		}
	}
	if got := validate.Redact("MC-DEC-20261030-0000000g0"); got == "MC-DEC-20261030-0000000g0" {
		t.Error("a token that is no Entry ID passed unredacted")
	}
}

func TestPyLines(t *testing.T) {
	tests := map[string][]string{
		"":               nil,
		"a\n":            {"a"},
		"a\nb":           {"a", "b"},
		"a\n\nb\n":       {"a", "", "b"},
		"a\vb\fc":        {"a", "b", "c"},
		"a\x1cb\x1dc":    {"a", "b", "c"},
		"a\u0085b":       {"a", "b"},
		"a\u2028b\u2029": {"a", "b"},
		"é\nü":           {"é", "ü"},
	}
	for in, want := range tests {
		got := pyLines(in)
		if len(got) != len(want) {
			t.Errorf("pyLines(%q) = %q, want %q", in, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("pyLines(%q) = %q, want %q", in, got, want)
			}
		}
	}
}
