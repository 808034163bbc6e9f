package hooks

import (
	"path"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

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
	// marked, when not nil (ci over a range), records the files whose
	// added lines may hold an allow comment, with the commits that added
	// one, oldest first: what such a comment hides is reported as accepted in the
	// range (markedInRange), never dropped unseen.
	marked map[string][]string
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
