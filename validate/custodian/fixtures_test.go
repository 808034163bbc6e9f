package custodian

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

// fixtureAgentFiles are the agent entry files of a fixture: files named
// AGENTS.md, CLAUDE.md or GEMINI.md in the fixture's agents/ directory.
func fixtureAgentFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, n := range []string{"AGENTS.md", "CLAUDE.md", "GEMINI.md"} {
		b, err := os.ReadFile(filepath.Join(dir, "agents", n))
		if err == nil {
			out[n] = b
		}
	}
	return out
}

func formatFindings(fs []validate.Finding) []string {
	out := make([]string, 0, len(fs))
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s:%d %s", f.Path, f.Line, f.RuleID))
	}
	return out
}

func readWant(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	sort.Strings(out)
	return out
}

func checkDir(t *testing.T, dir string) []string {
	t.Helper()
	mem := filepath.Join(dir, "memory")
	if _, err := os.Stat(mem); err != nil {
		mem = dir
	}
	var fs []validate.Finding
	if old := filepath.Join(dir, "old"); exists(os.DirFS(dir), "old") {
		fs = AppendOnly(os.DirFS(old), os.DirFS(mem), Options{})
	}
	fs = append(fs, Check(os.DirFS(mem), Options{}, fixtureAgentFiles(t, dir))...)
	got := formatFindings(fs)
	sort.Strings(got)
	return got
}

func TestFixtures(t *testing.T) {
	dirs, _ := filepath.Glob("testdata/valid/*")
	dirs = append(dirs, "testdata/template")
	invalid, _ := filepath.Glob("testdata/invalid/*")
	dirs = append(dirs, invalid...)
	for _, dir := range dirs {
		t.Run(dir, func(t *testing.T) {
			var want []string
			if w := filepath.Join(dir, "want.txt"); exists(os.DirFS("."), w) {
				want = readWant(t, w)
			}
			got := checkDir(t, dir)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("findings:\n got: %q\nwant: %q", got, want)
			}
		})
	}
}
