package hooks

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

// A tree set up for gitleaks: a custom rule on top of the default rules,
// a default rule extended with an allowlist, a global path allowlist for
// test data, an AND allowlist, and a .gitleaksignore entry. The verdicts
// recorded below follow gitleaks' documented semantics; when gitleaks is
// installed the tests compare with its own verdicts too.
const compatConfig = `[extend]
useDefault = true

[[rules]]
id = "acme-token"
description = "Acme token"
regex = '''acme_[a-z0-9]{24}'''
keywords = ["acme_"]

[[rules]]
id = "github-pat"
[[rules.allowlists]]
regexTarget = "line"
regexes = ['''fixture-only''']

[[allowlists]]
description = "test fixtures"
paths = ['''(^|/)testdata/''']

[[allowlists]]
condition = "AND"
paths = ['''^docs/''']
stopwords = ["acme_docs"]
`

const compatPAT = "ghp_8r6Jk2LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq"

var compatTree = map[string]string{
	".gitleaks.toml":       compatConfig,
	".gitleaksignore":      "# reviewed\nsrc/legacy.js:github-pat:3\n",
	"src/app.py":           "import os\nGITHUB_TOKEN = \"" + compatPAT + "\"\n",
	"src/acme.go":          "package x\n\nconst t = \"acme_k3j9x2m8q7w1z5r4t6y0u2i8\"\n",
	"testdata/fixture.env": "GITHUB_TOKEN=" + compatPAT + "\n",
	"src/fixture.py":       "GITHUB_TOKEN = \"" + compatPAT + "\"  # fixture-only\n",
	"src/fixture.txt":      "see " + compatPAT + " # fixture-only\n",
	"docs/guide.md":        "# Guide\n\nUse acme_docsk3j9x2m8q7w1z5r4t6y0 here.\n",
	"docs/other.md":        "# Other\n\nUse acme_k3j9x2m8q7w1z5r4t6y0u2i8 here.\n",
	"src/legacy.js":        "// a\n// b\nconst token = \"" + compatPAT + "\";\n",
}

// compatStaged are the findings of `gitleaks git --pre-commit --staged`
// on compatTree: the fixture allowlisted for github-pat is still reported
// by the generic rule when its value is assigned to a name.
var compatStaged = []string{"docs/other.md:3", "src/acme.go:3", "src/app.py:2", "src/fixture.py:1"}

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func locations(fs []validate.Finding) []string {
	var out []string
	for _, f := range fs {
		if strings.HasPrefix(f.RuleID, "secret-") {
			out = append(out, f.Path+":"+strconv.Itoa(f.Line))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// gitleaksLocations runs gitleaks in dir, when it is installed, and
// returns the file:line of its findings.
func gitleaksLocations(t *testing.T, dir string, args ...string) ([]string, bool) {
	t.Helper()
	bin, err := exec.LookPath("gitleaks")
	if err != nil {
		t.Log("gitleaks is not installed: compared with the recorded gitleaks verdicts only")
		return nil, false
	}
	report := filepath.Join(t.TempDir(), "report.json")
	cmd := exec.Command(bin, append(args, "--no-banner", "--log-level", "error", "-f", "json", "-r", report, ".")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		t.Fatalf("gitleaks: %v\n%s", err, out)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var found []struct {
		File      string
		StartLine int
	}
	if err := json.Unmarshal(data, &found); err != nil {
		t.Fatal(err)
	}
	var locs []string
	for _, f := range found {
		locs = append(locs, f.File+":"+strconv.Itoa(f.StartLine))
	}
	slices.Sort(locs)
	return slices.Compact(locs), true
}

func TestGitleaksCompatStaged(t *testing.T) {
	dir := gitRepo(t, map[string]string{"README.md": "# x\n"})
	writeTree(t, dir, compatTree)
	git(t, dir, "add", "-A")
	rep, err := PreCommit(Options{Dir: dir, Only: validate.Secrets}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := locations(rep.Findings)
	if !slices.Equal(got, compatStaged) {
		t.Errorf("remnant-guard pre-commit found %v, gitleaks' verdicts are %v", got, compatStaged)
	}
	if gl, ok := gitleaksLocations(t, dir, "git", "--pre-commit", "--staged"); ok && !slices.Equal(got, gl) {
		t.Errorf("remnant-guard pre-commit found %v, gitleaks %v", got, gl)
	}
}

func TestGitleaksCompatHistory(t *testing.T) {
	dir := gitRepo(t, map[string]string{"README.md": "# x\n"})
	commit := func(name, body string) string {
		writeTree(t, dir, map[string]string{name: body})
		git(t, dir, "add", name)
		git(t, dir, "commit", "-q", "-m", "add "+name)
		out, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	ignored := commit("src/old.py", "TOKEN = '"+compatPAT+"'\n")
	commit("src/keep.py", "print('"+compatPAT+"')\n")
	allowed := commit("src/c3.txt", "see "+compatPAT+"\n")
	writeTree(t, dir, map[string]string{
		".gitleaks.toml":  "[extend]\nuseDefault = true\n[[allowlists]]\ncommits = [\"" + allowed + "\"]\n",
		".gitleaksignore": ignored + ":src/old.py:github-pat:1\n" + ignored + ":src/keep.py:github-pat:1\n",
	})
	rep, err := Scan(Options{Dir: dir, Only: validate.Secrets, History: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"src/keep.py:1"}
	got := locations(rep.Findings)
	if !slices.Equal(got, want) {
		t.Errorf("remnant-guard scan --history found %v, gitleaks' verdicts are %v", got, want)
	}
	if gl, ok := gitleaksLocations(t, dir, "git"); ok && !slices.Equal(got, gl) {
		t.Errorf("remnant-guard scan --history found %v, gitleaks %v", got, gl)
	}
}
