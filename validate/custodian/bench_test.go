package custodian

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

// bigMemory returns the nightnotes fixture with n decisions and n
// constraints.
func bigMemory(tb testing.TB, n int) fstest.MapFS {
	tb.Helper()
	fsys := fstest.MapFS{}
	root := "testdata/valid/nightnotes"
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		fsys[filepath.ToSlash(rel)] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	var d, c strings.Builder
	d.WriteString("# Decisions\n\n")
	c.WriteString("# Constraints\n\n")
	for i := range n {
		fmt.Fprintf(&d, "## 2026-01-%02d - Decision %d\n\nDecision: Keep component %d behind its interface.\nReason: tests replace it with a fake.\n\n", i%28+1, i, i)
		fmt.Fprintf(&c, "- Component %d must start in under %d ms on a cold cache.\n", i, 100+i)
	}
	fsys["decisions.md"] = &fstest.MapFile{Data: []byte(d.String())}
	fsys["constraints.md"] = &fstest.MapFile{Data: []byte(c.String())}
	return fsys
}

func BenchmarkCheck500(b *testing.B) {
	fsys := bigMemory(b, 500)
	agents := map[string][]byte{"AGENTS.md": []byte("# Agents\n\nRead docs/memory/manifest.md first.\n")}
	b.ReportAllocs()
	for b.Loop() {
		Check(fsys, Options{}, agents)
	}
}

// TestCheck500Fast guards against a quadratic slip, whatever the
// machine's speed or load: 400 entries may allocate at most 16 times as
// much as 50 (linear work allocates about 8 times as much, quadratic work
// about 64 times); the benchmark gives the time.
func TestCheck500Fast(t *testing.T) {
	fsys := bigMemory(t, 500)
	got := Check(fsys, Options{}, nil)
	over := 0
	for _, f := range got {
		if f.RuleID == RuleOverBudget {
			over++
		}
	}
	if over != 2 {
		t.Errorf("want decisions.md and constraints.md over budget, got %v", formatFindings(got))
	}
	small, large := bigMemory(t, 50), bigMemory(t, 400)
	heapcost.CheckLinear(t, "entries", func() { Check(small, Options{}, nil) }, func() { Check(large, Options{}, nil) })
}
