package judge

import (
	"bytes"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// Masker masks secrets in what one run prints: with the run's secret
// engine once a report was judged with it (the config's own rules
// included), else with the built-in rules whose keywords occur in the
// text. A rule is tried only where one of its keywords occurs, so that
// engine finds what the whole one finds, and most output lines need none
// of the cost of building it. cmd makes one per invocation and passes it
// down; a nil *Masker masks with the built-in rules, caching nothing.
type Masker struct {
	run atomic.Pointer[secrets.Engine]
	// also is an engine of the config's own rules alone, which output is
	// masked with besides, for a run that judges no report with the whole
	// engine (see LearnConfigRules).
	also atomic.Pointer[secrets.Engine]
	mu   sync.Mutex
	// byRules caches the keyword engines by the rules they keep.
	byRules map[string]*secrets.Engine
	// keep is text that is never masked: the path of the running binary,
	// which hints name as the command to run (see Keep).
	keep atomic.Pointer[string]
}

// Keep makes Mask leave s as it is wherever it occurs: s is known not to be
// a secret (the binary's own path, which a temporary or cache directory
// can make look like a token).
func (m *Masker) Keep(s string) {
	if m != nil && s != "" {
		m.keep.Store(&s)
	}
}

// kept masks text around the text Keep named.
func (m *Masker) kept(text string, mask func(string) string) (string, bool) {
	if m == nil {
		return "", false
	}
	k := m.keep.Load()
	if k == nil || !strings.Contains(text, *k) {
		return "", false
	}
	parts := strings.Split(text, *k)
	for i := range parts {
		parts[i] = mask(parts[i])
	}
	return strings.Join(parts, *k), true
}

// NewMasker returns a masker for one run.
func NewMasker() *Masker { return &Masker{} }

// use makes e, the engine a report was judged with, the one output is
// masked with, so that no second engine is built for it.
func (m *Masker) use(e *secrets.Engine) {
	if m != nil && e != nil {
		m.run.Store(e)
	}
}

// engineFor is the run's engine, or, when no run has built one (version,
// help, errors before any check), the built-in rules whose keywords occur
// in text. nil means no rule could match text.
func (m *Masker) engineFor(text string) *secrets.Engine {
	if m != nil {
		if e := m.run.Load(); e != nil {
			return e
		}
	}
	present := presentRules([]byte(text))
	if len(present) == 0 {
		return nil // no rule can match: the rules without keywords judge paths alone
	}
	if m == nil {
		return keywordEngine(present)
	}
	key := strings.Join(present, ",")
	m.mu.Lock()
	defer m.mu.Unlock()
	if e, ok := m.byRules[key]; ok {
		return e
	}
	e := keywordEngine(present)
	if m.byRules == nil {
		m.byRules = map[string]*secrets.Engine{}
	}
	m.byRules[key] = e
	return e
}

// keywordEngine is the built-in rules less those with keywords not in
// present.
func keywordEngine(present []string) *secrets.Engine {
	e, err := secrets.NewEngine(secrets.BuiltinRules(), secrets.Options{Disabled: rulesBut(present, map[string]bool{})})
	if err != nil {
		panic("built-in secret rules: " + err.Error()) // the rules' tests keep this from happening
	}
	return e
}

// Mask masks, in text, every secret the run's engine would report (see
// MaskWith).
func (m *Masker) Mask(text string) string {
	if out, ok := m.kept(text, func(s string) string { return m.MaskWith(nil, s) }); ok {
		return out
	}
	return m.MaskWith(nil, text)
}

// Redact masks, in text quoted into a message or hint, every secret Mask
// masks, and what validate.Redact hides besides (long runs of token
// characters holding letters and digits).
func (m *Masker) Redact(text string) string { return m.RedactWith(nil, text) }

// RedactWith is Redact with the engine e (the masker's when e is nil).
func (m *Masker) RedactWith(e *secrets.Engine, text string) string {
	return m.maskOwn(validate.Redact(m.maskBuiltin(e, text)))
}

// presentRules returns, in the table's order, the built-in rules with
// keywords of which one occurs in src. The keyword automaton folds ASCII
// case only, so an ASCII-case-insensitive search keeps every rule it could
// match; the keywords are lower case (the rule tests check it).
func presentRules(src []byte) []string {
	lower := asciiLower(src)
	var ids []string
	for id, kw := range secrets.BuiltinKeywords() {
		for _, k := range kw {
			if bytes.Contains(lower, []byte(k)) {
				ids = append(ids, id)
				break
			}
		}
	}
	return ids
}

// AbsentRules adds to off (a new set when nil) the built-in rules that have
// keywords, none of which occurs in src (see presentRules).
func AbsentRules(src []byte, off map[string]bool) map[string]bool {
	if off == nil {
		off = map[string]bool{}
	}
	return rulesBut(presentRules(src), off)
}

// rulesBut adds to off the built-in rules with keywords that are not in
// present, and returns it.
func rulesBut(present []string, off map[string]bool) map[string]bool {
	for id, kw := range secrets.BuiltinKeywords() {
		if len(kw) > 0 && !slices.Contains(present, id) {
			off[id] = true
		}
	}
	return off
}

// revealMin is the shortest secret of which leading characters are kept;
// revealMax is how many are kept, as secret findings show them.
const (
	revealMin = 16
	revealMax = 4
)

// MaskWith masks, in text, every secret the secret engine (e, or the
// masker's when e is nil) would report: a secret of 16 or more characters
// keeps its first 4, a shorter one none. Hashes, paths and words the
// engine does not flag pass unchanged.
func (m *Masker) MaskWith(e *secrets.Engine, text string) string {
	if !maybeSecret(text) {
		return text
	}
	return m.maskOwn(m.maskBuiltin(e, text))
}

// maskBuiltin is MaskWith without the masker's engine of the config's own
// rules.
func (m *Masker) maskBuiltin(e *secrets.Engine, text string) string {
	if !maybeSecret(text) {
		return text
	}
	if e == nil {
		if e = m.engineFor(text); e == nil {
			return text
		}
	}
	spans := spansIn(e, text)
	if len(spans) == 0 {
		return text
	}
	return maskSpans(text, spans)
}

// maskOwn masks what the engine of the config's own rules (see
// LearnConfigRules), when the masker has one, reports in text.
func (m *Masker) maskOwn(text string) string {
	if m == nil || !maybeSecret(text) {
		return text
	}
	a := m.also.Load()
	if a == nil {
		return text
	}
	spans := spansIn(a, text)
	if len(spans) == 0 {
		return text
	}
	return maskSpans(text, spans)
}

// LearnConfigRules makes the masker mask, besides, what the config's own
// secret rules ([[secrets.rules]], the gitleaks config) report, for a
// command that reads the config but builds no secret engine (route, check
// --routing): the built-in rules are masked as ever, without the cost of
// the whole engine. A config whose rules do not build is left to check to
// report.
func (m *Masker) LearnConfigRules(cfg *config.Config, root string) {
	if m == nil || cfg == nil {
		return
	}
	own := cfg.WithRulesOff(rulesBut(nil, map[string]bool{}))
	e, err := New(own, nil).NewEngine(WorkingFiles(root))
	if err != nil {
		return
	}
	m.also.Store(e)
}

// MaskAlso masks, in text, what Mask masks and every secret e (an engine
// a report was judged with that the masker does not mask with) reports
// besides: the config's own rules are masked in text quoted beside that
// report, with the built-in rules the masker's engine keeps.
func (m *Masker) MaskAlso(e *secrets.Engine, text string) string {
	if e == nil || !maybeSecret(text) {
		return m.Mask(text)
	}
	spans := spansIn(e, text)
	if run := m.engineFor(text); run != nil && run != e {
		spans = append(spans, spansIn(run, text)...)
	}
	if len(spans) == 0 {
		return text
	}
	return maskSpans(text, spans)
}

// spansIn returns where, in text, the secrets e reports stand.
func spansIn(e *secrets.Engine, text string) []span {
	spans := secretSpans(e, text)
	// A secret quoted with %q, or in JSON or XML, has its quotes escaped,
	// and the engine would not see the assignment around it: it is looked
	// for in the unescaped text too, and masked where it stands.
	// A few levels deep: a JSON string holding a %q-quoted value.
	plain, at, ok := unescape(text)
	for depth := 0; ok && depth < maxEscapeDepth; depth++ {
		for _, sp := range secretSpans(e, plain) {
			spans = append(spans, span{at[sp.s], at[sp.e]})
		}
		var inner []int
		if plain, inner, ok = unescape(plain); ok {
			for i, o := range inner {
				inner[i] = at[o]
			}
			at = inner
		}
	}
	return spans
}

// disarm turns the markers that let a secret through (remnant-guard:allow
// and the like) into text of the same length that does not, so that a
// marker quoted beside a secret in one output line cannot unmask it.
var disarm = strings.NewReplacer(
	"remnant-guard:allow", "remnant-guard~allow",
	"gitleaks:allow", "gitleaks~allow",
	"pragma: allowlist", "pragma~ allowlist",
)

// maybeSecret is false for text too plain to hold a secret: no run of 8
// characters without a space. It keeps the engine off most messages.
func maybeSecret(s string) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == ' ' || c == '\n' || c == '\t' {
			run = 0
		} else if run++; run >= 8 {
			return true
		}
	}
	return false
}

// maxEscapeDepth is how many levels of escaping Masker.Mask looks through.
const maxEscapeDepth = 3

// span is a byte range [s, e) of a text.
type span struct{ s, e int }

// secretSpans are the byte ranges of text the engine reports as secrets;
// what the engine did not all judge (past a rule's cap) is one range to
// the end, masked whole.
func secretSpans(e *secrets.Engine, text string) []span {
	found, rest := e.SecretSpans([]byte(disarm.Replace(text)))
	spans := make([]span, 0, len(found)+1)
	for _, f := range found {
		spans = append(spans, span{f[0], f[1]})
	}
	if rest < len(text) {
		spans = append(spans, span{rest, len(text)})
	}
	return spans
}

// escapes are the escaped forms of quotes and of the characters around
// them that %q, JSON and XML write.
var escapes = []struct{ from, to string }{
	{`\"`, `"`}, {`\\`, `\`}, {`\'`, `'`}, {`\/`, `/`},
	{`\u0022`, `"`}, {`\u0027`, `'`}, {`\u0026`, `&`}, {`\u003c`, `<`}, {`\u003e`, `>`},
	{`&quot;`, `"`}, {`&#34;`, `"`}, {`&apos;`, `'`}, {`&#39;`, `'`},
	{`&amp;`, `&`}, {`&lt;`, `<`}, {`&gt;`, `>`},
}

// unescape undoes escapes in text. at maps each byte offset of plain (and
// its end) to the offset in text where that byte's form starts; ok is false
// when text has no escape.
func unescape(text string) (plain string, at []int, ok bool) {
	if !strings.ContainsAny(text, `\&`) {
		return "", nil, false
	}
	var b strings.Builder
	at = make([]int, 0, len(text)+1)
	for i := 0; i < len(text); {
		n, to := 1, text[i:i+1]
		if c := text[i]; c == '\\' || c == '&' {
			for _, x := range escapes {
				if strings.HasPrefix(text[i:], x.from) {
					n, to, ok = len(x.from), x.to, true
					break
				}
			}
		}
		for range len(to) {
			at = append(at, i)
		}
		b.WriteString(to)
		i += n
	}
	return b.String(), append(at, len(text)), ok
}

// maskSpans replaces the spans in text, as secret findings show a secret.
func maskSpans(text string, spans []span) string {
	sort.Slice(spans, func(i, j int) bool { return spans[i].s < spans[j].s })
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		if sp.s < last {
			sp.s = last
		}
		if sp.e <= sp.s {
			continue
		}
		b.WriteString(text[last:sp.s])
		secret := text[sp.s:sp.e]
		if utf8.RuneCountInString(secret) >= revealMin {
			n := 0
			for i := range secret {
				if n == revealMax {
					secret = secret[:i]
					break
				}
				n++
			}
			b.WriteString(secret)
		}
		b.WriteString("…")
		last = sp.e
	}
	b.WriteString(text[last:])
	return b.String()
}

// Report masks secrets in every text of a report that quotes file content
// or names (messages, hints, paths, skip reasons and notes), and escapes
// in them every control, bidirectional control and invalid byte
// (textsafe.Escape), so that every format shows them the same visible way.
// A message, a path, a skip reason and a note are one line; hints keep
// their line ends.
func (m *Masker) Report(rep *report.Report) {
	for i := range rep.Findings {
		f := &rep.Findings[i]
		f.Message, f.Hint = textsafe.Escape(m.Redact(f.Message)), textsafe.EscapeText(keepFingerprint(*f, m.Redact))
		f.Path, f.RuleID = textsafe.Escape(m.Mask(f.Path)), textsafe.Escape(f.RuleID)
	}
	for i := range rep.Skipped {
		s := &rep.Skipped[i]
		s.Path, s.Reason = textsafe.Escape(m.Mask(s.Path)), textsafe.Escape(m.Mask(s.Reason))
	}
	for i, n := range rep.Notes {
		rep.Notes[i] = textsafe.Escape(m.Mask(n))
	}
}

func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}
