package custodian

import (
	"fmt"
	"strings"
	"testing"
)

// Under protocol 0.6 and later the inbox counts its candidate MC-INBOX
// entries and its legacy bullets; promoted entries, bullets inside an
// entry and bullets in code do not count.
func TestInboxItems08(t *testing.T) {
	base := loadTree(t, "testdata/projects/0.8-near-budget/memory")
	entry := func(i int, status string) string {
		return fmt.Sprintf("## MC-INBOX-20261020-%08x — Candidate %d\n\nStatus: %s\nCandidate-Type: decision\nScope: project\n"+
			"Evidence:\n- agent-observed\n\nStatement:\nIdea %d.\n- a bullet inside the entry\n\nPromotion-Requirement:\nConfirm with the user.\n\n", i, i, status, i)
	}
	inbox := func(candidates, promoted, bullets int) string {
		var b strings.Builder
		b.WriteString("# Memory Inbox\n\nEntries are newest first.\n\n")
		for i := range bullets {
			fmt.Fprintf(&b, "- legacy note %d\n", i)
		}
		b.WriteString("\n```\n- a bullet in code\n- another\n```\n\n")
		for i := range candidates {
			b.WriteString(entry(i, "candidate"))
		}
		for i := range promoted {
			b.WriteString(entry(1000+i, "promoted"))
		}
		return b.String()
	}
	for _, tc := range []struct {
		candidates, promoted, bullets int
		want                          int // items reported, 0: no warning
	}{
		{30, 0, 0, 0},
		{31, 0, 0, 31},
		{20, 0, 11, 31},
		{0, 0, 30, 0},
		{10, 40, 20, 0},
		{25, 40, 10, 35},
	} {
		tr := base.clone()
		tr.files["inbox.md"] = []byte(inbox(tc.candidates, tc.promoted, tc.bullets))
		got := 0
		for _, f := range checkTree(t, tr) {
			if f.RuleID == RuleInboxFull {
				if _, err := fmt.Sscanf(f.Message, "inbox.md has %d items", &got); err != nil {
					t.Fatalf("%+v: %v", f, err)
				}
			}
		}
		if got != tc.want {
			t.Errorf("%d candidates, %d promoted, %d bullets: %d items reported, want %d", tc.candidates, tc.promoted, tc.bullets, got, tc.want)
		}
	}
}
