package secrets

import (
	"fmt"
	"regexp"
	"strings"
)

// resolve turns a merged configuration into rules, turned-off rules and
// allowlists.
func (m *glMerged) resolve() (*GitleaksImport, error) {
	imp := &GitleaksImport{Disabled: map[string]bool{}}
	own := map[string]string{} // gitleaks ID -> imported rule ID
	used := map[string]bool{}  // imported rule IDs given
	next := map[string]int{}   // the next suffix to try for a kebab-case id
	var allow []glAllowlist
	for i, r := range m.rules {
		allow = append(allow, r.Allowlists...)
		if r.Regex == "" && r.Path == "" {
			if m.useDefault {
				continue // extends a default rule: its allowlists apply to ours
			}
			return nil, &ParseError{File: r.file, Line: r.line, Err: fmt.Errorf("rule %q has no regex or path, and [extend] useDefault is not set", r.ID)}
		}
		d := r.toRuleDef(i, used, next)
		if err := d.Validate(); err != nil {
			return nil, &ParseError{File: r.file, Line: r.line, Err: err}
		}
		own[r.ID] = d.ID
		imp.Rules = append(imp.Rules, d)
	}
	for _, id := range m.disabled {
		for o := range mapGitleaksID(id) {
			imp.Disabled[o] = true
		}
	}
	for _, a := range append(allow, m.allowlists...) {
		al, err := a.compile(own)
		if err != nil {
			return nil, err
		}
		imp.Allowlists = append(imp.Allowlists, al)
	}
	return imp, nil
}

func (g glRule) toRuleDef(i int, used map[string]bool, next map[string]int) RuleDef {
	d := RuleDef{
		ID: importedID(g.ID, i, used, next), Description: g.Description,
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
	return d
}

// compile readies an allowlist; own maps the configuration's rule IDs to
// the rules imported from it.
func (a glAllowlist) compile(own map[string]string) (Allowlist, error) {
	where := "global allowlist"
	if len(a.TargetRules) == 0 && len(a.rules) == 1 {
		where = fmt.Sprintf("allowlist of rule %q", a.rules[0])
	}
	fail := func(format string, args ...any) (Allowlist, error) {
		return Allowlist{}, &ParseError{File: a.file, Line: a.line, Err: fmt.Errorf(where+": "+format, args...)}
	}
	al := Allowlist{Commits: a.Commits, Stopwords: a.Stopwords}
	switch a.Condition {
	case "", "OR":
	case "AND":
		al.And = true
	default:
		return fail("condition %q: want \"AND\" or \"OR\"", a.Condition)
	}
	switch a.RegexTarget {
	case "", "secret", "match", "line":
		al.Target = a.RegexTarget
	default:
		return fail("regexTarget %q: want \"secret\", \"match\" or \"line\"", a.RegexTarget)
	}
	var err error
	if al.Paths, err = compileAll(a.Paths); err != nil {
		return fail("paths: %v", err)
	}
	if al.Regexes, err = compileAll(a.Regexes); err != nil {
		return fail("regexes: %v", err)
	}
	if len(al.Commits)+len(al.Paths)+len(al.Regexes)+len(al.Stopwords) == 0 {
		return fail("it has no commits, paths, regexes or stopwords")
	}
	if len(a.rules) > 0 {
		al.Rules = map[string]bool{}
		for _, id := range a.rules {
			al.addRule(id, own)
		}
	}
	return al, nil
}

// addRule limits the allowlist to the rules that stand for gitleaks rule
// id: the rule imported with that ID, the built-in rules that find what
// it finds, or else the generic rules.
func (al *Allowlist) addRule(id string, own map[string]string) {
	if o, ok := own[id]; ok {
		al.Rules[o] = true
		return
	}
	ours := mapGitleaksID(id)
	if ours == nil {
		ours = genericRules()
	}
	for o := range ours {
		al.Rules[o] = true
	}
}

func compileAll(exprs []string) ([]*regexp.Regexp, error) {
	out := make([]*regexp.Regexp, 0, len(exprs))
	for _, e := range exprs {
		re, err := regexp.Compile(e)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", shorten(e), err)
		}
		out = append(out, re)
	}
	return out, nil
}
