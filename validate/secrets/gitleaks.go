package secrets

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// gitleaksConfig is the part of a .gitleaks.toml that is imported.
// Other keys are ignored.
type gitleaksConfig struct {
	Rules []gitleaksRule `toml:"rules"`
}

type gitleaksRule struct {
	ID          string              `toml:"id"`
	Description string              `toml:"description"`
	Regex       string              `toml:"regex"`
	SecretGroup int                 `toml:"secretGroup"`
	Entropy     float64             `toml:"entropy"`
	Keywords    []string            `toml:"keywords"`
	Path        string              `toml:"path"`
	Allowlist   gitleaksAllowlist   `toml:"allowlist"`
	Allowlists  []gitleaksAllowlist `toml:"allowlists"`
}

type gitleaksAllowlist struct {
	Regexes     []string `toml:"regexes"`
	RegexTarget string   `toml:"regexTarget"`
	Stopwords   []string `toml:"stopwords"`
}

var gitleaksIDChars = lazyRegexp(`[^a-z0-9]+`)

// ParseGitleaksConfig imports the [[rules]] of a gitleaks configuration
// as rules with IDs "secret-gitleaks-<id>". Only id, description, regex,
// secretGroup, entropy, keywords, path and the rules' allowlist regexes and
// stopwords are used; anything else is ignored. name is used in errors.
func ParseGitleaksConfig(name string, data []byte) ([]RuleDef, error) {
	var c gitleaksConfig
	if _, err := toml.Decode(string(data), &c); err != nil {
		return nil, tomlError(name, err)
	}
	var out []RuleDef
	for i, g := range c.Rules {
		d := g.toRuleDef(i)
		if d.Regex == "" && d.Path == "" {
			continue // a rule gitleaks itself cannot run
		}
		if err := d.Validate(); err != nil {
			return nil, &ParseError{File: name, Err: err}
		}
		out = append(out, d)
	}
	return out, nil
}

func (g gitleaksRule) toRuleDef(i int) RuleDef {
	id := strings.Trim(gitleaksIDChars().ReplaceAllString(strings.ToLower(g.ID), "-"), "-")
	if id == "" {
		id = "rule-" + strconv.Itoa(i+1)
	}
	d := RuleDef{
		ID: "secret-gitleaks-" + id, Description: g.Description,
		Regex: g.Regex, SecretGroup: g.SecretGroup, Entropy: g.Entropy, Path: g.Path,
		KeepFakes: true,
	}
	if d.Description == "" {
		d.Description = fmt.Sprintf("secret matching gitleaks rule %s", g.ID)
	}
	for _, k := range g.Keywords {
		if k = strings.ToLower(k); k != "" {
			d.Keywords = append(d.Keywords, k)
		}
	}
	for _, a := range append([]gitleaksAllowlist{g.Allowlist}, g.Allowlists...) {
		d.Stopwords = append(d.Stopwords, a.Stopwords...)
		if a.RegexTarget == "line" {
			d.AllowLine = append(d.AllowLine, a.Regexes...)
		} else {
			d.Allow = append(d.Allow, a.Regexes...)
		}
	}
	return d
}
