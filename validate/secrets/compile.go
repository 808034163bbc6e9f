package secrets

import (
	"regexp"
	"strings"
	"sync"
)

// rule is a RuleDef ready to run. Its regexes are compiled on first use,
// once, so a scan that triggers few rules compiles few.
type rule struct {
	def       RuleDef
	order     int // position in the engine's list: earlier is more specific
	stopwords []string
	checks    []checkFunc
	path      *regexp.Regexp // compiled eagerly: needed for every file
	gate      gateFunc
	extract   extractFunc
	checksum  checksumFunc

	once      sync.Once
	re        *regexp.Regexp
	group     int
	nameGroup int
	allow     []*regexp.Regexp
	allowLine []*regexp.Regexp
}

func newRule(d RuleDef) (*rule, error) {
	if !d.builtin {
		if err := d.Validate(); err != nil {
			return nil, err
		}
	}
	r := &rule{def: d}
	for _, w := range d.Stopwords {
		r.stopwords = append(r.stopwords, strings.ToLower(w))
	}
	for _, c := range d.Checks {
		r.checks = append(r.checks, checkFuncs()[c])
	}
	r.gate = gateFuncs()[d.Gate]
	r.extract = extractFuncs()[d.Extract]
	r.checksum = checksumFuncs()[d.Checksum]
	if d.Path != "" {
		r.path = regexp.MustCompile(d.Path) // a handful of rules; needed for every file
	}
	return r, nil
}

// compiled returns the rule's regexes, compiling them on first call.
func (r *rule) compiled() *rule {
	r.once.Do(func() {
		if r.def.Regex != "" {
			r.re = regexp.MustCompile(r.def.Regex)
			r.group = r.def.SecretGroup
			if r.group == 0 {
				r.group = max(r.re.SubexpIndex("secret"), 0)
			}
			r.nameGroup = max(r.re.SubexpIndex("name"), 0)
		}
		if r.extract != nil {
			r.group, r.nameGroup = extractSecret, extractName
		}
		r.allow = mustCompileAll(r.def.Allow)
		r.allowLine = mustCompileAll(r.def.AllowLine)
	})
	return r
}

func mustCompileAll(exprs []string) []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(exprs))
	for i, e := range exprs {
		out[i] = regexp.MustCompile(e)
	}
	return out
}

// appliesTo reports whether the rule runs on a file at path.
func (r *rule) appliesTo(path string) bool {
	return r.path == nil || r.path.MatchString(path)
}

// pathOnly reports whether the rule flags files by their path alone.
func (r *rule) pathOnly() bool { return r.def.Regex == "" && r.extract == nil }
