package config

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/internal/tomlcheck"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
)

// [exclude_paths] lets a repository keep one rule's findings out of some
// files, with the globs of secrets.exclude_paths ("**" crosses
// directories):
//
//	[exclude_paths]
//	remnant-staged = ["testdata/**/REMNANT.md"]
//
// A finding of that rule in a matching file is dropped as a rule turned
// off is; every other rule still judges the file. ci reads the whole
// configuration from the base commit, so a pull request cannot exclude
// its own findings: what it adds is listed (NewExclusions) and counts
// once merged.

// validateExclusions checks that every key names a known rule and every
// glob can be read; the error names the file and the key's line.
func (c *Config) validateExclusions(data []byte, known []validate.Rule) error {
	for _, id := range sortedKeys(c.ExcludePaths) {
		line := tomlcheck.KeyLine(data, toml.Key{"exclude_paths", id})
		if _, ok := validate.Find(known, id); !ok {
			e := unknownRuleError(c.Source, line, id, known)
			e.Msg = "exclude_paths: " + e.Msg
			return e
		}
		globs := c.ExcludePaths[id]
		if len(globs) == 0 {
			return &Error{Path: c.Source, Line: line,
				Msg: fmt.Sprintf("exclude_paths.%s: give at least one glob of the files to exclude from the rule", id)}
		}
		if err := checkGlobs("exclude_paths."+id, globs); err != nil {
			return &Error{Path: c.Source, Line: line, Msg: err.Error()}
		}
		for _, g := range globs {
			if want, ok := rootGlob(g); !ok {
				return &Error{Path: c.Source, Line: line, Msg: fmt.Sprintf(
					"exclude_paths.%s: %s can never match: a glob is a path from the repository root, with no \".\" or \"..\" part, no leading, doubled or trailing \"/\"%s",
					id, textsafe.Quote(g), want)}
			}
		}
	}
	return nil
}

// rootGlob tells whether g can match a path as findings name it (a
// slash path from the repository root); when not, want is the glob that
// was likely meant, as " (write ...)", or "".
func rootGlob(g string) (want string, ok bool) {
	parts := strings.Split(g, "/")
	if !slices.ContainsFunc(parts, func(p string) bool { return p == "" || p == "." || p == ".." }) {
		return "", true
	}
	if strings.HasSuffix(g, "/") {
		g += "**"
	}
	var kept []string
	for _, p := range strings.Split(g, "/") {
		switch p {
		case "", ".":
		case "..":
			return "", false
		default:
			kept = append(kept, p)
		}
	}
	if len(kept) == 0 {
		return "", false
	}
	return " (write " + textsafe.Quote(strings.Join(kept, "/")) + ")", false
}

// Excludes tells whether [exclude_paths] keeps rule's findings in path
// out of the report.
func (c *Config) Excludes(rule, path string) bool {
	return custodian.AreaMap(c.ExcludePaths).Covers(rule, path)
}

// NewExclusions lists, as "rule: glob", the exclusions of other that c
// does not have: what a pull request's configuration adds to its base's.
func (c *Config) NewExclusions(other *Config) []string {
	var out []string
	for _, id := range sortedKeys(other.ExcludePaths) {
		for _, g := range other.ExcludePaths[id] {
			if !slices.Contains(c.ExcludePaths[id], g) {
				out = append(out, fmt.Sprintf("%s: %s", id, textsafe.Quote(g)))
			}
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
