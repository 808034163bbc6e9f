package hooks

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// PreCommit checks what is being committed: the index git commits from
// (GIT_INDEX_FILE), compared with HEAD. Findings about the content being
// committed block; findings about the local working tree are shown.
// When files is not empty, only staged changes to those paths are checked.
func PreCommit(opt Options, files []string) (*report.Report, error) {
	defer quietGC()()
	if base, head, ok := frameworkRange(os.Getenv); ok {
		// pre-commit run --from-ref A --to-ref B: check that range, as ci.
		rep, _, err := CI(CIOptions{Options: opt, Base: base, Head: head})
		return rep, err
	}
	repo, err := gitutil.OpenStaged(opt.Dir)
	if err != nil {
		return nil, gitutil.Explain(err)
	}
	defer repo.Close()
	cfg, err := repoConfig(opt, repo)
	if err != nil {
		return nil, err
	}
	rep := &report.Report{BlockSkipped: cfg.Hook.BlockSkipped, BlockLocal: cfg.Hook.BlockLocal}
	j := judge.New(cfg, opt.Masker)
	// The local rules wait on git processes of their own: run them while
	// the staged changes are read.
	local := &report.Report{}
	localDone := make(chan error, 1)
	go func() {
		if !opt.runs(validate.Memory) {
			localDone <- nil
			return
		}
		rels := localRemnants(repo.TopLevel, cfg)
		localDone <- localFindings(local, repo, cfg, rels, func(rel string) string { return rel }, repo.StagedChanges, false, true, nil)
	}()
	// So is the secret scanner built, and the object reader started.
	type built struct {
		engine *secrets.Engine
		err    error
	}
	engine := make(chan built, 1)
	go func() {
		if !opt.runs(validate.Secrets) {
			engine <- built{}
			return
		}
		e, err := j.NewEngine(judge.WorkingFiles(repo.TopLevel))
		if err == nil {
			err = repo.Start()
		}
		engine <- built{e, err}
	}()
	changes, err := repo.StagedChanges()
	b := <-engine
	if err == nil {
		err = b.err
	}
	if err != nil {
		<-localDone
		return nil, err
	}
	// Files named that the commit does not change (pre-commit run
	// --all-files or --files, which name files outside any commit) are
	// checked as they are in the working tree.
	changes, unstaged := limitTo(changes, files, repo.Prefix)
	if len(unstaged) > 0 {
		tree, err := checkFiles(repo, j, opt, unstaged)
		if err != nil {
			<-localDone
			return nil, err
		}
		rep.Findings, rep.Skipped, rep.Checked = tree.Findings, tree.Skipped, tree.Checked
		if len(changes) == 0 {
			<-localDone
			rep.Sort()
			return rep, nil
		}
	}
	rep.Checked += len(changes)
	s := &staged{repo: repo, cfg: cfg, opt: opt, rep: rep, changes: changes, engine: b.engine}
	err = s.run()
	if lerr := <-localDone; err == nil {
		err = lerr
	}
	if err != nil {
		return nil, err
	}
	rep.Findings = append(rep.Findings, local.Findings...)
	rep.Findings = j.Apply(rep.Findings)
	rep.Findings = s.allow(rep.Findings)
	if err := ignoredAlready(repo, rep.Findings); err != nil {
		return nil, err
	}
	rep.Sort()
	if opt.WriteIgnore {
		if err := judge.WriteIgnore(rep, filepath.Join(repo.TopLevel, config.IgnoreName), j); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// frameworkRange reads the range the pre-commit framework hands its hooks
// under `pre-commit run --from-ref A --to-ref B` (PRE_COMMIT_FROM_REF and
// PRE_COMMIT_TO_REF; PRE_COMMIT_SOURCE and PRE_COMMIT_ORIGIN before 2.0).
func frameworkRange(getenv func(string) string) (base, head string, ok bool) {
	base, head = getenv("PRE_COMMIT_FROM_REF"), getenv("PRE_COMMIT_TO_REF")
	if base == "" || head == "" {
		base, head = getenv("PRE_COMMIT_SOURCE"), getenv("PRE_COMMIT_ORIGIN")
	}
	return base, head, base != "" && head != ""
}

// limitTo keeps the changes to the given files (relative to prefix, the
// directory the command runs in), and returns the files the changes do not
// touch. Without files, every change is kept.
func limitTo(changes []gitutil.Change, files []string, prefix string) (kept []gitutil.Change, rest []string) {
	if len(files) == 0 {
		return changes, nil
	}
	staged := make(map[string]bool, len(changes))
	for _, c := range changes {
		staged[c.Path] = true
	}
	want := make(map[string]bool, len(files))
	for _, f := range files {
		p := path.Clean(path.Join(prefix, filepath.ToSlash(f)))
		want[p] = true
		if !staged[p] {
			rest = append(rest, f)
		}
	}
	for _, c := range changes {
		if want[c.Path] {
			kept = append(kept, c)
		}
	}
	return kept, rest
}

// staged holds one pre-commit run's view of the staged changes.
type staged struct {
	repo    *gitutil.Repo
	cfg     *config.Config
	opt     Options
	rep     *report.Report
	changes []gitutil.Change
	engine  *secrets.Engine // nil when the secret family does not run
}

func (s *staged) run() error {
	cc := &changeCheck{cfg: s.cfg, opt: s.opt, now: s.opt.now(), uses: usesRemnantStaged(s.repo, s.cfg, s.changes), engine: s.engine}
	if err := cc.run(s.changes, newStagedSource(s.repo, s.changes), s.rep); err != nil {
		return err
	}
	if err := s.gitlinkNames(); err != nil {
		return err
	}
	if !s.opt.runs(validate.Memory) || len(s.cfg.Custodian.Areas) == 0 {
		return nil
	}
	stale, err := staleAreas(s.repo, s.cfg, changedPaths(s.changes))
	s.rep.Findings = append(s.rep.Findings, stale...)
	return err
}

// usesRemnantStaged tells whether the repository uses Remnant, judged from
// the working tree and the staged changes.
func usesRemnantStaged(repo *gitutil.Repo, cfg *config.Config, changes []gitutil.Change) bool {
	for _, c := range changes {
		if remnant.KindOf(path.Base(c.Path)) == remnant.KindTemplate {
			return true
		}
	}
	return usesRemnant(repo.TopLevel, cfg)
}

// allow drops findings of rules that REMNANT_GUARD_ALLOW lets through for
// this run, and says so.
func (s *staged) allow(fs []validate.Finding) []validate.Finding {
	out := fs[:0]
	for _, f := range fs {
		if !f.Local && f.Severity == validate.Error && allowed(os.Getenv, f.RuleID) {
			s.rep.Notes = append(s.rep.Notes, fmt.Sprintf("%s:%d: %s let through by %s", f.Path, f.Line, f.RuleID, allowEnv))
			continue
		}
		out = append(out, f)
	}
	return out
}

// localFindings applies the git-aware rules to the untracked REMNANT.md
// files of the working tree; read holds what the run already read of a
// file (nil: nothing), which is not read again.
func localFindings(rep *report.Report, repo *gitutil.Repo, cfg *config.Config, rels []string, display func(rel string) string,
	changes func() ([]gitutil.Change, error), accept, staleOnce bool, read map[string][]byte) error {
	for _, rel := range rels {
		abs := filepath.Join(repo.TopLevel, filepath.FromSlash(rel))
		src, err := readLocal(repo.TopLevel, abs, cfg.Limits.MaxFileSize, read)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				continue
			}
			if f, ok := unreadFinding(err, display(rel)); ok {
				if !reported(rep, f) { // check has named it already
					f.Local = true
					rep.Findings = append(rep.Findings, f)
				}
				continue
			}
			return err
		}
		if !cfg.Remnant.Uses && !remnant.HasRemnantMarks(src) {
			continue // someone else's REMNANT.md: check reports remnant-unrecognized
		}
		l := &localRemnant{repo: repo, rel: rel, display: display(rel), src: src, changes: changes, accept: accept, staleOnce: staleOnce}
		fs, err := l.findings()
		if err != nil {
			return err
		}
		rep.Findings = append(rep.Findings, fs...)
	}
	return nil
}

// reported tells whether rep already holds a finding of f's rule on f's
// file.
func reported(rep *report.Report, f validate.Finding) bool {
	return slices.ContainsFunc(rep.Findings, func(g validate.Finding) bool {
		return g.RuleID == f.RuleID && g.Path == f.Path
	})
}

// localRemnants lists the REMNANT.md files the config knows of, relative to
// the top level: the root one and those the paths add.
func localRemnants(top string, cfg *config.Config) []string {
	out := []string{"REMNANT.md"}
	for _, pat := range cfg.Paths {
		matches, _ := globPaths(top, pat)
		for _, m := range matches {
			rel, err := filepath.Rel(top, m)
			if err == nil && remnant.KindOf(filepath.Base(m)) == remnant.KindRemnant && rel != "REMNANT.md" {
				out = append(out, filepath.ToSlash(rel))
			}
		}
	}
	return out
}

// readLocal is what readMemory(top, abs, limit) returns, taken from read
// when the run read the file already (with a limit at least as large).
func readLocal(top, abs string, limit int64, read map[string][]byte) ([]byte, error) {
	if src, ok := read[abs]; ok {
		return src[:min(int64(len(src)), limit+1)], nil
	}
	return readMemory(top, abs, limit)
}

// gitlinkNames scans the paths of the submodule entries the commit adds:
// they hold no blob, so no change lists them, but their names are
// committed like a file's.
func (s *staged) gitlinkNames() error {
	if s.engine == nil {
		return nil
	}
	links, err := s.repo.StagedGitlinks()
	if err != nil {
		return err
	}
	masked := map[string]string{}
	for _, p := range links {
		if s.cfg.ScanExcluded(p) {
			continue
		}
		found, m := nameFindings(s.engine.ScanLines("", nameLine(p)), p)
		if m != "" {
			masked[p] = m
		}
		s.rep.Findings = append(s.rep.Findings, found...)
	}
	maskPaths(s.rep, masked)
	return nil
}
