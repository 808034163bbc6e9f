package hooks

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/validate"
)

// docSectionOf is the text of file from the heading start to the next
// heading of its level, with line breaks as spaces.
func docSectionOf(t *testing.T, file, start string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", file))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), start)
	if !ok {
		t.Fatalf("%s has no %q", file, start)
	}
	level := start[:strings.IndexByte(start, ' ')+1]
	if i := strings.Index(rest, "\n"+level); i >= 0 {
		rest = rest[:i]
	}
	return strings.Join(strings.Fields(rest), " ")
}

// TestDocsExcludePaths keeps "Per-rule path exclusions" of
// docs/configuration.md true: its example parses and excludes what it
// says and nothing else, the misspelt rule id reads as quoted, and the
// note ci prints for an exclusion the pull request adds, not honoured, is
// the one quoted, there and in docs/ci.md.
func TestDocsExcludePaths(t *testing.T) {
	doc := docSectionOf(t, "docs/configuration.md", "## Per-rule path exclusions")
	raw, err := os.ReadFile("../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(raw), "## Per-rule path exclusions")
	_, rest, _ = strings.Cut(rest, "```toml\n")
	example, _, _ := strings.Cut(rest, "```")
	cfg, err := config.Parse(config.Name, []byte(example), allRules())
	if err != nil {
		t.Fatalf("the example does not parse: %v", err)
	}
	for _, tc := range []struct {
		rule, path string
		off        bool
	}{
		{"remnant-staged", "testdata/a/b/REMNANT.md", true},
		{"remnant-staged", "REMNANT.md", false},
		{"remnant-title", "testdata/a/REMNANT.md", false},
		{"custodian-personal-email", "docs/memory/constraints.md", true},
		{"secret-generic", "docs/examples/setup.md", true},
		{"secret-generic", "docs/setup.md", false},
		{"secret-aws-access-key-id", "docs/examples/setup.md", false},
	} {
		got := cfg.Severity(validate.Finding{RuleID: tc.rule, Path: tc.path, Severity: validate.Error}) == validate.Off
		if got != tc.off {
			t.Errorf("the example: %s at %s excluded %v, want %v", tc.rule, tc.path, got, tc.off)
		}
	}

	_, err = config.Parse(config.Name, []byte("[exclude_paths]\nremnant-stagd = [\"x/**\"]\n"), allRules())
	var ce *config.Error
	if !errors.As(err, &ce) {
		t.Fatalf("a misspelt rule id: %v, want a config error", err)
	}
	if head, _, found := strings.Cut(ce.Msg, ";"); ce.Line != 2 || !found || !strings.Contains(doc, "``"+head+"``") {
		t.Errorf("a misspelt rule id reads %v; docs/configuration.md quotes another", err)
	}

	// A pull request that adds an exclusion: ci over it.
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "commit", "-q", "--allow-empty", "-m", "base")
	git(t, dir, "checkout", "-q", "-b", "pr")
	if err := os.WriteFile(filepath.Join(dir, config.Name), []byte("[exclude_paths]\nsecret-slack-bot-token = [\"fixtures/**\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "fixtures"), 0o755)
	if err := os.WriteFile(filepath.Join(dir, "fixtures", "slack.txt"), []byte("SLACK_TOKEN=xoxb-2861749350-4719285036412-Zq8Lm2Nw4Xr6Ty1Ub3Vc5Hd7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-q", "-m", "fixture")
	rep, _, err := CI(CIOptions{Options: Options{Dir: dir}, Base: "main", Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	if !found(rep.Findings, "secret-slack-bot-token") {
		t.Errorf("ci honoured the exclusion the pull request adds: %v", rep.Findings)
	}
	if len(rep.Notes) != 1 {
		t.Fatalf("ci notes %q, want one", rep.Notes)
	}
	if !strings.Contains(doc, rep.Notes[0]) {
		t.Errorf("docs/configuration.md does not quote ci's note %q", rep.Notes[0])
	}
	ci := docSectionOf(t, "docs/ci.md", "### A false positive in a pull request")
	generic := strings.Replace(rep.Notes[0], `secret-slack-bot-token: "fixtures/**"`, `RULE: "GLOB"`, 1)
	if before, _, ok := strings.Cut(generic, " honoured here"); !ok || !strings.Contains(ci, before+" honoured here") {
		t.Errorf("docs/ci.md does not quote ci's note %q", generic)
	}
}

// TestDocsInitCustodian keeps what docs/commands.md says init --custodian
// writes true: the files, in the order upstream writes them, and the brief
// saying "Not written yet" under each of its three headings.
func TestDocsInitCustodian(t *testing.T) {
	doc := docSectionOf(t, "docs/commands.md", "## `remnant-guard init`")
	var names []string
	for _, f := range custodianFiles {
		names = append(names, "`"+f.name+"`")
	}
	list := strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	if !strings.Contains(doc, list) {
		t.Errorf("docs/commands.md does not list %s", list)
	}
	if n := strings.Count(custodianBrief, "- Not written yet: "); n != 3 || !strings.Contains(doc, `says "Not written yet" under each of its three headings`) {
		t.Errorf("the brief has %d Not written yet lines, or the docs no longer say so", n)
	}
	for _, claim := range []string{"no `.gitignore` entry", "`init --remnant` adds them anyway", "never writes through a symbolic link"} {
		if !strings.Contains(doc, claim) {
			t.Errorf("docs/commands.md no longer says %q", claim)
		}
	}
}
