package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// known are the rules the configs of these tests may name.
var known = []validate.Rule{{ID: "remnant-too-long", Severity: validate.Error}, {ID: "secret-github-pat", Severity: validate.Error}}

func TestDefaults(t *testing.T) {
	c, err := Parse("x.toml", nil, known)
	if err != nil {
		t.Fatal(err)
	}
	d := remnant.DefaultLimits()
	if c.Limits.MaxLines != d.MaxLines || c.Limits.MaxHistory != d.MaxHistory ||
		c.Limits.MaxStateBullets != d.MaxStateBullets || c.Limits.MaxFileSize != d.MaxFileSize {
		t.Errorf("limits %+v, want remnant's defaults %+v", c.Limits, d)
	}
	if c.Secrets.MaxFileSize != secrets.DefaultMaxFileSize {
		t.Errorf("secrets.max_file_size %d, want %d", c.Secrets.MaxFileSize, secrets.DefaultMaxFileSize)
	}
	if c.Custodian.Dir != custodian.DefaultDir || c.Custodian.StaleCommits != 5 {
		t.Errorf("custodian %+v", c.Custodian)
	}
	if !c.CI.BlockSkipped || c.CI.MaxFileSize != 100<<20 {
		t.Errorf("ci %+v, want blocking skipped files and 100 MiB", c.CI)
	}
	if c.Hook.BlockLocal || c.Hook.BlockSkipped || c.Remnant.Uses {
		t.Errorf("hook %+v, remnant %+v: want all off", c.Hook, c.Remnant)
	}
	if c.Source != "x.toml" || Default().Source != "" {
		t.Errorf("source %q, default's %q", c.Source, Default().Source)
	}
	// Without custodian.dir, the directory is memory only with a manifest.
	if c.JudgesMemory(fstest.MapFS{}) {
		t.Error("an empty directory is judged as memory without custodian.dir")
	}
	if !c.JudgesMemory(fstest.MapFS{}, custodianMemory()) {
		t.Error("a directory whose earlier version had a manifest is not judged as memory")
	}
}

// custodianMemory is a directory with a Memory Manifest, as custodian reads it.
func custodianMemory() fs.FS {
	return os.DirFS(filepath.Join("..", "..", "validate", "custodian", "testdata", "projects", "0.8-near-budget", "memory"))
}

func TestParseEverySetting(t *testing.T) {
	src := `paths = ["notes/*.md", "docs/**/MEMORY.md"]

[limits]
max_lines = 300
max_history = 40
max_state_bullets = 9
max_file_size = 4194304

[rules]
remnant-too-long = "warning"
secret-github-pat = "off"
secret-corp-token = "warning"

[hook]
block_local = true
block_skipped = true

[remnant]
uses = true

[secrets]
max_file_size = 1000
exclude_paths = ["fixtures/**", "**/*.golden"]

[[secrets.rules]]
id = "secret-corp-token"
description = "Corp token"
keywords = ["corp_"]
regex = 'corp_[a-z0-9]{20}'

[custodian]
dir = "./mem/"
stale_commits = 7
areas = { api = ["src/api/**"], web = ["web/**", "*.html"] }
budgets = { "decisions.md" = 0, "areas/*.md" = 900 }

[ci]
block_skipped = false
max_file_size = 1073741824
`
	c, err := Parse("repo/.remnant-guard.toml", []byte(src), known)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(c.Paths) != "[notes/*.md docs/**/MEMORY.md]" {
		t.Errorf("paths %q", c.Paths)
	}
	if c.Limits != (LimitsConfig{300, 40, 9, 4 << 20}) {
		t.Errorf("limits %+v", c.Limits)
	}
	l := c.ValidateLimits()
	if l.MaxLines != 300 || l.MaxHistory != 40 || l.MaxStateBullets != 9 || l.MaxFileSize != 4<<20 || !l.KnownRemnant {
		t.Errorf("validator limits %+v", l)
	}
	if !c.Hook.BlockLocal || !c.Hook.BlockSkipped || c.CI.BlockSkipped || c.CI.MaxFileSize != 1<<30 {
		t.Errorf("hook %+v, ci %+v", c.Hook, c.CI)
	}
	if len(c.Secrets.Rules) != 1 || c.Secrets.Rules[0].ID != "secret-corp-token" || c.Secrets.Rules[0].Keywords[0] != "corp_" {
		t.Errorf("secret rules %+v", c.Secrets.Rules)
	}

	// Severities: overridden for the rules named (a rule the config adds
	// itself included), the finding's own otherwise.
	for id, want := range map[string]validate.Severity{"remnant-too-long": validate.Warning, "secret-github-pat": validate.Off, "secret-corp-token": validate.Warning, "other": validate.Error} {
		if got := c.Severity(validate.Finding{RuleID: id, Severity: validate.Error}); got != want {
			t.Errorf("severity of %s: %v, want %v", id, got, want)
		}
	}
	off := c.Disabled(map[string]bool{"x": true})
	if len(off) != 2 || !off["x"] || !off["secret-github-pat"] {
		t.Errorf("disabled %v", off)
	}

	// The config is never changed by what a run derives from it.
	c2 := c.WithRulesOff(map[string]bool{"remnant-too-long": true})
	if c2.Severity(validate.Finding{RuleID: "remnant-too-long"}) != validate.Off ||
		c.Severity(validate.Finding{RuleID: "remnant-too-long"}) != validate.Warning {
		t.Error("WithRulesOff changed the config it copied, or did not turn the rule off")
	}
	if Default().WithRulesOff(map[string]bool{"a": true}).Severity(validate.Finding{RuleID: "a", Severity: validate.Error}) != validate.Off {
		t.Error("WithRulesOff on the defaults does not turn the rule off")
	}

	// custodian.dir is cleaned, and naming it makes the directory memory.
	if c.Custodian.Dir != "mem" || c.Custodian.StaleCommits != 7 || !c.JudgesMemory(fstest.MapFS{}) {
		t.Errorf("custodian %+v, judged as memory: %v", c.Custodian, c.JudgesMemory(fstest.MapFS{}))
	}
	o := c.CustodianOptions()
	if o.Dir != "mem" || o.Budgets["decisions.md"] != 0 || o.Budgets["areas/*.md"] != 900 || len(o.Budgets) != 2 {
		t.Errorf("custodian options %+v", o)
	}
	if fmt.Sprint(c.Custodian.Areas["web"]) != "[web/** *.html]" {
		t.Errorf("areas %v", c.Custodian.Areas)
	}

	// exclude_paths: ** spans any number of folders, * one name.
	for p, want := range map[string]bool{
		"fixtures/a.txt": true, "fixtures/x/y/z.txt": true, "src/fixtures/a.txt": false,
		"a.golden": true, "x/y/a.golden": true, "a.golden.txt": false,
		"fixtures":    true, // ** matches zero folders too
		"fixturesx/a": false,
	} {
		if got := c.ScanExcluded(p); got != want {
			t.Errorf("ScanExcluded(%q) = %v, want %v", p, got, want)
		}
	}

	// secrets.max_file_size bounds what is scanned; a NUL byte in the
	// first 8000 bytes makes the content binary, one after it does not.
	text := []byte(strings.Repeat("a", 1000))
	for _, tc := range []struct {
		data []byte
		want string
	}{
		{text, ""},
		{append(text, 'b'), "over the size limit of 1000 bytes"},
		{[]byte("a\x00b"), "binary file"},
	} {
		if got := c.SkipReason(tc.data); got != tc.want {
			t.Errorf("SkipReason(%d bytes) = %q, want %q", len(tc.data), got, tc.want)
		}
	}
	late := append([]byte(strings.Repeat("a", 8000)), 0)
	if got := Default().SkipReason(late); got != "" {
		t.Errorf("a NUL byte after the first 8000 bytes: %q", got)
	}
	if got := Default().SkipReason(append([]byte(strings.Repeat("a", 7999)), 0)); got != "binary file" {
		t.Errorf("a NUL byte at offset 7999: %q", got)
	}
}

// TestParseErrorsNameFileAndLine: every bad config is an *Error naming the
// file and the line of the key at fault, with a message that says what is
// wrong; none is accepted.
func TestParseErrorsNameFileAndLine(t *testing.T) {
	const name = "sub/.remnant-guard.toml"
	cases := []struct {
		src  string
		line int
		msg  string
	}{
		// TOML syntax
		{"paths = [\"a\"]\n\n[limits]]\nmax_lines = 3\n", 3, "expected a top-level item to end"},
		{"# a comment\npaths = [\"a\",\n", 2, "unexpected EOF"},
		{"x = \"unterminated\n", 1, "strings cannot contain newlines"},
		{"[hook]\nblock_local = tru\n", 2, `expected value but found "tru"`},
		{"[limits]\nmax_lines = 3\n\n[limits]\n", 4, "has already been defined"},
		{"[limits]\nmax_lines = 3\nmax_lines = 4\n", 3, "has already been defined"},
		// keys and types
		{"\n[limits]\nmax_line = 3\n", 3, "unknown key \"limits.max_line\" (did you mean `max_lines`?)"},
		{"colour = \"red\"\n", 1, `unknown key "colour"`},
		{"lmits.max_lines = 3\n", 1, "unknown key \"lmits.max_lines\" (did you mean `limits`?)"},
		{"[hook]\nblock_local = true\nblock_remote = true\n", 3, `unknown key "hook.block_remote"`},
		{"[[secrets.rules]]\nid = \"x\"\nregx = \"a\"\n", 3, "unknown key \"secrets.rules.regx\" (did you mean `regex`?)"},
		{"[limits]\nmax_lines = \"300\"\n", 2, `"limits.max_lines" must be a whole number, not a string: write max_lines = 300, without quotes`},
		{"paths = \"notes/*.md\"\n", 1, `"paths" must be an array of strings, not a string`},
		{"paths = [\"a\", 1]\n", 1, `"paths" must be an array of strings, not an array holding a whole number`},
		{"[hook]\n\nblock_local = \"yes\"\n", 3, `"hook.block_local" must be true or false, not a string`},
		{"[hook]\nblock_local = \"true\"\n", 2, `"hook.block_local" must be true or false, not a string: write block_local = true, without quotes`},
		{"[limits]\nmax_lines = 1.5\n", 2, `"limits.max_lines" must be a whole number, not a fractional number`},
		{"limits = 3\n", 1, `"limits" must be a table, not a whole number`},
		{"[secrets]\nrules = 1\n", 2, `"secrets.rules" must be an array of tables, not a whole number`},
		{"[[secrets.rules]]\nid = \"a\"\nregex = \"b\"\n[[secrets.rules]]\nid = 2\n", 5, `"secrets.rules.id" must be a string in quotes, not a whole number`},
		{"[custodian.areas]\napi = \"src/**\"\n", 2, `"custodian.areas.api" must be an array of strings, not a string`},
		{"[custodian.budgets]\n\"a.md\" = \"5\"\n", 2, `"custodian.budgets.\"a.md\"" must be a whole number, not a string: write "a.md" = 5, without quotes`},
		{"[remnant]\nuses = 2000-01-01\n", 2, `"remnant.uses" must be true or false, not a date or time`},
		{"rules = 1\n", 1, `"rules" must be a table`},
		{"[custodian]\nareas = 3\n", 2, `"custodian.areas" must be a table`},
		{"[custodian]\ndir = \"m\"\nbudgets = \"x\"\n", 3, `"custodian.budgets" must be a table`},
		// limits
		{"[limits]\nmax_lines = 0\n", 2, "limits.max_lines must be a positive integer, got 0"},
		{"[limits]\nmax_history = -1\n", 2, "limits.max_history must be a positive integer, got -1"},
		{"[limits]\n\nmax_state_bullets = 2147483648\n", 3, "limits.max_state_bullets must be at most 2147483647"},
		{fmt.Sprintf("[limits]\nmax_file_size = %d\n", safefile.MaxMemoryFileLimit+1), 2, fmt.Sprintf("limits.max_file_size must be at most %d", safefile.MaxMemoryFileLimit)},
		{fmt.Sprintf("[secrets]\nmax_file_size = %d\n", safefile.MaxReadLimit+1), 2, fmt.Sprintf("secrets.max_file_size must be at most %d", safefile.MaxReadLimit)},
		{fmt.Sprintf("[ci]\nmax_file_size = %d\n", safefile.MaxCIFileLimit+1), 2, fmt.Sprintf("ci.max_file_size must be at most %d", safefile.MaxCIFileLimit)},
		{"[ci]\nmax_file_size = 0\n", 2, "ci.max_file_size must be a positive integer"},
		{"[custodian]\nstale_commits = 0\n", 2, "custodian.stale_commits must be a positive integer"},
		{"[custodian.budgets]\n\"a.md\" = -1\n", 2, "a budget must be an integer from 0 (off) to 2147483647, got -1"},
		{"[custodian.budgets]\n\"a.md\" = 2147483648\n", 2, "got 2147483648"},
		{"[limits]\nmax_lines = 9223372036854775807\n", 2, "limits.max_lines must be at most 2147483647"},
		// rules
		{"[rules]\nremnant-too-long = \"off\"\nno-such-rule = \"off\"\n", 3, `unknown rule "no-such-rule"; remnant-guard rules lists them`},
		{"[rules]\nremnant-to-long = \"off\"\n", 2, "unknown rule \"remnant-to-long\" (did you mean `remnant-too-long`?); remnant-guard rules lists them"},
		{"[rules]\nremnant-too-long = \"loud\"\n", 2, "rules.remnant-too-long: unknown severity"},
		{"\n\n[[secrets.rules]]\nid = \"corp token\"\nregex = \"x\"\n", 3, "secret rule corp token: id must be kebab-case"},
		{"[[secrets.rules]]\nid = \"secret-corp\"\nkeywords = [\"Corp\"]\nregex = \"x\"\n", 1, `keyword "Corp" must be non-empty lowercase`},
		{"[[secrets.rules]]\nid = \"secret-corp\"\n", 1, "needs a regex, an extract or a path"},
		// paths and globs
		{"paths = [\"/etc/memory.md\"]\n", 1, `paths: "/etc/memory.md" is not a relative path or glob`},
		{"\npaths = [\"notes/[a.md\"]\n", 2, `paths: "notes/[a.md" is not a relative path or glob`},
		{"[custodian]\ndir = \"../elsewhere\"\n", 2, `custodian.dir: "../elsewhere" is not a directory inside the repository`},
		{"[custodian]\ndir = \"/abs\"\n", 2, "is not a directory inside the repository"},
		{"[custodian]\ndir = \"\"\n", 2, "is not a directory inside the repository"},
		{"[custodian]\ndir = \"a/../../b\"\n", 2, "is not a directory inside the repository"},
		{"[custodian]\ndir = \".git\"\n", 2, `custodian.dir: ".git" is inside git's own directory, which git never commits: give a directory of the working tree`},
		{"[custodian]\ndir = \"sub/.GIT/memory\"\n", 2, "is inside git's own directory"},
		{"[custodian.areas]\napi = []\n", 2, "custodian.areas.api: give at least one glob of the code it covers"},
		{"[custodian.areas]\nok = [\"src/**\"]\napi = [\"src/[x/*.go\"]\n", 3, `custodian.areas.api: "src/[x/*.go" is not a valid glob`},
		{"[custodian.budgets]\n\"areas/[.md\" = 5\n", 2, `custodian.budgets: "areas/[.md" is not a valid glob`},
		{"[secrets]\nexclude_paths = [\"ok/**\", \"bad/[\"]\n", 2, `secrets.exclude_paths: "bad/[" is not a valid glob`},
		// per-rule exclusions
		{"[exclude_paths]\nremnant-too-long = [\"a/**\"]\nremnant-to-long = [\"b/**\"]\n", 3, "exclude_paths: unknown rule \"remnant-to-long\" (did you mean `remnant-too-long`?)"},
		{"\n[exclude_paths]\nsecret-github-pat = []\n", 3, "exclude_paths.secret-github-pat: give at least one glob"},
		{"[exclude_paths]\nsecret-github-pat = [\"x/[\"]\n", 2, `exclude_paths.secret-github-pat: "x/[" is not a valid glob`},
		{"exclude_paths = [\"vendor/**\"]\n", 1, "\"exclude_paths\" must be a table"},
		{"[exclude_paths]\nsecret-github-pat = [\"./docs/examples/**\"]\n", 2, `exclude_paths.secret-github-pat: "./docs/examples/**" can never match: a glob is a path from the repository root, with no "." or ".." part, no leading, doubled or trailing "/" (write "docs/examples/**")`},
		{"[exclude_paths]\nsecret-github-pat = [\"docs/examples/\"]\n", 2, `(write "docs/examples/**")`},
		{"[exclude_paths]\nsecret-github-pat = [\"/etc/**\"]\n", 2, `(write "etc/**")`},
		{"[exclude_paths]\nsecret-github-pat = [\"../x/**\"]\n", 2, `"../x/**" can never match`},
		{"[exclude_paths]\nsecret-github-pat = [\"a//b\"]\n", 2, `(write "a/b")`},
		// bounds on the document itself
		{"[limits]\nmax_lines = 3\npaths = " + strings.Repeat("[", 40) + strings.Repeat("]", 40) + "\n", 3, "nest more than 32 deep"},
		{"x = {" + strings.Repeat("a = {", 40) + "\n", 1, "nest more than 32 deep"},
		{"\n" + strings.Repeat("a.", 200) + "b = 1\n", 2, "dots outside strings"},
	}
	for _, tc := range cases {
		c, err := Parse(name, []byte(tc.src), known)
		var ce *Error
		if !errors.As(err, &ce) {
			t.Errorf("%q: got config %v and error %v, want an *Error", tc.src, c != nil, err)
			continue
		}
		if ce.Path != name || ce.Line != tc.line || !strings.Contains(ce.Msg, tc.msg) {
			t.Errorf("%q:\n got %s:%d: %s\nwant %s:%d: ...%s...", tc.src, ce.Path, ce.Line, ce.Msg, name, tc.line, tc.msg)
		}
		if want := fmt.Sprintf("%s:%d: %s", name, tc.line, ce.Msg); err.Error() != want {
			t.Errorf("%q: error reads %q, want %q", tc.src, err.Error(), want)
		}
		if c != nil {
			t.Errorf("%q: a config came back with the error", tc.src)
		}
	}
}

// TestErrorWithoutLine: an error of the whole file names the file alone.
func TestErrorWithoutLine(t *testing.T) {
	e := &Error{Path: "a.toml", Msg: "is 5 bytes"}
	if e.Error() != "a.toml: is 5 bytes" {
		t.Errorf("%q", e.Error())
	}
	_, err := Parse("big.toml", make([]byte, safefile.MaxConfigSize+1), known)
	var ce *Error
	if !errors.As(err, &ce) || ce.Line != 0 || ce.Path != "big.toml" || !strings.Contains(ce.Msg, "over the limit") {
		t.Errorf("a config over the size limit: %v", err)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, Name)

	// No file: the defaults, unless the file was asked for.
	c, err := Load(p, false, known)
	if err != nil || c.Source != "" || c.Limits != Default().Limits || len(c.Problems) != 0 {
		t.Fatalf("missing optional config: %+v, %v", c, err)
	}
	if _, err := Load(p, true, known); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing required config: %v, want a not-exist error", err)
	}

	// A good file is read, a bad one names its path and line.
	write(t, p, "[limits]\nmax_lines = 42\n")
	for _, required := range []bool{false, true} {
		c, err := Load(p, required, known)
		if err != nil || c.Limits.MaxLines != 42 || c.Source != p {
			t.Errorf("required=%v: %+v, %v", required, c, err)
		}
	}
	write(t, p, "[limits]\n\nmax_lines = 0\n")
	_, err = Load(p, false, known)
	if err == nil || !strings.HasPrefix(err.Error(), p+":3: ") {
		t.Errorf("bad config: %v, want %s:3: ...", err, p)
	}

	// Over the size limit: refused before it is parsed, naming the file.
	write(t, p, "# "+strings.Repeat("x", safefile.MaxConfigSize)+"\n")
	_, err = Load(p, true, known)
	var ce *Error
	if !errors.As(err, &ce) || ce.Path != p || !strings.Contains(ce.Msg, fmt.Sprintf("over the limit of %d bytes", safefile.MaxConfigSize)) {
		t.Errorf("config over the limit: %v", err)
	}

	// A config that is not a regular file: the repository's own gives the
	// defaults and a finding about it; one named on the command line is an
	// error.
	os.Remove(p)
	if err := os.Mkdir(p, 0o755); err != nil {
		t.Fatal(err)
	}
	c, err = Load(p, false, known)
	if err != nil || len(c.Problems) != 1 || c.Problems[0].RuleID != NotRegularRule || c.Problems[0].Path != Name ||
		c.Problems[0].Severity != validate.Error || !strings.Contains(c.Problems[0].Message, "directory") {
		t.Errorf("config that is a directory: %+v, %v", c, err)
	}
	if _, err := Load(p, true, known); err == nil {
		t.Error("a required config that is a directory loaded")
	}
}

// TestLoadSideFiles: the ignore file and the gitleaks config beside the
// config, when they are there but not regular files, are findings of the
// loaded config; regular ones are not.
func TestLoadSideFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, Name)
	write(t, filepath.Join(dir, ".gitleaks.toml"), "title = \"x\"\n")
	if err := os.Mkdir(filepath.Join(dir, IgnoreName), 0o755); err != nil {
		t.Fatal(err)
	}
	c, err := Load(p, false, known)
	if err != nil || len(c.Problems) != 1 || c.Problems[0].Path != IgnoreName || c.Problems[0].RuleID != NotRegularRule {
		t.Fatalf("ignore file that is a directory: %+v, %v", c.Problems, err)
	}

	// The gitleaks config the config names replaces .gitleaks.toml.
	write(t, p, "[secrets]\ngitleaks_config = \"ci/leaks.toml\"\n")
	if err := os.MkdirAll(filepath.Join(dir, "ci"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "ci", "leaks.toml"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, IgnoreName)); err != nil {
		t.Fatal(err)
	}
	c, err = Load(p, false, known)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range c.Problems {
		paths = append(paths, f.Path)
	}
	if fmt.Sprint(paths) != "[ci/leaks.toml]" {
		t.Errorf("problems about %v, want only ci/leaks.toml", paths)
	}

	// A config passed with --config is not the repository's: nothing
	// beside it is looked at.
	c, err = Load(p, true, known)
	if err != nil || len(c.Problems) != 0 {
		t.Errorf("required config: problems %+v, %v", c.Problems, err)
	}
}

// TestLoadRefusesLinkOutOfRepository: the repository's own config may not
// be a link to a file outside its folder; a config named on the command
// line is read where it points.
func TestLoadRefusesLinkOutOfRepository(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	outside := filepath.Join(t.TempDir(), "cfg.toml")
	write(t, outside, "[limits]\nmax_lines = 7\n")
	dir := t.TempDir()
	p := filepath.Join(dir, Name)
	if err := os.Symlink(outside, p); err != nil {
		t.Fatal(err)
	}
	c, err := Load(p, false, known)
	if err == nil && c.Limits.MaxLines == 7 {
		t.Error("the repository's config was read through a link out of the repository")
	}
	c, err = Load(p, true, known)
	if err != nil || c.Limits.MaxLines != 7 {
		t.Errorf("--config through a link: %+v, %v", c, err)
	}
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestExcludePaths: a rule's findings in an excluded path are off, the
// same rule elsewhere and other rules in that path keep their severity,
// and NewExclusions lists what one config adds to another.
func TestExcludePaths(t *testing.T) {
	base, err := Parse("x.toml", []byte("[exclude_paths]\nremnant-too-long = [\"fixtures/**\"]\n"), known)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rule, path string
		want       validate.Severity
	}{
		{"remnant-too-long", "fixtures/a/REMNANT.md", validate.Off},
		{"remnant-too-long", "REMNANT.md", validate.Error},
		{"secret-github-pat", "fixtures/a/REMNANT.md", validate.Error},
	} {
		f := validate.Finding{RuleID: tc.rule, Path: tc.path, Severity: validate.Error}
		if got := base.Severity(f); got != tc.want {
			t.Errorf("%s at %s: severity %v, want %v", tc.rule, tc.path, got, tc.want)
		}
	}
	head, err := Parse("y.toml", []byte("[exclude_paths]\nremnant-too-long = [\"fixtures/**\", \"docs/**\"]\nsecret-github-pat = [\"**\"]\n"), known)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(base.NewExclusions(head), "; ")
	if want := `remnant-too-long: "docs/**"; secret-github-pat: "**"`; got != want {
		t.Errorf("NewExclusions = %s, want %s", got, want)
	}
	if n := head.NewExclusions(base); len(n) != 0 {
		t.Errorf("a config that removes exclusions adds %v", n)
	}
}
