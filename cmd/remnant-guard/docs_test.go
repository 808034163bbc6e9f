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

func readmeSection(t *testing.T, start, end string) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join(sourceRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, s, ok := strings.Cut(string(readme), start)
	if !ok {
		t.Fatalf("README.md has no %q", start)
	}
	s, _, _ = strings.Cut(s, end)
	return s
}

var readmeFlag = regexp.MustCompile(`--([a-z][a-z-]+)`)

// TestREADMEFlagsMatchHelp: the flags README's Commands tables name are
// exactly the flags the commands' help lists, with the same defaults, and
// the formats are the same.
func TestREADMEFlagsMatchHelp(t *testing.T) {
	all := map[string]string{}
	for _, c := range commands() {
		for f, d := range helpFlags(t, c.name) {
			all[f] = d
		}
	}
	section := readmeSection(t, "\n## Commands\n", "\n## Quick start\n")
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
			t.Errorf("README's Commands tables name --%s, which no command's help lists", f)
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
		t.Errorf("flags in help but not in README's Commands tables: %v", missing)
	}
	// The reporting flags' defaults.
	row := regexp.MustCompile("(?m)^\\| `--([a-z-]+)[^`]*` \\| [^|]* \\| `([^`]*)` \\|$")
	report := helpFlags(t, "check")
	rows := row.FindAllStringSubmatch(section, -1)
	if len(rows) < 2 {
		t.Errorf("read %d default rows from README's flag table, want the --format and --fail-on ones", len(rows))
	}
	for _, m := range rows {
		if got := report[m[1]]; got != m[2] {
			t.Errorf("README gives --%s the default %q, help %q", m[1], m[2], got)
		}
	}
	// The formats.
	m := regexp.MustCompile("`--format ([a-z\\\\|]+)`").FindStringSubmatch(section)
	if m == nil {
		t.Fatal("README's Commands section has no `--format ...` row")
	}
	if got := strings.Split(strings.ReplaceAll(m[1], `\|`, "|"), "|"); !slices.Equal(got, formats) {
		t.Errorf("README's formats %v, the tool's %v", got, formats)
	}
	other := readmeSection(t, "\n### Other formats\n", "\n## ")
	for _, f := range formats {
		if !strings.Contains(other, "| `"+f+"` |") {
			t.Errorf("README's Other formats table lacks %s", f)
		}
	}
}

// TestActionFlagsExist: the flags the Action's inputs and README's Action
// section mention are flags of remnant-guard ci.
func TestActionFlagsExist(t *testing.T) {
	ci := helpFlags(t, "ci")
	meta, err := os.ReadFile(filepath.Join(sourceRoot(t), "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(meta) + readmeSection(t, "\n### GitHub Actions\n", "\n### GitLab CI\n")
	for _, m := range readmeFlag.FindAllStringSubmatch(text, -1) {
		if _, ok := ci[m[1]]; !ok {
			t.Errorf("action.yml or README's Action section names --%s, which ci does not have", m[1])
		}
	}
	for _, f := range []string{"sarif", "github"} {
		if !strings.Contains(string(meta), "--format "+f) || !slices.Contains(formats, f) {
			t.Errorf("the Action does not use --format %s", f)
		}
	}
}

// TestREADMEOneVersion: go install, the pre-commit rev, the Action and
// the version examples name one release tag, vMAJOR.MINOR.PATCH, and
// nothing refers to a moving @latest or a major-only @v1.
func TestREADMEOneVersion(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(sourceRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	wf, err := os.ReadFile(filepath.Join(sourceRoot(t), "testdata", "workflows", "remnant-guard.yml"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme) + string(wf)
	refs := regexp.MustCompile(`(?:remnant-guard(?:/cmd/remnant-guard)?@|rev: )(\S+)`).FindAllStringSubmatch(text, -1)
	if len(refs) < 4 {
		t.Fatalf("found %d version references, want go install, rev and the Action's", len(refs))
	}
	tag := regexp.MustCompile(`^v\d+\.\d+\.\d+$`)
	for _, m := range refs {
		v := strings.TrimRight(m[1], "`.,):")
		if v == "<commit>" {
			continue // the pseudo-version example
		}
		if !tag.MatchString(v) || v != "v0.1.0" {
			t.Errorf("README refers to %q: want the release tag v0.1.0", m[0])
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
