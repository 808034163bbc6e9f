package secrets

import (
	"bytes"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/remnant-guard/remnant-guard/validate"
)

// hit is a finding with the byte span of its secret in the scanned text.
type hit struct {
	f       validate.Finding
	s, e    int
	rank    int  // rankSpecific, or rankFallback for a broad rule
	match   int  // the length of the rule's whole match: the evidence it used
	order   int  // the rule's position in the engine
	ignored bool // matched by the ignore file: not reported
}

// Ranks of a hit.
const (
	rankFallback = iota // a broad rule: a name and a random value
	rankSpecific        // a provider's rule, or a format's
)

// beats tells whether hit o is more specific than h about the secret they
// share: a provider's rule beats a broad one; of two providers' rules, the
// one whose match took in more of the text (the name beside the secret as
// well as its format: a service account file's "private_key" field against
// a bare key header); otherwise the rule listed first (the broad rules are
// listed from the narrowest).
func (o *hit) beats(h *hit) bool {
	if o.rank != h.rank {
		return o.rank > h.rank
	}
	if o.rank == rankSpecific && o.match != h.match {
		return o.match > h.match
	}
	return o.order < h.order
}

// evaluate turns one regex match (offsets m relative to base) into a hit
// unless a filter, an allow list or an allow comment drops it.
func (e *Engine) evaluate(t *text, r *rule, base, end int, m []int, hits []hit) []hit {
	s, en, ok := secretSpan(r, m)
	if !ok || s == en {
		return hits
	}
	s, en = base+s, base+en
	secret := string(t.data[s:en])
	ls, le := t.lineAt(s)
	line := t.data[ls:le]
	in := checkInput{secret: secret, line: line, at: s - ls + 1, after: t.data[base+m[1] : end], path: t.path, whole: t.data, facts: &t.lineMemo}
	if r.nameGroup > 0 && m[2*r.nameGroup] >= 0 {
		in.name = string(t.data[base+m[2*r.nameGroup] : base+m[2*r.nameGroup+1]])
	}
	if r.extract != nil {
		in.op = extractOp(m)
	}
	if !r.keep(&in) || t.suppressedLine(ls) {
		return hits
	}
	if len(e.allowlists) > 0 {
		// As in gitleaks, an allowlisted finding is gone before the broad
		// rules give way to specific ones: it stands in for none.
		ai := allowInput{rule: r.def.ID, path: t.path, commit: t.commit, secret: secret,
			match: string(t.data[base+m[0] : base+m[1]]), line: string(line)}
		if e.allowlisted(&ai) {
			return hits
		}
	}
	f := t.finding(r, secret, s, en)
	if r.def.FingerprintBody {
		f.Fingerprint = Fingerprint(r.def.ID, secret+"\n"+string(keyBody(in.after)))
	}
	// An ignored finding is kept until the end: it still stands in for
	// the broad rules that overlap it.
	h := hit{f: f, s: s, e: en, rank: rankOf(r), match: m[1] - m[0], order: r.order}
	if !t.noIgnore {
		h.ignored = e.ignored(f, t.commit)
	}
	return append(hits, h)
}

func rankOf(r *rule) int {
	if r.def.Fallback {
		return rankFallback
	}
	return rankSpecific
}

func secretSpan(r *rule, m []int) (int, int, bool) {
	if r.group == 0 {
		return m[0], m[1], true
	}
	if m[2*r.group] < 0 {
		return 0, 0, false
	}
	return m[2*r.group], m[2*r.group+1], true
}

// keep applies the rule's entropy floor, stopwords, allow lists,
// look-alike filter and named checks.
func (r *rule) keep(in *checkInput) bool {
	if r.checksum == nil || !r.checksum(in.secret) {
		if r.def.Entropy > 0 && entropy(in.secret) < r.def.Entropy {
			return false
		}
		if !r.def.KeepFakes && (looksFake(in.secret) || !r.password() && !passwordName(in.name) && wordIdentifier(in.secret)) {
			return false // a name made of words (OAuth2CredentialProviderVendor) is a password's shape, not a token's
		}
	}
	low := strings.ToLower(in.secret)
	for _, w := range r.stopwords {
		if strings.Contains(low, w) {
			return false
		}
	}
	for _, a := range r.allow {
		if a.MatchString(in.secret) {
			return false
		}
	}
	for _, a := range r.allowLine {
		if a.Match(in.line) {
			return false
		}
	}
	if wellKnown(in.secret) || publicKeyMaterial(in) {
		return false // documented public values and public keys; after the cheap filters, as these decode
	}
	for _, c := range r.checks {
		if !c(in) {
			return false
		}
	}
	return true
}

// password tells a rule about passwords, which people make of words.
func (r *rule) password() bool {
	return strings.Contains(r.def.ID, "password") || strings.Contains(strings.ToLower(r.def.Description), "password")
}

// suppressedLine is suppressed, remembered for the last line asked about.
func (t *text) suppressedLine(ls int) bool {
	if !t.suppressedSet || t.suppressedLS != ls {
		t.suppressedLS, t.suppressedMemo, t.suppressedSet = ls, t.suppressed(ls), true
	}
	return t.suppressedMemo
}

// suppressed reports an allow comment on the line starting at ls, or an
// allow-next-line comment on the line just above it in the file.
func (t *text) suppressed(ls int) bool {
	if allowedHere(t.data[ls : ls+lineLen(t.data[ls:])]) {
		return true
	}
	if ls == 0 {
		return false
	}
	ps := bytes.LastIndexByte(t.data[:ls-1], '\n') + 1
	if t.numbers != nil && t.lineNumber(ps) != t.lineNumber(ls)-1 {
		return false
	}
	return allowsNext(t.data[ps : ls-1])
}

// lineNumber is the 1-based file line of the byte at offset off.
// It counts on from the previous call when off is past it, so a scan in
// position order counts each newline about once.
func (t *text) lineNumber(off int) int {
	if off < t.lastOff {
		t.lastOff, t.lastIdx = 0, 0
	}
	idx := t.lastIdx + bytes.Count(t.data[t.lastOff:off], []byte{'\n'})
	t.lastOff, t.lastIdx = off, idx
	if t.numbers != nil {
		return t.numbers[idx]
	}
	return idx + 1
}

// column is the 1-based column, in code points, of the byte at off.
func (t *text) column(off int) int {
	ls, _ := t.lineAt(off)
	if t.colOff > off {
		t.colOff, t.col = ls, 1
	}
	col := t.col + utf8.RuneCount(t.data[t.colOff:off])
	t.colOff, t.col = off, col
	if bytes.HasPrefix(t.data[ls:off], []byte("\ufeff")) && t.lineNumber(off) == 1 {
		col-- // a byte order mark is not a column an editor shows
	}
	return col
}

// finding builds the finding for a secret at [s, en). EndColumn is the
// column of the secret's last character.
func (t *text) finding(r *rule, secret string, s, en int) validate.Finding {
	_, size := utf8.DecodeLastRune(t.data[s:en])
	last := en - size
	return validate.Finding{
		RuleID: r.def.ID, Severity: validate.Error, Path: t.path,
		Line: t.lineNumber(s), Column: t.column(s),
		EndLine: t.lineNumber(last), EndColumn: t.column(last),
		Message: message(r.def.Description, secret), Hint: hint,
		Fingerprint: Fingerprint(r.def.ID, secret),
	}
}

// finish reports one finding per secret: of the hits whose spans overlap,
// only the most specific rule's (see beats), and a rule's hit on a span
// once. It orders the findings by position then rule. Its work grows as
// n log n in the hits (see overlap.go).
func (e *Engine) finish(t *text, hits []hit) []validate.Finding {
	if len(hits) == 0 && t.over == 0 {
		return nil
	}
	keep := e.kept(hits)
	slices.SortFunc(keep, func(a, b int) int { return validate.Compare(hits[a].f, hits[b].f) })
	out := make([]validate.Finding, 0, min(len(keep), MaxFileFindings)+1)
	at := make([]int, len(keep))
	for n, i := range keep {
		if n < MaxFileFindings {
			out = append(out, hits[i].f)
		}
		at[n] = hits[i].s
	}
	return e.capFindings(t, out, keep, at)
}

// kept returns the indexes of the hits finish reports: neither ignored,
// nor a duplicate of an earlier one, nor outranked.
func (e *Engine) kept(hits []hit) []int {
	outranked := outrankedHits(hits)
	type spanKey struct{ s, e, order int }
	seen := make(map[spanKey]bool, len(hits))
	var out []int
	for i, h := range hits {
		k := spanKey{h.s, h.e, h.order}
		dup := seen[k]
		seen[k] = true
		if h.ignored || dup || outranked[i] {
			continue
		}
		out = append(out, i)
	}
	return out
}

// keyBody is the text of a key block after its header, up to its END line
// or the end of the rule's window: what tells one key from another, where
// the header alone is the same for every key.
func keyBody(after []byte) []byte {
	if i := bytes.Index(after, []byte("-----END")); i >= 0 {
		after = after[:i]
	}
	return bytes.TrimSpace(after)
}
