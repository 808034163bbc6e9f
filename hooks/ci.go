package hooks

import (
	"bytes"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// CI checks every commit in base..head (or, for a whole history, every
// commit head reaches; docs/ci.md tells which range each CI event gives):
// secrets in the lines each adds, REMNANT.md committed anywhere, and the
// memory rules on the memory files each changes; then, over the whole
// range, Decisions append-only from base to head and stale memory. Each finding names its commit and is
// reported once, at the commit that introduced it.
//
// The configuration, the ignore file and a gitleaks config are read from
// the base commit, so that a change cannot weaken the rules that judge it;
// an explicit ConfigPath still wins.
func CI(opt CIOptions) (*report.Report, Range, error) {
	defer historyGC()()
	repo, err := gitutil.OpenHistory(opt.Dir)
	if err != nil {
		return nil, Range{}, gitutil.Explain(err)
	}
	defer repo.Close()
	// git prints the history while the range is checked and the rules
	// are prepared: at once when the range is given.
	var log *logStream
	if early := earlyRange(opt); early != "" {
		log = startLog(repo, early)
		defer log.stop()
	}
	rng, err := findRange(repo, opt, log)
	if err != nil {
		return nil, Range{}, err
	}
	// A whole history is judged by the head's configuration: it has no
	// base.
	cfgRev, revs := rng.Base, rng.Base+".."+rng.Head
	if rng.WholeHistory() {
		cfgRev, revs = rng.Head, rng.Head
	}
	if log == nil {
		log = startLog(repo, revs)
		defer log.stop()
	}
	cfg, err := revisionConfig(opt.Options, repo, cfgRev)
	if err != nil {
		return nil, rng, err
	}
	hc, err := newHistoryCheck(repo, cfg, opt.Options, revisionFiles(repo, cfgRev), rng.Head)
	if err != nil {
		return nil, rng, err
	}
	if !hc.uses && rng.Base != "" {
		// Where the base uses Remnant, a pull request that removes the
		// signs still cannot commit a REMNANT.md.
		if hc.uses, err = usesRemnantAt(repo, cfg, rng.Base); err != nil {
			return nil, rng, err
		}
	}
	if err := hc.run(log, rng.MergeBase, rng.Head); err != nil {
		return nil, rng, err
	}
	rng.Commits = hc.commits
	var accepted []report.Suppressed
	if !rng.WholeHistory() && hc.engine != nil {
		var err error
		ra := newRangeAcceptance(repo, hc.engine, rng.Base, rng.Head, cfg.CI.MaxFileSize)
		if hc.rep.Findings, accepted, err = ra.split(hc.rep.Findings); err != nil {
			return nil, rng, err
		}
	}
	rep := hc.report()
	rep.Suppressed = hc.publishAccepted(accepted)
	return rep, rng, nil
}

// publishAccepted passes the findings the range accepts itself through the
// run's judging, as every reported finding: severities, sealed
// fingerprints, masked paths and messages. They are reported, not
// blocking: their hint is their justification.
func (hc *historyCheck) publishAccepted(acc []report.Suppressed) []report.Suppressed {
	if len(acc) == 0 {
		return nil
	}
	out := make([]report.Suppressed, 0, len(acc))
	for _, a := range acc {
		fs := hc.j.Apply([]validate.Finding{a.Finding})
		if len(fs) == 0 {
			continue // a rule the base turns off
		}
		f := fs[0]
		f.Hint = ""
		why := a.Justification
		if secrets.LooksLive(f.RuleID) {
			why += " (it has the format of a real key: review that it is a test value)"
		}
		out = append(out, report.Suppressed{Finding: f, Kind: a.Kind, Justification: hc.j.Redact(why)})
	}
	slices.SortStableFunc(out, func(a, b report.Suppressed) int { return validate.Compare(a.Finding, b.Finding) })
	return out
}

// earlyRange is the range to log before it is resolved, when --base is
// given and both revisions are plain names; "" otherwise.
func earlyRange(opt CIOptions) string {
	head := opt.Head
	if head == "" {
		head = "HEAD"
	}
	for _, r := range []string{opt.Base, head} {
		if r == "" || strings.HasPrefix(r, "-") || strings.ContainsAny(r, ". \t\n\x00^~:@{}") {
			return ""
		}
	}
	return opt.Base + ".." + head
}

// PrePush checks the commits a push sends, as CI does, with the
// configuration of the working tree. It catches commits made with
// --no-verify.
//
// remote is the name or URL git gives the hook: the commits of a new
// branch are those that none of that remote's tracking branches, nor any
// remote commit the push names, already has.
func PrePush(opt Options, remote string, updates []PushUpdate) (*report.Report, error) {
	defer historyGC()()
	repo, cfg, files, err := openHistory(opt)
	if err != nil {
		return nil, err
	}
	defer repo.Close()
	hc, err := newHistoryCheck(repo, cfg, opt, files, "HEAD")
	if err != nil {
		return nil, err
	}
	have, err := remoteHas(repo, remote, updates)
	if err != nil {
		return nil, err
	}
	for _, u := range updates {
		if done, err := hc.pushedObject(u); err != nil || done {
			if err != nil {
				return nil, err
			}
			continue
		}
		revs, base, err := u.revs(repo, have)
		if err != nil || revs == nil {
			if err != nil {
				return nil, err
			}
			continue
		}
		log := startLog(repo, revs...)
		err = hc.run(log, base, u.LocalSHA)
		log.stop()
		if err != nil {
			return nil, err
		}
	}
	return hc.report(), nil
}

// revisionConfig reads .remnant-guard.toml from the commit rev, unless an
// explicit config is given.
func revisionConfig(opt Options, repo *gitutil.Repo, rev string) (*config.Config, error) {
	if opt.ConfigPath != "" {
		return config.Load(opt.ConfigPath, true, allRules())
	}
	data, ok, err := repo.FileAt(rev, config.Name)
	if err != nil || !ok {
		return config.Default(), err
	}
	return config.Parse(shortHash(rev)+":"+config.Name, data, allRules())
}

func shortHash(h string) string { return h[:min(len(h), 12)] }

// historyCheck judges commits one by one and remembers what it reported,
// so that a finding is reported at the first commit that has it.
type historyCheck struct {
	repo    *gitutil.Repo
	cfg     *config.Config
	j       *judge.Judge // the run's judging with cfg
	opt     Options
	engine  *secrets.Engine   // nil when the secret family does not run
	uses    bool              // the repository uses Remnant (judged at head)
	batch   secrets.LineBatch // a commit's lines for the secret scan
	rep     *report.Report
	pending []validate.Finding // files of the commit that could not be scanned
	names   map[int]string     // the batch entries that are a file's name
	masked  map[string]string  // paths whose name holds a secret, masked
	seen    map[string]bool
	done    map[string]bool // commits checked
	commits int
	// progress is told each commit done (scan --history on a terminal).
	progress func(done int)
}

func newHistoryCheck(repo *gitutil.Repo, cfg *config.Config, opt Options, files judge.ConfigFiles, head string) (*historyCheck, error) {
	hc := &historyCheck{repo: repo, cfg: cfg, j: judge.New(cfg, opt.Masker), opt: opt, seen: map[string]bool{}, done: map[string]bool{},
		names: map[int]string{}, masked: map[string]string{},
		rep: &report.Report{BlockSkipped: cfg.CI.BlockSkipped}}
	if opt.runs(validate.Secrets) {
		e, err := hc.j.NewEngine(files)
		if err != nil {
			return nil, err
		}
		hc.engine = e
	}
	uses, err := usesRemnantAt(repo, cfg, head)
	hc.uses = uses
	return hc, err
}

// run judges the commits a log streams (oldest first), then the range
// from base to head; an empty base is the parent of the first commit.
// Each commit is judged as git prints it, in the reading goroutine: a
// hand-off to other goroutines costs more than the scan it would overlap.
func (hc *historyCheck) run(log *logStream, base, head string) error {
	// The rules over the range need only the paths it changes, each once:
	// memory stays flat however long the range is.
	var all []gitutil.Change
	changed := map[string]bool{}
	keep := func(p string) {
		if p != "" && !changed[p] {
			changed[p] = true
			all = append(all, gitutil.Change{Path: p})
		}
	}
	ranged := hc.opt.runs(validate.Memory)
	first := true
	log.p.SetSectionLimit(sectionLimit(hc.cfg.CI.MaxFileSize))
	if bl, ok := log.p.(*gitutil.BlobLog); ok {
		bl.SetWants(hc.wantsLines)
	}
	err := log.p.Each(func(c gitutil.CommitChanges) error {
		if base == "" && first && len(c.Parents) > 0 {
			base = c.Parents[0]
		}
		first = false
		for _, fc := range c.Changes {
			if ranged {
				keep(fc.Path)
				keep(fc.OldPath)
			}
		}
		return hc.commit(c)
	})
	if err != nil {
		return err
	}
	found, err := hc.overRange(all, base, head)
	hc.rep.Findings = append(hc.rep.Findings, found...)
	return err
}

// commit judges one commit once: the memory rules on the files it
// changes, the secret rules on the lines it adds.
func (hc *historyCheck) commit(c gitutil.CommitChanges) error {
	if hc.done[c.Hash] {
		return nil
	}
	hc.done[c.Hash] = true
	hc.commits++
	if hc.progress != nil {
		hc.progress(hc.commits)
	}
	hc.rep.Checked += len(c.Changes)
	found, skipped, err := hc.judge(c)
	if err != nil {
		return err
	}
	hc.add(found, c.Hash)
	if err := hc.scanSecrets(c); err != nil {
		return err
	}
	hc.skip(skipped)
	return nil
}

// scanSecrets runs the secret rules on the lines a commit adds, and on
// the names of the files and submodules it adds; the findings name it.
func (hc *historyCheck) scanSecrets(c gitutil.CommitChanges) error {
	if hc.engine == nil {
		return nil
	}
	commit := c.Hash
	hc.batch.Reset()
	clear(hc.names)
	hc.batch.Commit = commit // for allowlists and ignore entries that name commits
	if err := hc.secretBatch(c.Changes, c.Parents); err != nil {
		return err
	}
	for _, p := range c.Gitlinks {
		if !hc.cfg.ScanExcluded(p) {
			hc.names[hc.batch.Len()] = p
			hc.batch.AddFile("")
			hc.batch.AddLine(1, []byte(p))
		}
	}
	hc.scanBatch()
	hc.add(hc.pending, commit)
	hc.pending = hc.pending[:0]
	return nil
}

// batchBytes is the text a commit's batch gathers before it is scanned:
// a commit that adds more is scanned in parts, so that its lines are not
// all held at once. batchKeep is the most a batch keeps for the next
// commit; past it, its memory is given back.
const (
	batchBytes = 8 << 20
	batchKeep  = 4 << 20
)

// scanBatch scans the files of hc.batch, keeps their findings, and
// empties it for more files of the same commit. Files are scanned alike
// in one batch or several: each is judged by its own lines.
func (hc *historyCheck) scanBatch() {
	commit := hc.batch.Commit
	for i, found := range hc.engine.ScanBatch(&hc.batch) {
		if path, ok := hc.names[i]; ok {
			var masked string
			if found, masked = nameFindings(found, path); masked != "" {
				hc.masked[path] = masked
			}
		}
		hc.add(found, commit)
	}
	if hc.batch.Size() > batchKeep {
		hc.batch = secrets.LineBatch{}
	}
	hc.batch.Reset()
	hc.batch.Commit = commit
	clear(hc.names)
}

// wantsLines tells whether the lines a change of path to a blob holding
// data adds are needed by the secret scan: whether, read from the commit's
// patch, they could lead to anything secretBatch reports. Content with a
// NUL byte (binary, UTF-16) or over [ci] max_file_size is always read
// through the patch; a path the scan leaves out never is.
func (hc *historyCheck) wantsLines(path string, data []byte) bool {
	switch {
	case hc.engine == nil || hc.cfg.ScanExcluded(path):
		return false
	case int64(len(data)) > hc.cfg.CI.MaxFileSize, bytes.IndexByte(data, 0) >= 0:
		return true
	}
	return hc.engine.MayFind(path, data)
}

// add keeps the findings not reported at an earlier commit.
func (hc *historyCheck) add(found []validate.Finding, commit string) {
	for _, f := range found {
		k := dedupeKey(f)
		if hc.seen[k] {
			continue
		}
		hc.seen[k] = true
		f.Commit = commit
		hc.rep.Findings = append(hc.rep.Findings, f)
	}
}

func (hc *historyCheck) skip(skipped []validate.Skipped) {
	for _, s := range skipped {
		k := "skip\x00" + s.Path + "\x00" + s.Reason
		if !hc.seen[k] {
			hc.seen[k] = true
			hc.rep.Skipped = append(hc.rep.Skipped, s)
		}
	}
}

// dedupeKey identifies a finding across commits: a secret by its rule,
// path and fingerprint; REMNANT.md committed by its path; anything else by
// its rule, path and message.
func dedupeKey(f validate.Finding) string {
	switch {
	case f.Fingerprint != "":
		return f.RuleID + "\x00" + f.Path + "\x00" + f.Fingerprint
	case f.RuleID == "remnant-staged" || f.RuleID == unscannedRule:
		return f.RuleID + "\x00" + f.Path
	}
	return f.RuleID + "\x00" + f.Path + "\x00" + f.Message
}

func (hc *historyCheck) report() *report.Report {
	rep := hc.rep
	maskPaths(rep, hc.masked)
	rep.Findings = hc.j.Apply(rep.Findings)
	rep.Sort()
	return rep
}

// judge judges one commit: the memory rules on the memory files it
// changes, and the secret rules on the lines it adds. Append-only rules
// are judged over the whole range instead.
func (hc *historyCheck) judge(c gitutil.CommitChanges) ([]validate.Finding, []validate.Skipped, error) {
	if !hc.memoryChanged(c.Changes) {
		return nil, nil, nil
	}
	changes := make([]gitutil.Change, len(c.Changes))
	for i, fc := range c.Changes {
		changes[i] = fc.Change
	}
	src := &commitSource{repo: hc.repo, commit: c.Hash}
	if len(c.Parents) > 0 {
		src.parent = c.Parents[0]
	}
	sub := &report.Report{}
	cc := &changeCheck{cfg: hc.cfg, opt: hc.opt, uses: hc.uses, now: hc.opt.now()}
	if err := cc.run(changes, src, sub); err != nil {
		return nil, nil, err
	}
	found := sub.Findings[:0]
	for _, f := range sub.Findings {
		if f.RuleID != appendOnlyRule && f.RuleID != custodian.RuleAppendOnly {
			found = append(found, f)
		}
	}
	return found, sub.Skipped, nil
}

// memoryChanged tells whether a commit changes a file the memory rules
// judge (judgedAsMemory). Those rules are all judge runs (the secret rules
// run on the commit's lines instead): a commit without such a file has
// nothing for it to judge.
func (hc *historyCheck) memoryChanged(changes []gitutil.FileChange) bool {
	if !hc.opt.runs(validate.Memory) {
		return false
	}
	for _, fc := range changes {
		if judgedAsMemory(fc.Change, hc.cfg.Custodian.Dir) {
			return true
		}
	}
	return false
}

// secretBatch gathers the lines each change adds in hc.batch for the
// secret scan. A new or renamed file is scanned even without lines, for
// the rules that judge a file by its name. Content with NUL bytes is
// scanned byte for byte, after decoding when it is UTF-16; content over
// [ci] max_file_size is reported as not scanned. Content git showed only
// as "Binary files differ" (a merge's combined diff does so whatever
// --text says) is read from the blobs.
func (hc *historyCheck) secretBatch(changes []gitutil.FileChange, parents []string) error {
	for _, fc := range changes {
		if hc.batch.Size() >= batchBytes {
			hc.scanBatch()
		}
		if fc.Status == 'D' || hc.cfg.ScanExcluded(fc.Path) {
			continue
		}
		if scansName(fc.Change) {
			hc.names[hc.batch.Len()] = fc.Path
			hc.batch.AddFile("")
			hc.batch.AddLine(1, []byte(fc.Path))
		}
		// Past the read limit, what the file's patch went on to add is
		// unknown, even when no added line came before it.
		size := fc.AddedBytes
		if size > hc.cfg.CI.MaxFileSize || fc.Truncated {
			hc.unscanned(fc.Path, sizeReason(size, hc.cfg.CI.MaxFileSize, fc.Truncated))
			continue
		}
		if fc.Binary && len(fc.Added) == 0 && fc.Hash != "" {
			if err := hc.addUnshown(fc, parents); err != nil {
				return err
			}
			continue
		}
		if len(fc.Added) == 0 && fc.Status != 'A' && fc.Status != 'R' && fc.Status != 'C' {
			continue
		}
		if fc.Binary {
			done, err := hc.addUTF16(fc)
			if err != nil {
				return err
			}
			if done {
				continue
			}
		}
		hc.batch.AddFile(fc.Path)
		for _, l := range fc.Added {
			hc.batch.AddLine(l.Number, l.Text)
		}
	}
	return nil
}

// addUTF16 adds the lines a change adds to a UTF-16 file, decoded, to
// hc.batch; done is false when the file is not recognisably UTF-16. Such
// content is then also decoded in both byte orders: UTF-16 without a byte
// order mark whose text is not ASCII shows no pattern of NUL bytes to be
// recognised by, and the change under review chooses what its files hold.
func (hc *historyCheck) addUTF16(fc gitutil.FileChange) (done bool, err error) {
	hashes := []string{fc.Hash}
	if fc.OldHash != "" && fc.Status != 'A' {
		hashes = append(hashes, fc.OldHash)
	}
	blobs, err := hc.repo.ReadBlobs(hashes)
	if err != nil {
		return false, err
	}
	cur := blobs[fc.Hash]
	old, hasOld := blobs[fc.OldHash]
	hasOld = hasOld && fc.Status != 'A'
	if big, ok := utf16Order(cur); ok {
		var was []byte
		if hasOld {
			was = old
			if ob, ok := utf16Order(old); ok {
				was = decodeUTF16(old, ob)
			}
		}
		hc.addDecoded(fc.Path, was, decodeUTF16(cur, big))
		return true, nil
	}
	for _, big := range []bool{false, true} {
		var was []byte
		if hasOld {
			was = decodeUTF16(old, big)
		}
		hc.addDecoded(fc.Path, was, decodeUTF16(cur, big))
	}
	return false, nil
}

// addDecoded adds the lines of text that old does not have to hc.batch.
func (hc *historyCheck) addDecoded(path string, old, text []byte) {
	if hc.batch.Size() >= batchBytes {
		hc.scanBatch()
	}
	hc.batch.Grow(len(text))
	hc.batch.AddFile(path)
	for _, l := range judge.AddedLines(old, text) {
		hc.batch.AddLine(l.Number, l.Text)
	}
}

// overRange applies the rules that compare the range's end with its start:
// Decisions append-only for REMNANT files and MemoryCustodian decisions,
// and stale memory for the areas the range touches. Its findings name
// head.
func (hc *historyCheck) overRange(all []gitutil.Change, base, head string) ([]validate.Finding, error) {
	if !hc.opt.runs(validate.Memory) || len(all) == 0 {
		return nil, nil
	}
	var out []validate.Finding
	if base != "" {
		found, err := hc.appendOnly(all, base, head)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	if len(hc.cfg.Custodian.Areas) > 0 {
		stale, err := staleAreas(hc.repo, hc.cfg, changedPaths(all))
		if err != nil {
			return nil, err
		}
		out = append(out, stale...)
	}
	return out, nil
}

// appendOnly compares the Decisions of the memory files the range touches
// at base and at head.
func (hc *historyCheck) appendOnly(all []gitutil.Change, base, head string) ([]validate.Finding, error) {
	var out []validate.Finding
	against := "the merge base " + shortHash(base)
	for _, p := range changedPaths(all) {
		if remnant.KindOf(path.Base(p)) != remnant.KindRemnant || hc.seen["decisions\x00"+p] {
			continue
		}
		hc.seen["decisions\x00"+p] = true
		old, ok1, err := hc.repo.FileAt(base, p)
		if err != nil {
			return nil, err
		}
		cur, ok2, err := hc.repo.FileAt(head, p)
		if err != nil {
			return nil, err
		}
		if !ok1 || !ok2 {
			continue
		}
		was, is := remnant.ParseRemnant(old), remnant.ParseRemnant(cur)
		out = append(out, withCommit(compareDecisions(p, entryHashes(was.Decisions), is.Decisions, is.DecisionsLine, against), head)...)
	}
	if touches(all, hc.cfg.Custodian.Dir) {
		before, after, err := revisionTrees(hc.repo, hc.cfg.Custodian.Dir, base, head)
		if err != nil {
			return nil, err
		}
		if !hc.cfg.JudgesMemory(before, after) {
			return out, nil
		}
		out = append(out, withCommit(custodian.AppendOnly(before, after, hc.cfg.CustodianOptions()), head)...)
	}
	return out, nil
}

func withCommit(fs []validate.Finding, commit string) []validate.Finding {
	for i := range fs {
		fs[i].Commit = commit
	}
	return fs
}

// logStream is a git log started before the commits are judged, so that
// git prints the history while the range is resolved and the rules are
// prepared.
type logStream struct{ p historyLog }

// historyLog is how a history is read: gitutil's LogProcess (every patch
// from git log -p) or BlobLog (blobs first, patches only of the commits
// whose blobs could hold a secret). Both hand over the same commits.
type historyLog interface {
	SetSectionLimit(limit int64)
	Each(fn func(gitutil.CommitChanges) error) error
	HasParent(hash string) (has, known bool)
	Stop()
}

// readerEnv chooses how history is read: "log" or "blobs"; anything else
// is the default. It exists so that both readers can be compared on the
// same repository (the differential tests, the benchmarks).
const readerEnv = "REMNANT_GUARD_HISTORY_READER"

func startLog(repo *gitutil.Repo, revs ...string) *logStream {
	if blobFirst(os.Getenv(readerEnv)) {
		return &logStream{repo.StartBlobLog(revs...)}
	}
	return &logStream{repo.StartLog(revs...)}
}

// blobFirst tells whether history is read blob first.
func blobFirst(choice string) bool { return choice == "blobs" }

// stop ends the log early; it is safe to call more than once.
func (l *logStream) stop() { l.p.Stop() }
