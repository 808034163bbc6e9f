package custodian

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

// memory08 returns a protocol 0.8 memory directory with 500 structured
// entries (200 decisions, 150 constraints, 100 rejections, 50
// preferences) and 50 Subjects, on the manifest of the 0.8 project.
func memory08(tb testing.TB) fstest.MapFS { return memory08n(tb, 10) }

// memory08n is memory08 with tenth/10 of its entries.
func memory08n(tb testing.TB, tenth int) fstest.MapFS {
	tb.Helper()
	base := loadTree(tb, "testdata/projects/0.8-near-budget/memory")
	fsys := fstest.MapFS{}
	for k, v := range base.files {
		fsys[k] = &fstest.MapFile{Data: v}
	}
	var s strings.Builder
	s.WriteString("# Subject Registry\n\nEntries are newest first.\n")
	for i := range 50 {
		fmt.Fprintf(&s, "\n## MC-SUBJ-20260101-%08x — Subject %d\n\nStatus: active\nKind: feature\nCanonical-Ref: feature:s%d\nEvidence:\n- user-confirmed\n\nAliases:\n- subject alias %d\n", i, i, i, i)
	}
	fsys["subjects.md"] = &fstest.MapFile{Data: []byte(s.String())}
	k := 0
	for _, f := range []struct {
		name, title, prefix, body string
		n                         int
	}{{"decisions.md", "Decisions", "MC-DEC", "Decision", 20 * tenth}, {"constraints.md", "Constraints", "MC-CON", "Constraint", 15 * tenth}, {"do-not-use.md", "Do Not Use", "MC-DNU", "Rejected", 10 * tenth}} {
		var b strings.Builder
		fmt.Fprintf(&b, "# %s\n\nEntries are newest first.\n", f.title)
		for i := range f.n {
			fmt.Fprintf(&b, "\n## %s-20261201-%08x — %s entry %d\n\nStatus: active\nScope: project\nSubject: MC-SUBJ-20260101-%08x\nFacet: %s\nEvidence:\n- user-confirmed\n- repo:go.mod\n\n%s:\nComponent %d keeps its behaviour behind one interface.\n\nReason:\nTests replace it with a fake.\n",
				f.prefix, k, f.title, i, k/len(facets), facets[k%len(facets)], f.body, k)
			k++
		}
		fsys[f.name] = &fstest.MapFile{Data: []byte(b.String())}
	}
	var p strings.Builder
	p.WriteString("# Preferences\n\nEntries are newest first.\n")
	for i := range 5 * tenth {
		fmt.Fprintf(&p, "\n## MC-PREF-20261201-%08x — Preference %d\n\nStatus: active\nScope: project\nEvidence:\n- user-confirmed\n\nPreference:\nKeep output short, case %d.\n", 0x10000+i, i, i)
	}
	fsys["preferences.md"] = &fstest.MapFile{Data: []byte(p.String())}
	return fsys
}

// BenchmarkCheck500v08 is what check and the hook run on it: the rules
// and append-only against an unchanged HEAD.
func BenchmarkCheck500v08(b *testing.B) {
	fsys := memory08(b)
	b.ReportAllocs()
	for b.Loop() {
		CheckChange(fsys, fsys, Options{}, nil)
	}
}

// TestCheck500v08Fast guards against a quadratic slip, whatever the
// machine's speed or load: 400 entries may allocate at most 16 times as
// much as 50 (linear work allocates about 8 times as much, quadratic work
// about 64 times). The goal, 30 ms of CPU, is measured by the benchmark
// and in BENCHMARKS.md.
func TestCheck500v08Fast(t *testing.T) {
	fsys := memory08(t)
	for _, f := range errorsOf(Check(fsys, Options{}, nil)) {
		if f.RuleID != RuleOverBudget && f.RuleID != RuleEntrySubject {
			t.Errorf("unexpected error %s:%d %s %s", f.Path, f.Line, f.RuleID, f.Message)
		}
	}
	small, large := memory08n(t, 1), memory08n(t, 8)
	heapcost.CheckLinear(t, "entries", func() { CheckChange(small, small, Options{}, nil) }, func() { CheckChange(large, large, Options{}, nil) })
}
