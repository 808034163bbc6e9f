package custodian

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCoreFileThatIsADirectory: a directory where a core file belongs is a
// missing core file, as MemoryCustodian's own check reports it.
func TestCoreFileThatIsADirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "projects", "0.8-near-budget", "memory"))); err != nil {
		t.Fatal(err)
	}
	for _, f := range Check(os.DirFS(dir), Options{}, nil) {
		if f.RuleID == RuleCoreFileMissing {
			t.Fatalf("the intact project already reports %v", f)
		}
	}
	if err := os.Remove(filepath.Join(dir, "decisions.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "decisions.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range Check(os.DirFS(dir), Options{}, nil) {
		if f.RuleID == RuleCoreFileMissing && strings.HasSuffix(f.Path, "decisions.md") {
			return
		}
	}
	t.Errorf("decisions.md as a directory: no missing-core-file finding in %v", Check(os.DirFS(dir), Options{}, nil))
}
