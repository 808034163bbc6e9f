package custodian

import (
	"strings"
	"testing"
	"time"

	"github.com/remnant-guard/remnant-guard/validate"
)

func TestStaleFinding(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 3, d, 12, 0, 0, 0, time.UTC) }
	f := StaleFinding("docs/memory/areas/storage.md", "storage", day(1),
		Commit{Hash: "0123456789abcdef0123", Subject: "storage: write atomically", Time: day(9)}, 4)
	if f.RuleID != RuleStale || f.Severity != validate.Warning || f.Path != "docs/memory/areas/storage.md" || f.Commit != "0123456789abcdef0123" {
		t.Errorf("finding %+v", f)
	}
	for _, s := range []string{"2026-03-01", "4 later commit", "0123456789ab ", "2026-03-09", "storage: write atomically"} {
		if !strings.Contains(f.Message, s) {
			t.Errorf("message %q lacks %q", f.Message, s)
		}
	}
}

func TestAreaMap(t *testing.T) {
	m := AreaMap{"storage": {"internal/storage/**", "cmd/*/store.go"}}
	tests := map[string]bool{
		"internal/storage/x.go":     true,
		"internal/storage/a/b/c.go": true,
		"internal/storage":          true,
		"cmd/nn/store.go":           true,
		"cmd/nn/x/store.go":         false,
		"internal/other/x.go":       false,
	}
	for p, want := range tests {
		if got := m.Covers("storage", p); got != want {
			t.Errorf("Covers(%q) = %v, want %v", p, got, want)
		}
	}
	if m.Covers("auth", "internal/storage/x.go") {
		t.Error("unknown area covers a path")
	}
}
