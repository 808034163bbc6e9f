package remnant

import (
	"strings"
	"testing"
	"time"
)

func TestParseRemnantWorkedExample(t *testing.T) {
	d := ParseRemnant([]byte(readTestFile(t, workedExample)))
	if d.Version != 2 || !d.HasDate || d.DateOnly || d.DateLine != 9 || d.DecisionsLine != 33 {
		t.Errorf("got %+v", d)
	}
	if want := time.Date(2026, 5, 5, 14, 0, 0, 0, time.UTC); !d.Date.Equal(want) {
		t.Errorf("date %v, want %v", d.Date, want)
	}
	if len(d.Decisions) != 1 || d.Decisions[0] != (Entry{Line: 34, Text: "2026-05-04 — Markdown-only, no CLI — this is a project constraint."}) {
		t.Errorf("decisions %+v", d.Decisions)
	}
	want := []MapEntry{{37, 3, "AGENTS.md"}, {38, 3, "README.md"}}
	if len(d.Map) != 2 || d.Map[0] != want[0] || d.Map[1] != want[1] {
		t.Errorf("map %+v, want %+v", d.Map, want)
	}
}

func TestParseRemnantDetails(t *testing.T) {
	src := "\uFEFF## Session\r\n- date: 2026-05-05\r\n\r\n## Decisions\r\n- None\r\n" +
		"- 2026-05-01 — wrapped — first line  \r\n  second line\r\n- bad\r\n\r\n## Map\r\n" +
		"- `src/a b.go` — role\r\n- ünï/ — dir\r\n- no separator\r\n"
	d := ParseRemnant([]byte(src))
	if d.Version != 1 || !d.HasDate || !d.DateOnly || d.DateLine != 2 || d.DecisionsLine != 4 {
		t.Errorf("got %+v", d)
	}
	wantDec := []Entry{{6, "2026-05-01 — wrapped — first line\n  second line"}, {8, "bad"}}
	if len(d.Decisions) != 2 || d.Decisions[0] != wantDec[0] || d.Decisions[1] != wantDec[1] {
		t.Errorf("decisions %+v", d.Decisions)
	}
	wantMap := []MapEntry{{11, 4, "src/a b.go"}, {12, 3, "ünï/"}, {13, 3, ""}}
	if len(d.Map) != 3 || d.Map[0] != wantMap[0] || d.Map[1] != wantMap[1] || d.Map[2] != wantMap[2] {
		t.Errorf("map %+v, want %+v", d.Map, wantMap)
	}
}

func TestParseRemnantBroken(t *testing.T) {
	for _, src := range []string{"", "\x00\xff", "## Decisions", "## Map\n-", "```\n## Decisions\n- x\n"} {
		d := ParseRemnant([]byte(src))
		if d == nil || d.Version != 1 || len(d.Decisions) != 0 {
			t.Errorf("%q: got %+v", src, d)
		}
	}
	if d := ParseRemnant([]byte(strings.Repeat("## Decisions\n", 3))); d.DecisionsLine != 1 {
		t.Errorf("DecisionsLine %d, want the first heading", d.DecisionsLine)
	}
}
