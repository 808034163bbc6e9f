package secrets

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// Comparing a finding with a sealed ignore file costs one slow hash
// (SealIterations of PBKDF2) per distinct secret, which a change holding
// thousands of secrets would turn into minutes of CI time. Two bounds keep
// it in proportion to what the file can accept:
//
//   - a finding is compared only when some entry could match it: an entry
//     whose comment names a rule ("# secret-github-pat at app.env:3", as
//     --write-ignore writes it) matches findings of that rule alone, and
//     one with a glob findings in paths the glob matches;
//   - a run seals at most SealBudget distinct secrets to compare them.
//     Past it, a finding is not compared and stays reported: Uncompared
//     tells the caller, which says so. Nothing is let through unseen.
//
// The bounds use only what the file says in the clear (rules and globs):
// a fingerprint stays as costly to guess from as ever.

// SealBudget is how many distinct secrets one run seals to compare with an
// ignore file of n fingerprints: twice as many as it holds, and 16 more,
// and never more than MaxSealBudget, whatever the file holds.
func SealBudget(n int) int { return min(2*n+16, MaxSealBudget) }

// MaxSealBudget bounds the slow hashes of one run (about two minutes of
// one core) even where the ignore file is the change's own: a run over a
// whole history judges with the head's.
const MaxSealBudget = 1000

// scope is what findings one or more entries could match: those of rule
// ("" for any) in paths one of globs matches (nil for any).
type scope struct {
	rule  string
	globs []string
	has   map[string]bool // the globs, each listed once
}

// sealCost is one run's account of the slow hashes spent comparing.
type sealCost struct {
	budget int
	mu     sync.Mutex
	spent  int
	could  map[string]bool // rule "\x00" path -> some entry could match
	skip   map[string]bool // in-run fingerprints not compared
	globRe map[string]*regexp.Regexp
}

func newSealCost(entries int) *sealCost {
	return &sealCost{budget: SealBudget(entries), could: map[string]bool{}, skip: map[string]bool{},
		globRe: map[string]*regexp.Regexp{}}
}

// commentRule is the rule an ignore line's comment names, as FormatIgnoreLine
// writes it ("# secret-generic at app.env:3"), or "".
func commentRule(raw []byte) string {
	line := string(raw)
	j := strings.IndexByte(line, '#')
	if j < 0 {
		return ""
	}
	f := strings.Fields(line[j+1:])
	if len(f) >= 2 && f[1] == "at" && strings.HasPrefix(f[0], "secret-") {
		return f[0]
	}
	return ""
}

// addScope records the scope of an entry: its rule, and its glob if any.
func (ig *Ignore) addScope(rule string, globs []string) {
	i := slices.IndexFunc(ig.scopes, func(sc scope) bool { return sc.rule == rule })
	if i < 0 {
		ig.scopes = append(ig.scopes, scope{rule: rule, has: map[string]bool{}})
		i = len(ig.scopes) - 1
	}
	sc := &ig.scopes[i]
	switch {
	case sc.has == nil:
		return // any path already
	case len(globs) == 0:
		sc.globs, sc.has = nil, nil
		return
	}
	for _, g := range globs {
		if !sc.has[g] {
			sc.has[g] = true
			sc.globs = append(sc.globs, g)
		}
	}
}

// couldMatch tells whether some entry could match a finding of rule at
// path, remembered per rule and path for the run.
func (ig *Ignore) couldMatch(rule, p string) bool {
	c := ig.cost
	key := rule + "\x00" + p
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.could[key]; ok {
		return v
	}
	v := false
	for _, sc := range ig.scopes {
		if sc.rule != "" && sc.rule != rule {
			continue
		}
		if sc.globs == nil {
			v = true
			break
		}
		for _, g := range sc.globs {
			if c.globMatch(g, p) {
				v = true
				break
			}
		}
		if v {
			break
		}
	}
	c.could[key] = v
	return v
}

// globMatch is the package's globMatch with each "**" glob compiled once.
func (c *sealCost) globMatch(glob, p string) bool {
	if !strings.Contains(glob, "**") {
		return globMatch(glob, p)
	}
	re, ok := c.globRe[glob]
	if !ok {
		re = globRegexp(glob)
		c.globRe[glob] = re
	}
	return re.MatchString(p)
}

// seal returns the sealed fingerprint of f to compare with the entries;
// ok is false when no entry could match f, or when the run has sealed its
// budget of secrets and f's is not among them (f is then remembered as
// not compared).
func (ig *Ignore) seal(f validate.Finding) (string, bool) {
	if !ig.couldMatch(f.RuleID, f.Path) {
		return "", false
	}
	if v, ok := ig.sealer.Sealed(f.Fingerprint); ok {
		return v, true
	}
	c := ig.cost
	c.mu.Lock()
	if c.spent >= c.budget {
		c.skip[f.Fingerprint] = true
		c.mu.Unlock()
		return "", false
	}
	c.spent++
	c.mu.Unlock()
	return ig.sealer.Seal(f.Fingerprint), true
}

// Uncompared tells whether a finding's in-run fingerprint was not compared
// with the file because the run had sealed its budget of secrets.
func (ig *Ignore) Uncompared(fingerprint string) bool {
	if ig == nil || ig.cost == nil || fingerprint == "" {
		return false
	}
	ig.cost.mu.Lock()
	defer ig.cost.mu.Unlock()
	return ig.cost.skip[fingerprint]
}

// Budget is how many distinct secrets a run seals to compare with the file.
func (ig *Ignore) Budget() int {
	if ig == nil || ig.cost == nil {
		return 0
	}
	return ig.cost.budget
}

// Sealed is Seal's result for fingerprint when this run sealed it already:
// free, where Seal costs a slow hash.
func (s *Sealer) Sealed(fingerprint string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.memo[fingerprint]
	return v, ok
}
