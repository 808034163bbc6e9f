package secrets

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFreshSet writes the fresh recall set (testdata/freshset/gen: files of
// many ecosystems, each holding one made-up secret or one hard negative)
// and scores the built-in rules on it: recall at least 0.97, and no hard
// negative flagged. testdata/freshset/run.sh scores gitleaks and
// TruffleHog on the same files.
func TestFreshSet(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("go", "run", "./testdata/freshset/gen", "write", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gen: %v\n%s", err, out)
	}
	man, err := os.ReadFile(filepath.Join(dir, "manifest.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	e := builtinEngine(t)
	byClass := map[string]*tally{}
	var all tally
	for _, row := range strings.Split(strings.TrimSpace(string(man)), "\n")[1:] {
		f := strings.Split(row, "\t")
		path, label, class := f[0], f[1], f[2]
		data, err := os.ReadFile(filepath.Join(dir, path))
		if err != nil {
			t.Fatal(err)
		}
		fs, _ := e.ScanFile(path, data)
		flagged := len(fs) > 0
		label = map[string]string{"tp": "tp", "hn": "fp"}[label]
		all.add(label, flagged)
		count(byClass, class, label, flagged)
		if flagged != (label == "tp") {
			t.Logf("%s %s %s: %v", label, class, path, ruleIDs(fs))
		}
	}
	logTallies(t, "class", byClass)
	t.Logf("all: %s", all)
	if all.tp < 100 || all.fp < 50 {
		t.Fatalf("fresh set too small: %d secrets, %d hard negatives", all.tp, all.fp)
	}
	if all.recall() < 0.97 {
		t.Errorf("recall %.3f, want at least 0.97", all.recall())
	}
	if all.fpHit > 0 {
		t.Errorf("%d hard negatives flagged", all.fpHit)
	}
}
