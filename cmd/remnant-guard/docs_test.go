package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// helpFlags runs `remnant-guard help CMD` and returns its flags with their
// defaults ("" when none is printed).
func helpFlags(t *testing.T, cmd string) map[string]string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"help", cmd}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("help %s: exit %d\n%s", cmd, code, stderr.String())
	}
	flag := regexp.MustCompile(`^  --([a-z][a-z-]*)`)
	def := regexp.MustCompile(`\(default ([^)]*)\)`)
	text := map[string]string{}
	name := ""
	for _, l := range strings.Split(stdout.String(), "\n") {
		switch m := flag.FindStringSubmatch(l); {
		case m != nil:
			name = m[1]
		case !strings.HasPrefix(l, "     "):
			name = ""
		}
		if name != "" {
			text[name] += " " + strings.TrimSpace(l)
		}
	}
	out := map[string]string{}
	for f, s := range text {
		out[f] = ""
		if m := def.FindStringSubmatch(s); m != nil {
			out[f] = m[1]
		}
	}
	return out
}

// docSection returns the text of a documentation file (a path relative
// to the repository root) from start to end, or to the file's end.
func docSection(t *testing.T, file, start, end string) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(sourceRoot(t), filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	_, s, ok := strings.Cut(string(doc), start)
	if !ok {
		t.Fatalf("%s has no %q", file, start)
	}
	s, _, _ = strings.Cut(s, end)
	return s
}

var readmeFlag = regexp.MustCompile(`--([a-z][a-z-]+)`)

// TestDocsFlagsMatchHelp: the flags the tables of docs/commands.md name
// are exactly the flags the commands' help lists, with the same defaults,
// and the formats are the same.
func TestDocsFlagsMatchHelp(t *testing.T) {
	all := map[string]string{}
	for _, c := range commands() {
		for f, d := range helpFlags(t, c.name) {
			all[f] = d
		}
	}
	section := docSection(t, "docs/commands.md", "# Commands\n", "\n## `remnant-guard init`\n")
	inTables := map[string]bool{}
	for _, l := range strings.Split(section, "\n") {
		if !strings.HasPrefix(l, "|") {
			continue
		}
		for _, m := range readmeFlag.FindAllStringSubmatch(l, -1) {
			inTables[m[1]] = true
		}
	}
	for f := range inTables {
		if _, ok := all[f]; !ok {
			t.Errorf("docs/commands.md's tables name --%s, which no command's help lists", f)
		}
	}
	var missing []string
	for f := range all {
		if !inTables[f] {
			missing = append(missing, f)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("flags in help but not in docs/commands.md's tables: %v", missing)
	}
	// The reporting flags' defaults.
	row := regexp.MustCompile("(?m)^\\| `--([a-z-]+)[^`]*` \\| [^|]* \\| `([^`]*)` \\|$")
	report := helpFlags(t, "check")
	rows := row.FindAllStringSubmatch(section, -1)
	if len(rows) < 2 {
		t.Errorf("read %d default rows from docs/commands.md's flag table, want the --format and --fail-on ones", len(rows))
	}
	for _, m := range rows {
		if got := report[m[1]]; got != m[2] {
			t.Errorf("docs/commands.md gives --%s the default %q, help %q", m[1], m[2], got)
		}
	}
	// The formats.
	m := regexp.MustCompile("`--format ([a-z\\\\|]+)`").FindStringSubmatch(section)
	if m == nil {
		t.Fatal("docs/commands.md has no `--format ...` row")
	}
	if got := strings.Split(strings.ReplaceAll(m[1], `\|`, "|"), "|"); !slices.Equal(got, formats) {
		t.Errorf("docs/commands.md's formats %v, the tool's %v", got, formats)
	}
	other := docSection(t, "docs/output.md", "\n## Other formats\n", "\n## ")
	for _, f := range formats {
		if !strings.Contains(other, "| `"+f+"` |") {
			t.Errorf("docs/output.md's Other formats table lacks %s", f)
		}
	}
}

// TestActionFlagsExist: the flags the Action's inputs, the Action section
// of docs/ci.md and README's GitHub Actions quick start mention are flags
// of remnant-guard ci or of install.sh (which the Action runs for a
// release tag), and the Action's one ci run writes the annotations and the
// SARIF file.
func TestActionFlagsExist(t *testing.T) {
	ci := helpFlags(t, "ci")
	meta, err := os.ReadFile(filepath.Join(sourceRoot(t), "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	installer, err := os.ReadFile(filepath.Join(sourceRoot(t), "install.sh"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(meta) + docSection(t, "docs/ci.md", "\n### The GitHub Action\n", "\n### A GitLab CI job\n") +
		docSection(t, "README.md", "\n### GitHub Actions\n", "\n### GitLab CI\n")
	for _, m := range readmeFlag.FindAllStringSubmatch(text, -1) {
		_, isCI := ci[m[1]]
		if !isCI && !strings.Contains(string(installer), "\t--"+m[1]+")") {
			t.Errorf("action.yml, docs/ci.md or README names --%s, which neither ci nor install.sh has", m[1])
		}
	}
	if n := strings.Count(string(meta), `remnant-guard" ci `); n != 1 {
		t.Errorf("action.yml runs ci %d times, want once", n)
	}
	for _, f := range []string{"--format github", "--sarif "} {
		if !strings.Contains(string(meta), f) {
			t.Errorf("the Action's ci run lacks %s", f)
		}
	}
	if !slices.Contains(formats, "github") || !slices.Contains(formats, "sarif") {
		t.Errorf("ci lost the github or sarif format")
	}
}

// TestDocsOneVersion: go install, the pre-commit rev, the Action and the
// version examples name one release tag, vMAJOR.MINOR.PATCH, everywhere
// in the documentation, and nothing refers to a moving @latest or a
// major-only @v1. A `rev:` may also be a commit (the quick start's
// placeholder for a clone).
func TestDocsOneVersion(t *testing.T) {
	root := sourceRoot(t)
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join(root, "README.md"), filepath.Join(root, "CONTRIBUTING.md"),
		filepath.Join(root, "testdata", "workflows", "remnant-guard.yml"))
	var text strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text.Write(data)
	}
	refs := regexp.MustCompile(`(?:remnant-guard(?:/cmd/remnant-guard)?@|rev: )(\S+)`).FindAllStringSubmatch(text.String(), -1)
	if len(refs) < 4 {
		t.Fatalf("found %d version references, want go install, rev and the Action's", len(refs))
	}
	tag := regexp.MustCompile(`^v\d+\.\d+\.\d+$`)
	commit := regexp.MustCompile(`^[0-9a-f]{40}$`)
	for _, m := range refs {
		v := strings.TrimRight(m[1], "`.,):;")
		if v == "<commit>" || strings.HasPrefix(m[0], "rev: ") && commit.MatchString(v) {
			continue // the pseudo-version example, a clone's commit
		}
		if !tag.MatchString(v) || v != "v0.1.0" {
			t.Errorf("the documentation refers to %q: want the release tag v0.1.0", m[0])
		}
	}
	build, err := os.ReadFile(filepath.Join(sourceRoot(t), "build.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(build), "git tag -a v0.1.0") {
		t.Error("build.sh's release steps do not tag v0.1.0")
	}
}
