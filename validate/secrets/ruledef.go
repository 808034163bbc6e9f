package secrets

import (
	"fmt"
	"regexp/syntax"
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

// RuleDef is the data form of a secret rule, as written in the rule files.
// See the package documentation for the meaning of each field.
type RuleDef struct {
	ID          string   `toml:"id"`
	Description string   `toml:"description"`
	Keywords    []string `toml:"keywords"`
	Regex       string   `toml:"regex"`
	// SecretGroup is the capture group holding the secret: 0 means the
	// group named "secret" if the regex has one, else the whole match.
	SecretGroup int     `toml:"secret_group"`
	Entropy     float64 `toml:"entropy"`
	// Allow are regexes on the secret; AllowLine regexes on the whole line.
	// A match of either suppresses the finding.
	Allow     []string `toml:"allow"`
	AllowLine []string `toml:"allow_line"`
	Stopwords []string `toml:"stopwords"`
	Path      string   `toml:"path"`
	// Checks names extra validators run on the secret (see checks.go).
	Checks []string `toml:"checks"`
	// KeepFakes turns off the built-in look-alike filter (long runs of
	// one character) for formats whose real values may contain them.
	KeepFakes bool `toml:"keep_fakes"`
	// Fallback marks a broad rule whose findings give way to a specific
	// rule's finding on the same text.
	Fallback bool `toml:"fallback"`
	// Gate names a fast line test run before the regex (see gate.go).
	Gate string `toml:"gate"`
	// Checksum names the token format's own checksum (see checksum.go):
	// a token whose checksum is right is reported even where the entropy
	// floor or the look-alike filter would drop it; one whose checksum is
	// wrong is judged like any other match.
	Checksum string `toml:"checksum"`
	// Extract names a parser that finds name/value pairs on a line in
	// place of a regex (see extract.go).
	Extract string `toml:"extract"`
	// Window is how many lines after the keyword's line the regex may span.
	Window int `toml:"window"`
	// FingerprintBody computes the fingerprint from the secret and the text
	// after it in the window (a key's body), for rules whose match is a
	// header every key shares.
	FingerprintBody bool `toml:"fingerprint_body"`
	// TP and FP are examples: each TP must be reported by this rule, no
	// FP may be. ExamplePath is the file path the examples are scanned as.
	TP          []string `toml:"tp"`
	FP          []string `toml:"fp"`
	ExamplePath string   `toml:"example_path"`
	// TPAt and FPAt are more examples, each scanned as the file path it is
	// listed under: shapes that only some kinds of file give their text.
	TPAt map[string][]string `toml:"tp_at"`
	FPAt map[string][]string `toml:"fp_at"`

	// builtin marks a built-in rule, validated by the package tests rather
	// than each time an engine is made.
	builtin bool
}

// RuleError reports a rule definition that cannot be used.
type RuleError struct {
	ID  string
	Err error
}

func (e *RuleError) Error() string { return fmt.Sprintf("secret rule %s: %v", e.ID, e.Err) }
func (e *RuleError) Unwrap() error { return e.Err }

var idPattern = validate.LazyRegexp(`^secret-[a-z0-9]+(-[a-z0-9]+)*$`)

// Validate checks a definition. Regexes are parsed, not compiled: the
// engine compiles a rule's regexes only when a scan first needs them.
func (d *RuleDef) Validate() error {
	if !idPattern().MatchString(d.ID) {
		return &RuleError{d.ID, fmt.Errorf("id must be kebab-case and start with \"secret-\"")}
	}
	if d.Regex == "" && d.Path == "" && d.Extract == "" {
		return &RuleError{d.ID, fmt.Errorf("needs a regex, an extract or a path")}
	}
	if _, ok := checksumFuncs()[d.Checksum]; d.Checksum != "" && !ok {
		return &RuleError{d.ID, fmt.Errorf("unknown checksum %q", d.Checksum)}
	}
	if _, ok := extractFuncs()[d.Extract]; d.Extract != "" && (!ok || d.Regex != "") {
		return &RuleError{d.ID, fmt.Errorf("extract %q: unknown, or given with a regex", d.Extract)}
	}
	for _, k := range d.Keywords {
		if k == "" || k != strings.ToLower(k) {
			return &RuleError{d.ID, fmt.Errorf("keyword %q must be non-empty lowercase", k)}
		}
	}
	for _, c := range d.Checks {
		if _, ok := checkFuncs()[c]; !ok {
			return &RuleError{d.ID, fmt.Errorf("unknown check %q", c)}
		}
	}
	if _, ok := gateFuncs()[d.Gate]; d.Gate != "" && !ok {
		return &RuleError{d.ID, fmt.Errorf("unknown gate %q", d.Gate)}
	}
	if d.Window < 0 || d.Window > 200 {
		return &RuleError{d.ID, fmt.Errorf("window must be 0 to 200 lines")}
	}
	return d.validateRegexes()
}

func (d *RuleDef) validateRegexes() error {
	all := append([]string{d.Regex, d.Path}, d.Allow...)
	all = append(all, d.AllowLine...)
	for _, s := range all {
		if _, err := syntax.Parse(s, syntax.Perl); err != nil {
			return &RuleError{d.ID, fmt.Errorf("bad regex: %w", err)}
		}
	}
	if d.Regex != "" {
		re, _ := syntax.Parse(d.Regex, syntax.Perl)
		if n := re.MaxCap(); d.SecretGroup > n || d.SecretGroup < 0 {
			return &RuleError{d.ID, fmt.Errorf("secret_group %d but the regex has %d groups", d.SecretGroup, n)}
		}
	}
	return nil
}
