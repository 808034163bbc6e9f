package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/internal/tomlcheck"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// Name is the configuration file looked up at the repository root.
const Name = ".remnant-guard.toml"

// IgnoreName is the file of secret fingerprints that are not reported.
const IgnoreName = ".remnant-guard-ignore"

// NotRegularRule is the rule for a memory or config file that cannot be
// read as a regular file.
const NotRegularRule = "file-not-regular"

// Config is the content of .remnant-guard.toml. Every field has a default;
// an absent file means all defaults.
type Config struct {
	// Paths adds memory files or globs (relative to the repository root)
	// that check validates besides the root files.
	Paths  []string          `toml:"paths"`
	Limits LimitsConfig      `toml:"limits"`
	Rules  map[string]string `toml:"rules"`
	Hook   HookConfig        `toml:"hook"`
	// Secrets configures the secret scanner.
	Secrets SecretsConfig `toml:"secrets"`
	// Custodian configures MemoryCustodian memory checks.
	Custodian CustodianConfig `toml:"custodian"`
	// Remnant says whether the repository uses Remnant.
	Remnant RemnantConfig `toml:"remnant"`
	// CI configures the history checks: ci, pre-push, scan --history.
	CI CIConfig `toml:"ci"`
	// ExcludePaths maps a rule id to globs of the files whose findings of
	// that rule are not reported (exclude.go).
	ExcludePaths map[string][]string `toml:"exclude_paths"`

	// Source is the file the config was read from ("" for defaults).
	Source string `toml:"-"`
	// severity holds the parsed Rules overrides.
	severity map[string]validate.Severity
	// problems are findings about the config file itself (one that is not
	// a regular file); Apply adds them to every report.
	Problems []validate.Finding
}

// LimitsConfig bounds the memory files.
type LimitsConfig struct {
	MaxLines        int   `toml:"max_lines"`
	MaxHistory      int   `toml:"max_history"`
	MaxStateBullets int   `toml:"max_state_bullets"`
	MaxFileSize     int64 `toml:"max_file_size"`
}

// HookConfig decides what blocks a commit.
type HookConfig struct {
	// BlockLocal makes findings about the local working tree (the
	// untracked REMNANT.md, ignore rules) block the commit.
	BlockLocal bool `toml:"block_local"`
	// BlockSkipped makes a file that could not be scanned block.
	BlockSkipped bool `toml:"block_skipped"`
}

// SecretsConfig configures the secret scanner.
type SecretsConfig struct {
	// MaxFileSize is the size above which a file is skipped, unscanned.
	MaxFileSize int64 `toml:"max_file_size"`
	// ExcludePaths are globs (** for any number of directories) of files
	// never scanned for secrets.
	ExcludePaths []string `toml:"exclude_paths"`
	// Rules are extra rules, in the format of the built-in ones.
	Rules []secrets.RuleDef `toml:"rules"`
	// GitleaksConfig is a gitleaks config applied with the built-in
	// rules (its rules, allowlists and [extend]); "" means .gitleaks.toml
	// at the repository root when it exists.
	GitleaksConfig string `toml:"gitleaks_config"`
}

// RemnantConfig says how the repository uses Remnant.
type RemnantConfig struct {
	// Uses says the repository uses Remnant: every REMNANT.md is Remnant
	// memory, checked by the schema even without Remnant's marks, and
	// committing one is remnant-staged.
	Uses bool `toml:"uses"`
}

// CustodianConfig configures MemoryCustodian memory checks.
type CustodianConfig struct {
	// Dir is the memory directory, relative to the repository root.
	Dir string `toml:"dir"`
	// StaleCommits is how many commits to an area's code make its memory
	// stale when they all came after the memory's last change.
	StaleCommits int `toml:"stale_commits"`
	// Areas maps an area (areas/NAME.md) to globs of the code it covers.
	Areas map[string][]string `toml:"areas"`
	// Budgets overrides token budgets by file name or pattern.
	Budgets map[string]int `toml:"budgets"`
	// named is set when the config sets dir: the directory is then judged
	// as MemoryCustodian memory whatever its manifest says.
	named bool
}

// Error is a problem in a configuration file, with its position.
type Error struct {
	Path string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// Default returns the configuration used when no file exists.
func Default() *Config {
	d := remnant.DefaultLimits()
	return &Config{Limits: LimitsConfig{
		MaxLines:        d.MaxLines,
		MaxHistory:      d.MaxHistory,
		MaxStateBullets: d.MaxStateBullets,
		MaxFileSize:     d.MaxFileSize,
	},
		Secrets:   SecretsConfig{MaxFileSize: secrets.DefaultMaxFileSize},
		Custodian: CustodianConfig{Dir: custodian.DefaultDir, StaleCommits: 5},
		CI:        defaultCI(),
	}
}

// Load reads the config at path. When required is false, a missing
// file yields the defaults. known lists every rule the config may name.
func Load(path string, required bool, known []validate.Rule) (*Config, error) {
	read := safefile.ReadFile
	if !required {
		// The repository's own config, found at its top: a link out of
		// the repository is refused (a config named with --config is
		// read where the user says).
		read = safefile.Root{Dir: filepath.Dir(path)}.ReadFile
	}
	data, err := read(path, safefile.MaxConfigSize)
	if errors.Is(err, fs.ErrNotExist) && !required {
		c := Default()
		c.Problems = sideFileProblems(filepath.Dir(path), c)
		return c, nil
	}
	var nr *safefile.NotRegularError
	if errors.As(err, &nr) && !required {
		// The defaults apply, and the report says why the file was not read.
		c := Default()
		f, _ := NotRegularFinding(err, filepath.Base(path))
		c.Problems = append(c.Problems, f)
		c.Problems = append(c.Problems, sideFileProblems(filepath.Dir(path), c)...)
		return c, nil
	}
	var tl *safefile.TooLargeError
	if errors.As(err, &tl) {
		return nil, &Error{Path: path, Msg: fmt.Sprintf("is %d bytes, over the limit of %d bytes for a config file", tl.Size, tl.Limit)}
	}
	if err != nil {
		return nil, fmt.Errorf("reading config: %w", err)
	}
	c, err := Parse(path, data, known)
	if err == nil && !required {
		c.Problems = append(c.Problems, sideFileProblems(filepath.Dir(path), c)...)
	}
	return c, err
}

// Parse decodes and validates a config file's content.
func Parse(path string, data []byte, known []validate.Rule) (*Config, error) {
	if line, err := tomlcheck.Precheck(data, safefile.MaxConfigSize); err != nil {
		return nil, &Error{Path: path, Line: line, Msg: err.Error()}
	}
	c := Default()
	c.Source = path
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(c)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &Error{Path: path, Line: pe.Position.Line, Msg: pe.Message}
		}
		if e, ok := typeError(path, data, err); ok {
			return nil, e
		}
		return nil, decodeError(path, err)
	}
	// The decoder leaves a table given another type (rules = 1) empty
	// without a word: every other wrong type is an error, so is this.
	for _, k := range []toml.Key{{"rules"}, {"custodian", "areas"}, {"custodian", "budgets"}, {"exclude_paths"}} {
		if md.IsDefined(k...) && md.Type(k...) != "Hash" {
			return nil, &Error{Path: path, Line: tomlcheck.KeyLine(data, k),
				Msg: fmt.Sprintf("%s must be a table (%s = { ... } or [%s]), not %s", textsafe.Quote(k.String()), k.String(), k.String(), tomlTypeName(md.Type(k...)))}
		}
	}
	c.Custodian.named = md.IsDefined("custodian", "dir")
	if und := md.Undecoded(); len(und) > 0 {
		return nil, unknownKeyError(path, data, und[0])
	}
	if err := c.validate(data, known); err != nil {
		return nil, err
	}
	return c, nil
}

// tomlTypeName is a TOML type as the TOML spec names it.
func tomlTypeName(t string) string {
	switch t {
	case "Hash":
		return "a table"
	case "ArrayHash":
		return "an array of tables"
	case "Array":
		return "an array"
	case "Integer":
		return "an integer"
	case "":
		return "a value of no known type"
	}
	return "a " + strings.ToLower(t)
}

func (c *Config) validate(data []byte, known []validate.Rule) error {
	if err := c.validateLimits(data); err != nil {
		return err
	}
	if err := c.validateCustodian(data); err != nil {
		return err
	}
	for _, d := range c.Secrets.Rules {
		if err := d.Validate(); err != nil {
			return &Error{Path: c.Source, Line: tomlcheck.KeyLine(data, toml.Key{"secrets", "rules"}), Msg: err.Error()}
		}
		known = append(known, validate.Rule{ID: d.ID})
	}
	c.severity = make(map[string]validate.Severity, len(c.Rules))
	for id, s := range c.Rules {
		line := tomlcheck.KeyLine(data, toml.Key{"rules", id})
		if _, ok := validate.Find(known, id); !ok {
			return unknownRuleError(c.Source, line, id, known)
		}
		sev, err := validate.ParseSeverity(s)
		if err != nil {
			return &Error{Path: c.Source, Line: line, Msg: fmt.Sprintf("rules.%s: %v", id, err)}
		}
		c.severity[id] = sev
	}
	if err := c.validateExclusions(data, known); err != nil {
		return err
	}
	for _, p := range c.Paths {
		if _, err := filepath.Match(p, ""); err != nil || filepath.IsAbs(p) || path.IsAbs(filepath.ToSlash(p)) {
			return &Error{Path: c.Source, Line: tomlcheck.KeyLine(data, toml.Key{"paths"}),
				Msg: fmt.Sprintf("paths: %s is not a relative path or glob", textsafe.Quote(p))}
		}
		if slices.Contains(strings.Split(filepath.ToSlash(p), "/"), "..") {
			return &Error{Path: c.Source, Line: tomlcheck.KeyLine(data, toml.Key{"paths"}),
				Msg: fmt.Sprintf("paths: %s leads out of the repository through \"..\": give paths inside it", textsafe.Quote(p))}
		}
	}
	return nil
}

func (c *Config) validateCustodian(data []byte) error {
	d := path.Clean(filepath.ToSlash(c.Custodian.Dir))
	if c.Custodian.Dir == "" || path.IsAbs(d) || d == ".." || strings.HasPrefix(d, "../") {
		return &Error{Path: c.Source, Line: tomlcheck.KeyLine(data, toml.Key{"custodian", "dir"}),
			Msg: fmt.Sprintf("custodian.dir: %s is not a directory inside the repository", textsafe.Quote(c.Custodian.Dir))}
	}
	for _, part := range strings.Split(d, "/") {
		// git refuses to track a path through a folder named .git in any
		// case: memory there could never be committed.
		if strings.EqualFold(part, ".git") {
			return &Error{Path: c.Source, Line: tomlcheck.KeyLine(data, toml.Key{"custodian", "dir"}),
				Msg: fmt.Sprintf("custodian.dir: %s is inside git's own directory, which git never commits: give a directory of the working tree", textsafe.Quote(c.Custodian.Dir))}
		}
	}
	c.Custodian.Dir = d
	for area, globs := range c.Custodian.Areas {
		line := tomlcheck.KeyLine(data, toml.Key{"custodian", "areas", area})
		if len(globs) == 0 {
			return &Error{Path: c.Source, Line: line,
				Msg: fmt.Sprintf("custodian.areas.%s: give at least one glob of the code it covers", area)}
		}
		if err := checkGlobs("custodian.areas."+area, globs); err != nil {
			return &Error{Path: c.Source, Line: line, Msg: err.Error()}
		}
	}
	for name := range c.Custodian.Budgets {
		if err := checkGlobs("custodian.budgets", []string{name}); err != nil {
			return &Error{Path: c.Source, Line: tomlcheck.KeyLine(data, toml.Key{"custodian", "budgets", name}), Msg: err.Error()}
		}
	}
	if err := checkGlobs("secrets.exclude_paths", c.Secrets.ExcludePaths); err != nil {
		return &Error{Path: c.Source, Line: tomlcheck.KeyLine(data, toml.Key{"secrets", "exclude_paths"}), Msg: err.Error()}
	}
	return nil
}

// checkGlobs rejects globs path.Match cannot read, part by part ("**" as
// a whole part crosses directories).
func checkGlobs(key string, globs []string) error {
	for _, g := range globs {
		for _, part := range strings.Split(g, "/") {
			if _, err := path.Match(part, ""); err != nil {
				return fmt.Errorf("%s: %s is not a valid glob: %v", key, textsafe.Quote(g), err)
			}
		}
	}
	return nil
}

// ValidateLimits returns the limits for the memory validators.
func (c *Config) ValidateLimits() remnant.Limits {
	return remnant.Limits{
		MaxLines:        c.Limits.MaxLines,
		MaxHistory:      c.Limits.MaxHistory,
		MaxStateBullets: c.Limits.MaxStateBullets,
		MaxFileSize:     c.Limits.MaxFileSize,
		KnownRemnant:    c.Remnant.Uses,
	}
}

// Severity returns the configured severity of a finding's rule, or the
// finding's own when the config does not override it; Off for a finding
// in a path exclude_paths excludes from its rule.
func (c *Config) Severity(f validate.Finding) validate.Severity {
	if c.Excludes(f.RuleID, f.Path) {
		return validate.Off
	}
	if s, ok := c.severity[f.RuleID]; ok {
		return s
	}
	return f.Severity
}

// decodeError turns a TOML type error ("toml: line 2 (last key "x"): ...")
// into a Error with its line.
func decodeError(name string, err error) *Error {
	msg := strings.TrimPrefix(err.Error(), "toml: ")
	var line int
	if n, _ := fmt.Sscanf(msg, "line %d", &line); n == 1 {
		if _, rest, ok := strings.Cut(msg, "): "); ok {
			msg = rest
		}
		if _, key, ok := strings.Cut(err.Error(), "(last key "); ok {
			key, _, _ = strings.Cut(key, ")")
			msg = key + ": " + msg
		}
	}
	return &Error{Path: name, Line: line, Msg: msg}
}

// CIConfig configures the history checks (ci, pre-push, scan --history),
// where the change under review chooses what its files hold: content that
// cannot be scanned blocks unless the config says otherwise. ci reads it
// from the base commit, so a pull request cannot loosen it.
type CIConfig struct {
	// BlockSkipped makes a file that could not be scanned a blocking
	// finding (default true); false lists it as skipped.
	BlockSkipped bool `toml:"block_skipped"`
	// MaxFileSize is how many bytes a commit may add to one file and
	// still be scanned (default 100 MiB, GitHub's own limit per file).
	MaxFileSize int64 `toml:"max_file_size"`
}

func defaultCI() CIConfig {
	return CIConfig{BlockSkipped: true, MaxFileSize: 100 << 20}
}

// sideFileProblems reports the files beside the config at root that are
// there but are not regular files: they are left unread.
func sideFileProblems(root string, c *Config) []validate.Finding {
	names := []string{IgnoreName, ".gitleaks.toml"}
	if c.Secrets.GitleaksConfig != "" {
		names[1] = filepath.FromSlash(c.Secrets.GitleaksConfig)
	}
	var out []validate.Finding
	for _, name := range names {
		p := filepath.Join(root, name)
		if _, err := os.Lstat(p); err != nil {
			continue
		}
		if _, err := safefile.StatRegular(p); err != nil {
			if f, ok := NotRegularFinding(err, filepath.ToSlash(name)); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

// NotRegularFinding turns a *NotRegularError into a finding about the file
// shown as display; ok is false for any other error.
func NotRegularFinding(err error, display string) (validate.Finding, bool) {
	var nr *safefile.NotRegularError
	if !errors.As(err, &nr) {
		return validate.Finding{}, false
	}
	return validate.Finding{
		RuleID: NotRegularRule, Severity: validate.Error, Path: display,
		Message: fmt.Sprintf("%s is a %s, not a regular file: it is not read", display, nr.Kind),
		Hint:    "replace it with a regular file, or remove it",
	}, true
}
