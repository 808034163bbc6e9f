package secrets

import (
	"bytes"
	"errors"
	"fmt"
	pathpkg "path"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/remnant-guard/remnant-guard/internal/tomlcheck"
	"github.com/remnant-guard/remnant-guard/validate"
)

// GitleaksImport is what a gitleaks configuration brings: its own rules
// (IDs "secret-gitleaks-<id>"), the rules its [extend] turns off, and its
// allowlists, global and per rule.
type GitleaksImport struct {
	Rules      []RuleDef
	Disabled   map[string]bool
	Allowlists []Allowlist
}

// ReadFunc reads a file named relative to the repository root; nil data
// and no error mean it does not exist.
type ReadFunc func(name string) ([]byte, error)

type glConfig struct {
	Title       string        `toml:"title"`
	Description string        `toml:"description"`
	MinVersion  string        `toml:"minVersion"`
	Extend      glExtend      `toml:"extend"`
	Rules       []glRule      `toml:"rules"`
	Allowlist   *glAllowlist  `toml:"allowlist"`
	Allowlists  []glAllowlist `toml:"allowlists"`
}

type glExtend struct {
	UseDefault    bool     `toml:"useDefault"`
	Path          string   `toml:"path"`
	DisabledRules []string `toml:"disabledRules"`
}

type glRule struct {
	ID          string        `toml:"id"`
	Description string        `toml:"description"`
	Regex       string        `toml:"regex"`
	SecretGroup int           `toml:"secretGroup"`
	Entropy     float64       `toml:"entropy"`
	Keywords    []string      `toml:"keywords"`
	Path        string        `toml:"path"`
	Tags        []string      `toml:"tags"`
	Allowlist   *glAllowlist  `toml:"allowlist"`
	Allowlists  []glAllowlist `toml:"allowlists"`

	file string // the file that defined it, and the line, for errors
	line int
}

type glAllowlist struct {
	Description string   `toml:"description"`
	Condition   string   `toml:"condition"`
	Commits     []string `toml:"commits"`
	Paths       []string `toml:"paths"`
	RegexTarget string   `toml:"regexTarget"`
	Regexes     []string `toml:"regexes"`
	Stopwords   []string `toml:"stopwords"`
	TargetRules []string `toml:"targetRules"`

	file  string
	line  int
	rules []string // gitleaks rule IDs it is limited to
}

// glMerged is a configuration with its [extend] path resolved.
type glMerged struct {
	useDefault bool
	disabled   []string
	rules      []glRule
	allowlists []glAllowlist
	index      map[string]int // rule id -> position in rules; nil: to be built
}

const maxExtendDepth = 2

// ParseGitleaksConfig reads a gitleaks configuration: [[rules]] with their
// allowlists, the global [allowlist] and [[allowlists]], and [extend]
// (useDefault: the built-in rules, which run anyway; path: another
// configuration, read with read; disabledRules). A key it does not know
// is an error naming the file and line. name is used in errors.
func ParseGitleaksConfig(name string, data []byte, read ReadFunc) (*GitleaksImport, error) {
	m, err := loadGitleaks(name, data, read, 0)
	if err != nil {
		return nil, err
	}
	return m.resolve()
}

func loadGitleaks(name string, data []byte, read ReadFunc, depth int) (*glMerged, error) {
	var c glConfig
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&c)
	if err != nil {
		return nil, tomlError(name, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, unknownGitleaksKey(name, data, und[0])
	}
	m := &glMerged{}
	if c.Extend.Path != "" {
		if m, err = loadBase(name, data, c.Extend.Path, read, depth); err != nil {
			return nil, err
		}
	}
	m.useDefault = m.useDefault || c.Extend.UseDefault
	m.disabled = append(m.disabled, c.Extend.DisabledRules...)
	m.dropDisabled(c.Extend.DisabledRules)
	one, many := 0, 0 // [rules.allowlist] and [[rules.allowlists]] seen
	headers := headerLines(data)
	firstLine := map[string]int{}
	for i, r := range c.Rules {
		r.file, r.line = name, nth(headers["[[rules]]"], i)
		if strings.TrimSpace(r.ID) == "" {
			return nil, &ParseError{File: name, Line: r.line, Err: errors.New("a [[rules]] table needs an id")}
		}
		if first, ok := firstLine[r.ID]; ok {
			// gitleaks keeps the last and drops the first unsaid, with
			// whatever it would have found: refused here instead.
			return nil, &ParseError{File: name, Line: r.line, Err: fmt.Errorf(
				"rule id %q is defined twice in this file (first at line %d); gitleaks would keep only this one: give each rule its own id", r.ID, first)}
		}
		firstLine[r.ID] = r.line
		if r.Allowlist != nil {
			r.Allowlist.line = nth(headers["[rules.allowlist]"], one)
			one++
		}
		for j := range r.Allowlists {
			r.Allowlists[j].line = nth(headers["[[rules.allowlists]]"], many)
			many++
		}
		m.addRule(r)
	}
	for i := range c.Allowlists {
		c.Allowlists[i].line = nth(headers["[[allowlists]]"], i)
	}
	if c.Allowlist != nil {
		c.Allowlist.line = nth(headers["[allowlist]"], 0)
		c.Allowlists = append([]glAllowlist{*c.Allowlist}, c.Allowlists...)
	}
	for _, a := range c.Allowlists {
		a.file, a.rules = name, a.TargetRules
		m.allowlists = append(m.allowlists, a)
	}
	return m, nil
}

func loadBase(name string, data []byte, path string, read ReadFunc, depth int) (*glMerged, error) {
	line := tomlcheck.KeyLine(data, toml.Key{"extend", "path"})
	if depth >= maxExtendDepth {
		return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("extend.path %q: configurations extend each other more than %d deep", path, maxExtendDepth)}
	}
	if read == nil {
		return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("extend.path %q cannot be read here", path)}
	}
	clean := pathpkg.Clean(strings.ReplaceAll(path, `\`, "/"))
	if pathpkg.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") || len(clean) > 1 && clean[1] == ':' {
		return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("extend.path %q is not a file inside the repository", path)}
	}
	path = clean
	base, err := read(path)
	if err != nil {
		return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("extend.path %q: %v", path, err)}
	}
	if base == nil {
		return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("extend.path %q does not exist", path)}
	}
	// The extended file is bounded like the one that names it: read's
	// limit for its size, the nesting the decoder can take in linear time.
	if l, err := tomlcheck.Precheck(base, len(base)); err != nil {
		return nil, &ParseError{File: path, Line: l, Err: err}
	}
	return loadGitleaks(path, base, read, depth+1)
}

// addRule adds a rule, or merges it into the base rule of the same ID:
// what it sets replaces, its keywords and allowlists add.
func (m *glMerged) addRule(r glRule) {
	if m.index == nil {
		m.index = make(map[string]int, len(m.rules))
		for i, b := range m.rules {
			m.index[b.ID] = i
		}
	}
	if i, ok := m.index[r.ID]; ok {
		b := &m.rules[i]
		if r.Description != "" {
			b.Description = r.Description
		}
		if r.Regex != "" {
			b.Regex, b.SecretGroup, b.file, b.line = r.Regex, r.SecretGroup, r.file, r.line
		}
		if r.Entropy != 0 {
			b.Entropy = r.Entropy
		}
		if r.Path != "" {
			b.Path = r.Path
		}
		b.Keywords = append(b.Keywords, r.Keywords...)
		b.Allowlists = append(b.Allowlists, r.ruleAllowlists()...)
		b.Allowlist = nil
		return
	}
	r.Allowlists = r.ruleAllowlists()
	r.Allowlist = nil
	m.index[r.ID] = len(m.rules)
	m.rules = append(m.rules, r)
}

func (r glRule) ruleAllowlists() []glAllowlist {
	all := r.Allowlists
	if r.Allowlist != nil {
		all = append([]glAllowlist{*r.Allowlist}, all...)
	}
	out := make([]glAllowlist, len(all))
	for i, a := range all {
		a.file, a.rules = r.file, []string{r.ID}
		out[i] = a
	}
	return out
}

func (m *glMerged) dropDisabled(ids []string) {
	off := map[string]bool{}
	for _, id := range ids {
		off[id] = true
	}
	kept := m.rules[:0]
	for _, r := range m.rules {
		if !off[r.ID] {
			kept = append(kept, r)
		}
	}
	m.rules = kept
	m.index = nil // positions moved: rebuilt by the next addRule
}

var gitleaksIDChars = validate.LazyRegexp(`[^a-z0-9]+`)

// importedID is the rule ID a gitleaks rule of its own gets: its id in
// lowercase kebab case. gitleaks tells ids apart by every character ("a"
// and "A", "a_b" and "a.b" are two rules), so an id whose kebab form is
// taken, in used, gets the first free "-2", "-3", ... after it.
func importedID(id string, i int, used map[string]bool, next map[string]int) string {
	s := strings.Trim(gitleaksIDChars().ReplaceAllString(strings.ToLower(id), "-"), "-")
	if s == "" {
		s = "rule-" + strconv.Itoa(i+1)
	}
	out := "secret-gitleaks-" + s
	// next[s] is past every suffix given to s: n ids of one kebab form
	// cost n lookups in all, not n².
	for n := max(next[s], 2); used[out]; n++ {
		out = "secret-gitleaks-" + s + "-" + strconv.Itoa(n)
		next[s] = n + 1
	}
	used[out] = true
	return out
}
