package remnant

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/remnant-guard/remnant-guard/validate"
)

// testNow is the time the fixtures are checked at.
var testNow = time.Date(2026, 5, 6, 12, 0, 0, 0, time.UTC)

// checkFile runs the check for the kind of name. A CLAUDE.md or GEMINI.md
// gets the AGENTS.md beside it, if any.
func checkFile(t testing.TB, name string, src []byte) []validate.Finding {
	lim := DefaultLimits()
	switch KindOf(name) {
	case KindRemnant:
		return CheckRemnant(name, src, lim, testNow)
	case KindTemplate:
		return CheckTemplate(name, src, lim)
	case KindAgents:
		return CheckAgents(name, src, lim)
	case KindPointer:
		agents, err := os.ReadFile(filepath.Join(filepath.Dir(name), "AGENTS.md"))
		if err != nil {
			agents = nil
		}
		return CheckPointer(name, src, agents, lim)
	}
	t.Fatalf("%s: not a memory file", name)
	return nil
}

// TestFixtures walks testdata/{valid,invalid}/*/: every memory file in a
// case directory is checked, and the findings must be exactly those listed
// in want.txt as "line:col rule-id" (none when want.txt is absent).
func TestFixtures(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("testdata", "*", "*"))
	if len(dirs) < 20 {
		t.Fatalf("found %d fixture directories, want at least 20", len(dirs))
	}
	for _, dir := range dirs {
		t.Run(filepath.ToSlash(dir), func(t *testing.T) {
			got := checkDir(t, dir)
			want := readWant(t, dir)
			if strings.HasPrefix(filepath.ToSlash(dir), "testdata/invalid/") && len(want) == 0 {
				t.Fatalf("invalid fixture without want.txt")
			}
			if !slices.Equal(got, want) {
				t.Errorf("findings:\n got %q\nwant %q", got, want)
			}
		})
	}
}

func checkDir(t *testing.T, dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	if len(files) == 0 {
		t.Fatalf("no memory file in %s", dir)
	}
	var got []string
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range checkFile(t, name, src) {
			if f.Path != name || f.Message == "" || f.Severity != remnantSeverity()[f.RuleID] {
				t.Errorf("bad finding %+v", f)
			}
			got = append(got, fmt.Sprintf("%d:%d %s", f.Line, f.Column, f.RuleID))
		}
	}
	slices.Sort(got)
	return got
}

func readWant(t *testing.T, dir string) []string {
	b, err := os.ReadFile(filepath.Join(dir, "want.txt"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			want = append(want, l)
		}
	}
	slices.Sort(want)
	return want
}
