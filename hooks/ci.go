package hooks

import (
	"slices"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/validate"
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
	if !rng.WholeHistory() {
		hc.marked = map[string][]string{}
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
		marked, err := ra.markedInRange(hc.marked, rng, hc.rep.Findings, accepted, cfg)
		if err != nil {
			return nil, rng, err
		}
		accepted = append(accepted, marked...)
	}
	rep := hc.report()
	rep.Suppressed = hc.publishAccepted(accepted)
	for _, n := range unhonouredExclusions(opt.Options, repo, cfg, rng) {
		rep.Notes = append(rep.Notes, hc.j.Redact(n))
	}
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
