package custodian

import (
	"strconv"
	"strings"
	"testing"
)

const oldDecisions = "# Decisions\n\n## 2026-02-01 - Use JSON\n\nDecision: Store notes as JSON.\nReason: users edit them.\n\n## 2026-01-01 - Single binary\n\nDecision: Ship one binary.\nReason: easy install.\n"

func TestAppendOnly(t *testing.T) {
	tests := []struct {
		name string
		new  map[string]string
		want []string // "path:line"
	}{
		{"unchanged", map[string]string{"decisions.md": oldDecisions}, nil},
		{"new entry on top", map[string]string{"decisions.md": "# Decisions\n\n## 2026-03-01 - Export\n\nDecision: Markdown.\nReason: sharing.\n\n" + oldDecisions[len("# Decisions\n\n"):]}, nil},
		{"CRLF and trailing spaces", map[string]string{"decisions.md": "# Decisions\r\n\r\n## 2026-02-01 - Use JSON  \r\n\r\nDecision: Store notes as JSON.\r\nReason: users edit them.\r\n\r\n## 2026-01-01 - Single binary\r\n\r\nDecision: Ship one binary.\r\nReason: easy install.\r\n"}, nil},
		{"edited", map[string]string{"decisions.md": "# Decisions\n\n## 2026-02-01 - Use JSON\n\nDecision: Store notes in SQLite.\nReason: users edit them.\n\n## 2026-01-01 - Single binary\n\nDecision: Ship one binary.\nReason: easy install.\n"}, []string{"docs/memory/decisions.md:3"}},
		{"removed", map[string]string{"decisions.md": "# Decisions\n\n## 2026-02-01 - Use JSON\n\nDecision: Store notes as JSON.\nReason: users edit them.\n"}, []string{"docs/memory/decisions.md:0"}},
		{"archived whole", map[string]string{
			"decisions.md":       "# Decisions\n\n## 2026-02-01 - Use JSON\n\nDecision: Store notes as JSON.\nReason: users edit them.\n",
			"archive/2026-q1.md": "# Archive\n\n## 2026-01-01 - Single binary\n\nDecision: Ship one binary.\nReason: easy install.\n"}, nil},
		{"archived edited", map[string]string{
			"decisions.md":       "# Decisions\n\n## 2026-02-01 - Use JSON\n\nDecision: Store notes as JSON.\nReason: users edit them.\n",
			"archive/2026-q1.md": "# Archive\n\n## 2026-01-01 - Single binary\n\nDecision: Ship two binaries.\nReason: easy install.\n"}, []string{"docs/memory/decisions.md:0"}},
		{"forgotten with tombstone", map[string]string{
			"decisions.md":  "# Decisions\n\n## 2026-02-01 - Use JSON\n\nDecision: Store notes as JSON.\nReason: users edit them.\n",
			"do-not-use.md": "# Do Not Use\n\n## Tombstone: single BINARY\n\nForgotten 2026-03-01 at the user's request.\n"}, nil},
		{"tombstone about something else", map[string]string{
			"decisions.md":  "# Decisions\n\n## 2026-02-01 - Use JSON\n\nDecision: Store notes as JSON.\nReason: users edit them.\n",
			"do-not-use.md": "# Do Not Use\n\n## Tombstone: plugins\n\nRejected 2026-03-01.\n"}, []string{"docs/memory/decisions.md:0"}},
		{"duplicate removed", map[string]string{"decisions.md": oldDecisions}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := memFS(map[string]string{"decisions.md": oldDecisions})
			if tt.name == "duplicate removed" {
				old = memFS(map[string]string{"decisions.md": oldDecisions + "\n## 2026-01-01 - Single binary\n\nDecision: Ship one binary.\nReason: easy install.\n"})
			}
			got := AppendOnly(old, memFS(tt.new), Options{})
			var lines []string
			for _, f := range got {
				if f.RuleID != RuleAppendOnly {
					t.Errorf("unexpected rule %s", f.RuleID)
				}
				lines = append(lines, f.Path+":"+strconv.Itoa(f.Line))
			}
			if len(lines) != len(tt.want) || (len(lines) > 0 && lines[0] != tt.want[0]) {
				t.Errorf("got %q, want %q (%v)", lines, tt.want, got)
			}
		})
	}
}

func TestAppendOnlyTombstoneEdited(t *testing.T) {
	old := memFS(map[string]string{"do-not-use.md": "## Tombstone: SQLite\n\nRejected: editable files.\n"})
	nw := memFS(map[string]string{"do-not-use.md": "## Tombstone: SQLite\n\nRejected.\n"})
	if got := AppendOnly(old, nw, Options{}); len(got) != 1 || got[0].Line != 1 {
		t.Errorf("got %v", got)
	}
	if got := AppendOnly(nil, nw, Options{}); got != nil {
		t.Errorf("nil old: got %v", got)
	}
}

func TestAppendOnlyFormal(t *testing.T) {
	old := entry08("MC-DEC-20261008-68bfcfb4", "Decision")
	newer := strings.Replace(strings.Replace(entry08("MC-DEC-20261009-1a2b3c4d", "Decision"), "Store notes as JSON", "Store notes as JSONL", 1),
		"Evidence:", "Supersedes: MC-DEC-20261008-68bfcfb4\nEvidence:", 1)
	superseded := strings.Replace(strings.Replace(old, "Status: active", "Status: superseded", 1), "Evidence:", "Superseded-By: MC-DEC-20261009-1a2b3c4d\nEvidence:", 1)
	tests := []struct {
		name   string
		before string
		after  string
		want   int
	}{
		{"unchanged", old, old, 0},
		{"new entry on top", old, newer + "\n" + old, 0},
		{"body edited in place", old, strings.Replace(old, "Notes are stored as JSON files.", "Notes are stored in SQLite.", 1), 1},
		{"title edited in place", old, strings.Replace(old, "Store notes as JSON", "Store notes as YAML", 1), 1},
		{"facet edited in place", old, strings.Replace(old, "Facet: data-model", "Facet: interface", 1), 1},
		{"superseded properly", old, strings.Replace(newer, "JSONL", "JSONL", 1) + "\n" + superseded, 0},
		{"superseded without a replacement", old, superseded, 1},
		{"evidence changed", old, strings.Replace(old, "- user-confirmed", "- user-confirmed\n- repo:go.mod", 1), 0},
		{"schema migration inserts nothing meaningful", old, strings.Replace(old, "Notes are stored as JSON files.", "```memory-custodian-body-v1\nNotes are stored as JSON files.\n```", 1), 0},
		{"forgotten (purged)", old, "", 0},
		{"reactivated", superseded + "\n" + newer, strings.Replace(superseded, "Status: superseded", "Status: active", 1) + "\n" + newer, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := map[string]string{"manifest.md": manifest08, "decisions.md": "# Decisions\n\n" + tt.before}
			a := map[string]string{"manifest.md": manifest08, "decisions.md": "# Decisions\n\n" + tt.after}
			got := AppendOnly(memFS(b), memFS(a), Options{})
			if len(got) != tt.want {
				t.Errorf("got %d findings, want %d: %v", len(got), tt.want, got)
			}
		})
	}
	// Moving an entry whole into archive/ is allowed.
	b := map[string]string{"manifest.md": manifest08, "decisions.md": "# Decisions\n\n" + old}
	a := map[string]string{"manifest.md": manifest08, "decisions.md": "# Decisions\n", "archive/decisions-2026.md": "# Archive\n\n" + old}
	if got := AppendOnly(memFS(b), memFS(a), Options{}); len(got) != 0 {
		t.Errorf("archived: %v", got)
	}
	// A 0.5 → 0.6 migration replaces legacy units with formal entries.
	b = map[string]string{"decisions.md": oldDecisions}
	m06 := strings.Replace(manifest08, "protocol_version: 0.8", "protocol_version: 0.6", 1)
	a = map[string]string{"manifest.md": m06, "decisions.md": "# Decisions\n\n" + old}
	if got := AppendOnly(memFS(b), memFS(a), Options{}); len(got) != 0 {
		t.Errorf("migration: %v", got)
	}
}
