package hooks

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// Range is the commits a CI run checks, base..head, as full hashes, and
// where the base came from.
type Range struct {
	Base, Head string
	// MergeBase is the best common ancestor of Base and Head: the commit
	// the range rules (Decisions append-only) compare Head with, so that
	// what the base branch gained since the branch was cut is not taken
	// for a change of the range (three-dot semantics).
	MergeBase string
	From      string // "--base", "the GitHub pull request", ...
	Commits   int    // commits in the range
	// behindOK makes a head that is an ancestor of its base an empty
	// range rather than an error: a push that moves a branch back.
	behindOK bool
}

// WholeHistory tells whether the range is every commit Head reaches.
func (r Range) WholeHistory() bool { return r.Base == "" }

// CIOptions are the settings of a CI run.
type CIOptions struct {
	Options
	// Base and Head are revisions; an empty Base is worked out from the
	// CI environment, an empty Head is HEAD.
	Base, Head string
	// Getenv reads the environment (nil: os.Getenv).
	Getenv func(string) string
}

// ErrNoRange is returned when no base can be worked out.
var ErrNoRange = errors.New("cannot work out which commits to check: no --base, no pull or merge request in the environment, and no origin/HEAD")

// findRange resolves base and head to commits, discovering the base from
// the CI environment when it is not given. log, when not nil, is the log
// of exactly opt.Base..opt.Head, already started.
func findRange(repo *gitutil.Repo, opt CIOptions, log *logStream) (Range, error) {
	getenv := opt.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	rng := Range{Base: opt.Base, Head: opt.Head, From: "--base"}
	if rng.Base == "" {
		var err error
		if rng, err = discoverBase(repo, getenv); err != nil {
			return Range{}, err
		}
		if opt.Head != "" {
			rng.Head = opt.Head
		}
	}
	if rng.Head == "" {
		rng.Head = "HEAD"
	}
	if rng.WholeHistory() {
		return wholeHistory(repo, rng)
	}
	// Without a log, git merge-base runs while the two names are
	// resolved: it resolves them by the same rules, and its answer is
	// read only once both have resolved to commits. With one, the list of
	// its commits, made as it starts, tells whether the base is an
	// ancestor of the head, and so the merge base; git is asked otherwise.
	var mb <-chan mergeBaseResult
	if log == nil {
		mb = askMergeBase(repo, rng.Base, rng.Head)
	}
	var err error
	if rng.Head, err = resolve(repo, rng.Head); err != nil {
		return Range{}, err
	}
	if rng.Base, err = resolve(repo, rng.Base); err != nil {
		return Range{}, err
	}
	if log != nil {
		if has, known := log.p.HasParent(rng.Base); known && has {
			rng.MergeBase = rng.Base
			return rng, nil
		}
		mb = askMergeBase(repo, rng.Base, rng.Head)
	}
	r := <-mb
	if rng.behindOK && r.err == nil && r.ok && r.hash == rng.Head {
		rng.MergeBase = rng.Head // nothing new: base..head is empty
		return rng, nil
	}
	if rng.MergeBase, err = mergeBase(repo, rng.Base, rng.Head, r); err != nil {
		return Range{}, err
	}
	return rng, nil
}

// wholeHistory resolves the head of a range of every commit it reaches,
// which a shallow clone does not hold.
func wholeHistory(repo *gitutil.Repo, rng Range) (Range, error) {
	var err error
	if rng.Head, err = resolve(repo, rng.Head); err != nil {
		return Range{}, err
	}
	if shallow, err := repo.IsShallow(); err != nil {
		return Range{}, err
	} else if shallow {
		return Range{}, &gitutil.ShallowError{Commit: rng.Head}
	}
	return rng, nil
}

// askMergeBase runs git merge-base in the background.
func askMergeBase(repo *gitutil.Repo, base, head string) <-chan mergeBaseResult {
	mb := make(chan mergeBaseResult, 1)
	go func() {
		var r mergeBaseResult
		r.hash, r.ok, r.err = repo.MergeBase(base, head)
		mb <- r
	}()
	return mb
}

// mergeBaseResult is what Repo.MergeBase answered.
type mergeBaseResult struct {
	hash string
	ok   bool
	err  error
}

// mergeBase judges r, git's merge base of base and head: the commit a
// range's head is compared with, their best common ancestor. A head that is an ancestor of its base
// (other than the base itself) is an error: the range would check nothing.
func mergeBase(repo *gitutil.Repo, base, head string, r mergeBaseResult) (string, error) {
	if base == head {
		return base, nil
	}
	mb, ok, err := r.hash, r.ok, r.err
	if err != nil {
		return "", err
	}
	if !ok {
		if shallow, err := repo.IsShallow(); err != nil {
			return "", err
		} else if shallow {
			return "", &gitutil.ShallowError{Commit: base}
		}
		return "", fmt.Errorf("base %s and head %s have no common ancestor: give a --base on the head's history", shortHash(base), shortHash(head))
	}
	if mb == head {
		return "", fmt.Errorf("head %s is an ancestor of base %s: the range holds no commit to check (are --base and --head swapped?)", shortHash(head), shortHash(base))
	}
	return mb, nil
}

// resolve finds the commit rev names; a commit missing from a shallow
// clone is a *gitutil.ShallowError.
func resolve(repo *gitutil.Repo, rev string) (string, error) {
	h, ok, err := repo.ResolveCommit(rev)
	if err != nil || ok {
		return h, err
	}
	if shallow, err := repo.IsShallow(); err != nil {
		return "", err
	} else if shallow {
		return "", &gitutil.ShallowError{Commit: rev}
	}
	return "", fmt.Errorf("%s is not a commit in this repository", textsafe.Quote(rev))
}

// discoverBase works out the range from the CI event (cievent.go): a
// GitHub event file, a GitLab pipeline's variables, or else the merge base
// of HEAD and origin/HEAD.
func discoverBase(repo *gitutil.Repo, getenv func(string) string) (Range, error) {
	name := getenv("GITHUB_EVENT_NAME")
	if p := getenv("GITHUB_EVENT_PATH"); p != "" {
		rng, ok, err := githubRange(repo, p, name)
		if err != nil || ok {
			return rng, err
		}
	} else if slices.Contains(githubEvents, name) {
		return Range{}, &EventError{Source: "GITHUB_EVENT_NAME " + textsafe.Quote(name), What: "GITHUB_EVENT_PATH is not set"}
	}
	if rng, ok, err := gitlabRange(repo, getenv); err != nil || ok {
		return rng, err
	}
	if _, ok, err := repo.ResolveCommit("origin/HEAD"); err != nil {
		return Range{}, err
	} else if !ok {
		return Range{}, ErrNoRange
	}
	base, ok, err := repo.MergeBase("HEAD", "origin/HEAD")
	if err != nil {
		return Range{}, err
	}
	if !ok {
		if shallow, _ := repo.IsShallow(); shallow {
			return Range{}, &gitutil.ShallowError{Commit: "origin/HEAD"}
		}
		return Range{}, errors.New("HEAD and origin/HEAD have no common ancestor: give --base")
	}
	return Range{Base: base, From: "the merge base with origin/HEAD"}, nil
}

// maxEventSize bounds the GitHub event file; a pull request's event is
// far smaller.
const maxEventSize = safefile.MaxReadLimit

// PushUpdate is one line git gives a pre-push hook on stdin.
type PushUpdate struct {
	LocalRef, LocalSHA, RemoteRef, RemoteSHA string
}

func isZeroHash(h string) bool { return strings.Trim(h, "0") == "" }

// ParsePushUpdates reads "<local ref> <local sha> <remote ref> <remote sha>"
// lines.
func ParsePushUpdates(r io.Reader) ([]PushUpdate, error) {
	var out []PushUpdate
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, maxPushLine)
	n := 1
	for ; sc.Scan(); n++ {
		// Split at ASCII blanks only: a ref name may hold U+0085 or
		// U+2028, which strings.Fields would split at.
		line := strings.Trim(sc.Text(), " \t\r")
		if line == "" {
			continue
		}
		f := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' })
		if len(f) != 4 || !isHex(f[1]) || !isHex(f[3]) {
			return nil, fmt.Errorf("pre-push input line %d: want <local ref> <local sha> <remote ref> <remote sha>", n)
		}
		out = append(out, PushUpdate{f[0], f[1], f[2], f[3]})
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return nil, fmt.Errorf("pre-push input line %d: over %d bytes: want <local ref> <local sha> <remote ref> <remote sha>", n, maxPushLine)
	}
	return out, sc.Err()
}

// maxPushLine bounds a line of the pre-push input: two refs and two
// hashes, where git caps a ref name far below it.
const maxPushLine = 64 << 10

// revs selects the commits an update pushes: remote..local, or, for a new
// branch (or a remote commit not fetched here), the commits that none of
// have (what the remote already has) reaches. base is the commit to
// compare the result with, "" when unknown. A deletion pushes nothing.
func (u PushUpdate) revs(repo *gitutil.Repo, have []string) (revs []string, base string, err error) {
	if isZeroHash(u.LocalSHA) {
		return nil, "", nil
	}
	if !isZeroHash(u.RemoteSHA) {
		if _, ok, err := repo.ResolveCommit(u.RemoteSHA); err != nil || ok {
			if err != nil {
				return nil, "", err
			}
			// A forced push: compare with what both sides share.
			base, ok, err := repo.MergeBase(u.RemoteSHA, u.LocalSHA)
			if !ok {
				base = ""
			}
			return []string{u.RemoteSHA + ".." + u.LocalSHA}, base, err
		}
	}
	return append([]string{u.LocalSHA, "--not"}, have...), "", nil
}

// remoteHas lists the revisions the remote being pushed to is known to
// have: its remote-tracking branches (when remote is the name of a
// configured remote) and the remote commits of the push that exist here.
// Commits only another remote has are pushed to this one, and checked.
func remoteHas(repo *gitutil.Repo, remote string, updates []PushUpdate) ([]string, error) {
	var have []string
	if remote != "" && !strings.ContainsAny(remote, "*?[\\:") && !strings.HasPrefix(remote, "-") {
		// A remote named foo/bar tracks under refs/remotes/foo/bar/: not
		// what foo has.
		names, err := repo.RemoteNames()
		if err != nil {
			return nil, err
		}
		for _, other := range names {
			if strings.HasPrefix(other, remote+"/") {
				have = append(have, "--exclude=refs/remotes/"+other+"/*")
			}
		}
		have = append(have, "--glob=refs/remotes/"+remote+"/*")
	}
	for _, u := range updates {
		if isZeroHash(u.RemoteSHA) {
			continue
		}
		if _, ok, err := repo.ResolveCommit(u.RemoteSHA); err != nil {
			return nil, err
		} else if ok {
			have = append(have, u.RemoteSHA)
		}
	}
	return have, nil
}

func isHex(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	return strings.Trim(s, "0123456789abcdef") == ""
}

// A range is judged by the base's rules and ignore file: what it adds to
// them counts once merged. One thing a range may add counts for its own
// findings at once, since a pull request with a false positive could not
// pass otherwise: an entry it adds to .remnant-guard-ignore that names one
// of its findings exactly (the sealed fingerprint, the file as its glob
// with no wildcard of its own, the rule in its comment, as allow writes
// it), and an allow comment a later commit of it puts on the line of a
// secret an earlier one added. Such a finding does not block, and every
// format reports it as accepted in this pull request, with its
// justification, for the reviewer to judge. A secret added with its allow
// comment in one commit is no finding of the range at all: it is reported
// the same way (markedInRange), so that no secret the range brings passes
// unseen. Nothing it adds widens: an entry for every path, a glob, an
// entry without its rule, a new salt or a change to the configuration
// accepts nothing in the range.

// rangeAcceptance is what the head of a range adds that may accept the
// range's own findings.
type rangeAcceptance struct {
	repo    *gitutil.Repo
	engine  *secrets.Engine
	base    string
	head    string
	limit   int64                        // the largest head file read for its allow comments
	loaded  bool                         // load has read the head's tree and ignore file
	sealer  *secrets.Sealer              // the head's salt; nil: no entry counts
	entries []secrets.IgnoreEntry        // the exact entries the head adds
	files   map[string]headMarks         // per path, what the head's allow comments hide
	trees   map[string]map[string]string // commits' files and their blobs, each listed once (treeAt)
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
	if ra.loaded {
		return nil
	}
	if _, err := ra.treeAt(ra.head); err != nil {
		return err
	}
	ra.loaded = true
	was, _, err := ra.repo.FileAt(ra.base, config.IgnoreName)
	if err != nil {
		return err
	}
	is, ok, err := ra.fileAt(ra.head, config.IgnoreName, safefile.MaxSideFileSize)
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

// treeAt lists commit rev's files and their blobs, once per commit.
func (ra *rangeAcceptance) treeAt(rev string) (map[string]string, error) {
	if tree, ok := ra.trees[rev]; ok {
		return tree, nil
	}
	entries, err := ra.repo.ListTree(rev, "")
	if err != nil {
		return nil, err
	}
	tree := make(map[string]string, len(entries))
	for _, e := range entries {
		tree[e.Path] = e.Hash
	}
	if ra.trees == nil {
		ra.trees = map[string]map[string]string{}
	}
	ra.trees[rev] = tree
	return tree, nil
}

// fileAt reads path as commit rev has it, when it is at most limit bytes;
// ok is false when rev has no such file or a larger one (not read).
func (ra *rangeAcceptance) fileAt(rev, path string, limit int64) ([]byte, bool, error) {
	tree, err := ra.treeAt(rev)
	if err != nil {
		return nil, false, err
	}
	hash, ok := tree[path]
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
		if !judge.IsSecretFinding(f) {
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
	if marks.open[secretKey(f)] {
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
	hidden, open, err := ra.scanAllowed(path, ra.head)
	m := headMarks{hidden: hidden, open: open}
	ra.files[path] = m
	return m, err
}

// scanAllowed reads path as rev has it and scans it with its allow
// comments blanked out: the secrets they hid, by line, and those that
// stand unmarked (by secretKey). Only what a commit's scan reads too is
// read: a file over [ci] max_file_size or a binary one is left unread
// (its finding stays reported).
func (ra *rangeAcceptance) scanAllowed(path, rev string) (hidden map[int][]validate.Finding, open map[string]bool, err error) {
	data, ok, err := ra.blobAt(path, rev)
	if err != nil || !ok {
		return nil, nil, err
	}
	unmarked, allowed := secrets.Unmarked(data)
	if len(allowed) == 0 {
		return nil, nil, nil
	}
	found, _ := ra.engine.ScanFile(path, unmarked)
	hidden, open = map[int][]validate.Finding{}, map[string]bool{}
	for _, g := range found {
		if allowed[g.Line] {
			hidden[g.Line] = append(hidden[g.Line], g)
		} else {
			open[secretKey(g)] = true
		}
	}
	return hidden, open, nil
}

// secretKey names a secret by its rule and in-run fingerprint, wherever
// it stands.
func secretKey(f validate.Finding) string { return f.RuleID + "\x00" + f.Fingerprint }

// escapeGlob makes a path a glob that matches it: wildcards escaped, and
// a space, a "#" (which would end the entry) or a byte that is not UTF-8
// matched by "?".
func escapeGlob(p string) string {
	var b strings.Builder
	for i, r := range p {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(p[i:], string(utf8.RuneError)):
			// A byte that is not UTF-8 (a folder named in another
			// encoding): "?" matches it, one byte, where U+FFFD would not.
			r = '?'

		case strings.ContainsRune(`*?[]\`, r):
			b.WriteByte('\\')
		case r == '#' || unicode.IsSpace(r):
			r = '?'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unhonouredExclusions says, one note each, which [exclude_paths] entries
// the head's configuration adds to the base's: ci judges a range by the
// base's configuration, so a pull request cannot exclude its own findings,
// and the reviewer is told what it tried. A head configuration that does
// not parse is named with its error: it judges nothing here, and once
// merged every run would stop on it. An explicit --config or a whole
// history says nothing here.
func unhonouredExclusions(opt Options, repo *gitutil.Repo, base *config.Config, rng Range) []string {
	if opt.ConfigPath != "" || rng.WholeHistory() {
		return nil
	}
	head, err := revisionConfig(opt, repo, rng.Head)
	var ce *config.Error
	if errors.As(err, &ce) {
		return []string{fmt.Sprintf("%s at the head of this pull request cannot be read, so every run stops on it once it is merged: %v", config.Name, err)}
	}
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range base.NewExclusions(head) {
		out = append(out, fmt.Sprintf("%s [exclude_paths] %s is added in this pull request and not honoured here: ci reads the base's configuration, so it counts once merged", config.Name, e))
	}
	return out
}

// markedInRange reports the secrets that an allow comment added in the
// range hides, in the files marked lists (with the commits that added
// such a comment): one added with its comment in the same commit is never
// a finding of the range, and would otherwise pass unseen. Each file is
// judged at the head and at each commit that added a comment to it, so a
// secret a later commit deletes again is told too (it stays in the
// branch's history). A secret the file already has at the base or at the
// merge base is not the range's; one already reported or accepted is not
// told twice; a file the configuration keeps from the scan is not read.
func (ra *rangeAcceptance) markedInRange(marked map[string][]string, rng Range, reported []validate.Finding, accepted []report.Suppressed, cfg *config.Config) ([]report.Suppressed, error) {
	if len(marked) == 0 {
		return nil, nil
	}
	if err := ra.load(); err != nil {
		return nil, err
	}
	mr := &markReport{ra: ra, rng: rng, told: map[string]bool{}}
	for _, f := range reported {
		mr.told[dedupeKey(f)] = true
	}
	for _, s := range accepted {
		mr.told[dedupeKey(s.Finding)] = true
	}
	paths := make([]string, 0, len(marked))
	for p := range marked {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, path := range paths {
		if cfg.ScanExcluded(path) {
			continue
		}
		if err := mr.file(path, marked[path]); err != nil {
			return nil, err
		}
	}
	return mr.out, nil
}

// markReport gathers what markedInRange tells: the secrets already told
// (reported, accepted or told by an earlier commit) and the notes so far.
type markReport struct {
	ra   *rangeAcceptance
	rng  Range
	told map[string]bool
	out  []report.Suppressed
	had  map[string]bool // the secrets of the file being judged at the base and the merge base; nil until needed
}

// file judges one file with allow comments added in the range: at the
// head (commits[len-1] is the last commit that added one) and at each
// other commit that added one.
func (mr *markReport) file(path string, commits []string) error {
	m, err := mr.ra.marks(path)
	if err != nil {
		return err
	}
	mr.had = nil
	if err := mr.tell(path, m.hidden, commits[len(commits)-1], "at the head of this pull request, "+report.ShortRev(mr.ra.head)); err != nil {
		return err
	}
	for _, c := range commits {
		if c == mr.ra.head {
			continue
		}
		hidden, _, err := mr.ra.scanAllowed(path, c)
		if err != nil {
			return err
		}
		if err := mr.tell(path, hidden, c, "in commit "+report.ShortRev(c)+" of this pull request (gone from its head, still in its history)"); err != nil {
			return err
		}
	}
	return nil
}

// tell adds a note for each secret hidden (by line) at commit that is not
// told yet and that the file did not already have at the base.
func (mr *markReport) tell(path string, hidden map[int][]validate.Finding, commit, where string) error {
	if len(hidden) == 0 {
		return nil
	}
	if mr.had == nil {
		had, err := mr.ra.secretsAt(path, mr.rng.Base, mr.rng.MergeBase)
		if err != nil {
			return err
		}
		mr.had = had
	}
	lines := make([]int, 0, len(hidden))
	for line := range hidden {
		lines = append(lines, line)
	}
	slices.Sort(lines)
	for _, line := range lines {
		for _, g := range hidden[line] {
			k := dedupeKey(g)
			if mr.told[k] || mr.had[secretKey(g)] {
				continue
			}
			mr.told[k] = true
			g.Commit = commit
			mr.out = append(mr.out, report.Suppressed{Finding: g, Kind: "inSource", Justification: fmt.Sprintf(
				"an allow comment on %s:%d %s", path, line, where)})
		}
	}
	return nil
}

// secretsAt lists, as rule and in-run fingerprint, the secrets path holds
// at the given commits, allow comments or not.
func (ra *rangeAcceptance) secretsAt(path string, revs ...string) (map[string]bool, error) {
	had := map[string]bool{}
	for i, rev := range revs {
		if rev == "" || slices.Contains(revs[:i], rev) {
			continue
		}
		data, ok, err := ra.blobAt(path, rev)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		unmarked, _ := secrets.Unmarked(data)
		found, _ := ra.engine.ScanFile(path, unmarked)
		for _, g := range found {
			had[secretKey(g)] = true
		}
	}
	return had, nil
}

// blobAt reads path as commit rev has it; ok is false when rev has no
// such file, or one a commit's scan leaves unread: over [ci]
// max_file_size, or with a NUL byte.
func (ra *rangeAcceptance) blobAt(path, rev string) (data []byte, ok bool, err error) {
	data, ok, err = ra.fileAt(rev, path, ra.limit)
	return data, ok && bytes.IndexByte(data, 0) < 0, err
}
