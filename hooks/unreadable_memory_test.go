//go:build !windows

package hooks

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
)

// A memory file too large for the memory rules, or not a regular file, is
// reported once, never passed over as if it were fine or absent.
func TestUnreadableMemoryFile(t *testing.T) {
	src := filepath.Join("..", "validate", "custodian", "testdata", "valid", "nightnotes")
	for _, tc := range []struct {
		name   string
		make   func(path string) error
		rule   string
		memory string // the rule with --only memory
	}{
		{"9 MB", func(p string) error {
			return os.WriteFile(p, []byte("# Decisions\n\n"+strings.Repeat("x", 9<<20)+"\n"), 0o644)
		}, custodian.RuleUnreadable, custodian.RuleUnreadable},
		{"FIFO", func(p string) error { return syscall.Mkfifo(p, 0o644) }, config.NotRegularRule, custodian.RuleUnreadable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
				t.Fatalf("git init: %v %s", err, out)
			}
			mem := filepath.Join(dir, "docs", "memory")
			os.MkdirAll(filepath.Dir(mem), 0o755)
			if out, err := exec.Command("cp", "-r", src, mem).CombinedOutput(); err != nil {
				t.Fatalf("cp: %v %s", err, out)
			}
			os.Remove(filepath.Join(mem, "decisions.md"))
			if err := tc.make(filepath.Join(mem, "decisions.md")); err != nil {
				t.Fatal(err)
			}
			for _, only := range []validate.Family{"", validate.Memory} {
				want := tc.rule
				if only != "" {
					want = tc.memory
				}
				rep, err := Check(Options{Dir: dir, Only: only}, nil)
				if err != nil {
					t.Fatal(err)
				}
				var ids []string
				for _, f := range rep.Findings {
					if f.Path == "docs/memory/decisions.md" {
						ids = append(ids, f.RuleID)
					}
				}
				if len(ids) != 1 || ids[0] != want || !rep.Blocking(validate.Error) {
					t.Errorf("only=%q: findings on decisions.md %v, want one %s: %+v", only, ids, want, rep.Findings)
				}
			}
		})
	}
}
