package hooks

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// A range is judged by the base's rules and ignore file: what it adds to
// them counts once merged. One thing a range may add counts for its own
// findings at once, since a pull request with a false positive could not
// pass otherwise: an entry it adds to .remnant-guard-ignore that names one
// of its findings exactly (the sealed fingerprint, the file as its glob
// with no wildcard of its own, the rule in its comment, as allow writes
// it), and an allow comment a later commit of it puts on the line of a
// secret an earlier one added. Such a finding does not block, and every
// format reports it as accepted in this pull request, with its
// justification, for the reviewer to judge. Nothing it adds widens: an
// entry for every path, a glob, an entry without its rule, a new salt or
// a change to the configuration accepts nothing in the range.

// rangeAcceptance is what the head of a range adds that may accept the
// range's own findings.
type rangeAcceptance struct {
	repo    *gitutil.Repo
	engine  *secrets.Engine
	base    string
	head    string
	limit   int64                 // the largest head file read for its allow comments
	tree    map[string]string     // the head's files and their blobs, read once when needed
	sealer  *secrets.Sealer       // the head's salt; nil: no entry counts
	entries []secrets.IgnoreEntry // the exact entries the head adds
	files   map[string]headMarks  // per path, what the head's allow comments hide
}

// headMarks is a file at the head as its allow comments leave it: the
// secret findings they hide, by line, and the secrets (rule and in-run
// fingerprint) that are also on a line no comment covers.
type headMarks struct {
	hidden map[int][]validate.Finding
	open   map[string]bool
}

func newRangeAcceptance(repo *gitutil.Repo, engine *secrets.Engine, base, head string, limit int64) *rangeAcceptance {
	return &rangeAcceptance{repo: repo, engine: engine, base: base, head: head, limit: limit, files: map[string]headMarks{}}
}

// load reads, once, the head's tree and the entries its ignore file adds
// to the base's; it is read only when a secret finding needs it.
func (ra *rangeAcceptance) load() error {
	if ra.tree != nil {
		return nil
	}
	entries, err := ra.repo.ListTree(ra.head, "")
	if err != nil {
		return err
	}
	ra.tree = make(map[string]string, len(entries))
	for _, e := range entries {
		ra.tree[e.Path] = e.Hash
	}
	was, _, err := ra.repo.FileAt(ra.base, config.IgnoreName)
	if err != nil {
		return err
	}
	is, ok, err := ra.headFile(config.IgnoreName, safefile.MaxSideFileSize)
	if err != nil || !ok {
		return err
	}
	if _, err := secrets.ParseIgnore(config.IgnoreName, is); err != nil {
		return nil // the head's file is broken: it accepts nothing here (the base's judges)
	}
	salt := secrets.ParseSalt(is)
	if salt == "" || (secrets.ParseSalt(was) != "" && secrets.ParseSalt(was) != salt) {
		return nil // no salt, or a new one: nothing it adds counts here
	}
	raw, err := hex.DecodeString(salt)
	if err != nil {
		return nil
	}
	if ra.sealer, err = secrets.NewSealer(raw); err != nil {
		ra.sealer = nil
		return nil
	}
	had := map[string]bool{}
	for _, e := range secrets.IgnoreEntries(was) {
		had[e.Fingerprint+"\x00"+e.Glob] = true
	}
	for _, e := range secrets.IgnoreEntries(is) {
		if !had[e.Fingerprint+"\x00"+e.Glob] && e.Glob != "" && e.Rule != "" {
			ra.entries = append(ra.entries, e)
		}
	}
	return nil
}

// headFile reads a file of the head's tree of at most limit bytes; a
// larger one is not read (ok false).
func (ra *rangeAcceptance) headFile(path string, limit int64) ([]byte, bool, error) {
	hash, ok := ra.tree[path]
	if !ok {
		return nil, false, nil
	}
	sizes, err := ra.repo.BlobSizes([]string{hash})
	if n, ok := sizes[hash]; err != nil || !ok || n > limit {
		return nil, false, err
	}
	data, err := ra.repo.ReadBlob(hash)
	return data, err == nil, err
}

// split takes out of fs the secret findings (with their in-run
// fingerprints) that the head accepts exactly, as Suppressed.
func (ra *rangeAcceptance) split(fs []validate.Finding) ([]validate.Finding, []report.Suppressed, error) {
	kept := fs[:0]
	var out []report.Suppressed
	for _, f := range fs {
		if !isSecretFinding(f) {
			kept = append(kept, f)
			continue
		}
		s, ok, err := ra.accepts(f)
		if err != nil {
			return nil, nil, err
		}
		if ok {
			out = append(out, s)
		} else {
			kept = append(kept, f)
		}
	}
	return kept, out, nil
}

// accepts tells whether an exact entry the head adds, or an allow
// comment on the same secret in the head's file, accepts f.
func (ra *rangeAcceptance) accepts(f validate.Finding) (report.Suppressed, bool, error) {
	if err := ra.load(); err != nil {
		return report.Suppressed{}, false, err
	}
	if ra.sealer != nil {
		glob := escapeGlob(f.Path)
		for _, e := range ra.entries {
			if e.Rule != f.RuleID || e.Glob != glob {
				continue
			}
			if ra.sealer.Seal(f.Fingerprint) == e.Fingerprint {
				return report.Suppressed{Finding: f, Kind: "external", Justification: fmt.Sprintf(
					"%s line %d, added in this pull request: %s", config.IgnoreName, e.Line, e.Note)}, true, nil
			}
		}
	}
	if f.Line == 0 {
		return report.Suppressed{}, false, nil
	}
	marks, err := ra.marks(f.Path)
	if err != nil {
		return report.Suppressed{}, false, err
	}
	if marks.open[f.RuleID+"\x00"+f.Fingerprint] {
		return report.Suppressed{}, false, nil // the same secret stands unmarked at the head too
	}
	at := 0 // the first line that hides it
	for line, hidden := range marks.hidden {
		for _, g := range hidden {
			if g.RuleID == f.RuleID && g.Fingerprint == f.Fingerprint && (at == 0 || line < at) {
				at = line
			}
		}
	}
	if at == 0 {
		return report.Suppressed{}, false, nil
	}
	return report.Suppressed{Finding: f, Kind: "inSource", Justification: fmt.Sprintf(
		"an allow comment on %s:%d at the head of this pull request, %s", f.Path, at, report.ShortRev(ra.head))}, true, nil
}

// marks reads path at the head once, and scans it with its allow
// comments blanked out: what they hid, by line.
func (ra *rangeAcceptance) marks(path string) (headMarks, error) {
	if m, ok := ra.files[path]; ok {
		return m, nil
	}
	m := headMarks{hidden: map[int][]validate.Finding{}, open: map[string]bool{}}
	ra.files[path] = m
	// Read only what a commit's scan reads too: a file over [ci]
	// max_file_size is left unread (its finding stays reported).
	data, ok, err := ra.headFile(path, ra.limit)
	if err != nil || !ok || bytes.IndexByte(data, 0) >= 0 {
		return m, err
	}
	unmarked, allowed := secrets.Unmarked(data)
	if len(allowed) == 0 {
		return m, nil
	}
	found, _ := ra.engine.ScanFile(path, unmarked)
	for _, g := range found {
		if allowed[g.Line] {
			m.hidden[g.Line] = append(m.hidden[g.Line], g)
		} else {
			m.open[g.RuleID+"\x00"+g.Fingerprint] = true
		}
	}
	return m, nil
}
