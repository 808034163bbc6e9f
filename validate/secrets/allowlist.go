package secrets

import (
	"regexp"
	"strings"
)

// Allowlist drops findings the way a gitleaks allowlist does: by commit,
// path, a regex on the secret (or the whole match, or the line) and
// stopwords in the secret. With And, every criterion it has must match;
// otherwise any one.
type Allowlist struct {
	Rules     map[string]bool // rule IDs it applies to; nil: every rule
	And       bool
	Commits   []string
	Paths     []*regexp.Regexp
	Regexes   []*regexp.Regexp
	Target    string // "secret" (or ""), "match" or "line"
	Stopwords []string
}

// candidate is what an allowlist sees of one finding.
type allowInput struct {
	rule, path, commit  string
	secret, match, line string
}

func (a *Allowlist) appliesTo(rule string) bool { return a.Rules == nil || a.Rules[rule] }

// allows reports whether the allowlist drops the finding.
func (a *Allowlist) allows(in *allowInput) bool {
	if !a.appliesTo(in.rule) {
		return false
	}
	checks := 0
	matched := 0
	try := func(have bool, ok func() bool) {
		if !have {
			return
		}
		checks++
		if ok() {
			matched++
		}
	}
	try(len(a.Commits) > 0, func() bool { return commitListed(a.Commits, in.commit) })
	try(len(a.Paths) > 0, func() bool { return anyMatch(a.Paths, in.path) })
	try(len(a.Regexes) > 0, func() bool { return anyMatch(a.Regexes, a.regexTarget(in)) })
	try(len(a.Stopwords) > 0, func() bool { return hasStopword(a.Stopwords, in.secret) })
	if checks == 0 {
		return false
	}
	if a.And {
		return matched == checks
	}
	return matched > 0
}

func (a *Allowlist) regexTarget(in *allowInput) string {
	switch a.Target {
	case "match":
		return in.match
	case "line":
		return in.line
	}
	return in.secret
}

// commitListed compares full or abbreviated (7+ digit) commit names.
func commitListed(commits []string, c string) bool {
	if c == "" {
		return false
	}
	for _, l := range commits {
		l = strings.ToLower(strings.TrimSpace(l))
		if l == c || len(l) >= 7 && strings.HasPrefix(c, l) || len(c) >= 7 && strings.HasPrefix(l, c) {
			return true
		}
	}
	return false
}

func anyMatch(res []*regexp.Regexp, s string) bool {
	for _, re := range res {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

func hasStopword(words []string, secret string) bool {
	low := strings.ToLower(secret)
	for _, w := range words {
		if w != "" && strings.Contains(low, strings.ToLower(w)) {
			return true
		}
	}
	return false
}

// allowlisted reports whether one of the engine's allowlists drops a
// finding.
func (e *Engine) allowlisted(in *allowInput) bool {
	for i := range e.allowlists {
		if e.allowlists[i].allows(in) {
			return true
		}
	}
	return false
}
