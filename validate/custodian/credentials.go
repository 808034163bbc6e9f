package custodian

import (
	"regexp"
	"unicode/utf8"

	"github.com/remnant-guard/remnant-guard/validate"
)

// credentialShapes are the error patterns of upstream's security scan of
// memory (the 0.12 CLI fails `check` on any of them): shapes, not
// verified secrets. A placeholder such as `sk-ant-xxxxxxxxxxxxxxxxxxxx`
// or a short `ghp_` example is one too: the secret rules, written for
// code, let those pass, but memory is read into every agent's context, and
// upstream refuses it there.
var credentialShapes = []struct {
	kind string
	re   func() *regexp.Regexp
}{
	{"private-key", validate.LazyRegexp(`-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----`)},
	{"github-token", validate.LazyRegexp(`\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})\b`)},
	{"aws-access-key", validate.LazyRegexp(`\b(?:AKIA|ASIA)[A-Z0-9]{16}\b`)},
	// sk-ant- before sk-: an Anthropic key is named as one.
	{"anthropic-key", validate.LazyRegexp(`\bsk-ant-[A-Za-z0-9_-]{20,}\b`)},
	{"openai-key", validate.LazyRegexp(`\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}\b`)},
	{"bearer-token", validate.LazyRegexp(`(?i)\bBearer\s+[A-Za-z0-9._~+/-]{16,}={0,2}\b`)},
	{"credential-url", validate.LazyRegexp(`(?i)\b[a-z][a-z0-9+.-]*://[^/\s:@]+:[^/\s@]+@`)},
}

// credentials reports each line of a memory file, archive/ and README
// included, that holds a credential shape: its kind and column only,
// never the text.
func (c *checker) credentials() {
	for _, name := range c.mem.Names(true) {
		f := c.mem.Files[name]
		if !f.UTF8 {
			continue
		}
		for i, l := range f.Lines {
			for _, s := range credentialShapes {
				if loc := s.re().FindStringIndex(l); loc != nil {
					c.add(RuleCredentialShape, name, i+1, utf8.RuneCountInString(l[:loc[0]])+1, "credential-shaped text (%s) in memory", s.kind)
					break
				}
			}
		}
	}
}
