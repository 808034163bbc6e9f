package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// Scan scans the working tree for secrets, for adopting remnant-guard on
// an existing repository: every file git tracks or would add when paths is
// empty, else exactly the files and directories given. Memory files are
// validated too, unless --only says otherwise.
func Scan(opt Options, paths []string) (*report.Report, error) {
	if opt.AllRefs && !opt.History {
		return nil, errors.New("scan --all goes with --history")
	}
	if opt.History {
		if len(paths) > 0 {
			return nil, errors.New("scan --history takes no paths: it checks every commit reachable from HEAD (or, with --all, from any ref)")
		}
		return scanHistory(opt)
	}
	dir, err := absDir(opt.Dir)
	if err != nil {
		return nil, err
	}
	repo, err := openRepo(dir)
	if err != nil {
		return nil, err
	}
	root := dir
	if repo != nil {
		defer repo.Close()
		root = repo.TopLevel
	}
	cfg, err := loadConfig(opt, root)
	if err != nil {
		return nil, err
	}
	files, err := scanTargets(repo, dir, paths)
	if err != nil {
		return nil, err
	}
	fc := &fileCheck{cfg: cfg, opt: opt, uses: repo != nil && usesRemnant(root, cfg)}
	if repo != nil {
		fc.top = root
	}
	j := judge.New(cfg, opt.Masker)
	if opt.runs(validate.Secrets) {
		if fc.engine, err = j.NewEngine(judge.WorkingFiles(root)); err != nil {
			return nil, err
		}
	}
	rep := &report.Report{BlockSkipped: cfg.Hook.BlockSkipped, BlockLocal: true}
	if err := fc.many(rep, files); err != nil {
		return nil, err
	}
	rep.Findings = j.Apply(rep.Findings)
	rep.Sort()
	if opt.WriteIgnore {
		if err := judge.WriteIgnore(rep, filepath.Join(root, config.IgnoreName), j); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// scanTargets lists the files to scan, as targets named from the top of
// the repository when inside it (shownPath), else relative to dir.
func scanTargets(repo *gitutil.Repo, dir string, paths []string) ([]target, error) {
	if len(paths) == 0 && repo != nil {
		if err := ignoreFilesReadable(repo); err != nil {
			return nil, err
		}
		rel, err := repo.WorkingFiles()
		if err != nil {
			return nil, err
		}
		out := make([]target, 0, len(rel))
		for _, p := range rel {
			abs := filepath.Join(repo.TopLevel, filepath.FromSlash(p))
			out = append(out, target{display: shownPath(dir, repo.TopLevel, abs), disk: abs})
		}
		return out, nil
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	top := ""
	if repo != nil {
		top = repo.TopLevel
	}
	var out []target
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(p) {
			abs = filepath.Join(dir, p)
		}
		err := filepath.WalkDir(abs, func(f string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == ".git" {
				return filepath.SkipDir
			}
			if !d.IsDir() {
				out = append(out, target{display: shownPath(dir, top, f), disk: f})
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, errors.Unwrap(err))
		}
	}
	return out, nil
}

// runHistory runs hc over every commit reachable from rev (HEAD, or --all
// for every ref), telling progress (commits done, total) when asked to.
func runHistory(repo *gitutil.Repo, hc *historyCheck, rev string, progress func(done, total int)) error {
	defer historyGC()()
	if progress != nil {
		total, err := repo.CountCommits(rev)
		if err != nil {
			return err
		}
		hc.progress = func(done int) { progress(done, total) }
	}
	log := startLog(repo, rev)
	defer log.stop()
	return hc.run(log, "", "HEAD")
}

// many checks files in chunks: each chunk is read, its memory files
// validated, and the chunk scanned for secrets in parallel. A chunk holds
// at most chunk files and about chunkBytes of content.
func (fc *fileCheck) many(rep *report.Report, targets []target) error {
	limit := max(fc.cfg.Limits.MaxFileSize, fc.cfg.Secrets.MaxFileSize)
	var files []secrets.File
	held := 0
	flush := func() {
		if len(files) > 0 {
			found, skipped := fc.engine.ScanAll(files)
			rep.Findings = append(rep.Findings, found...)
			rep.Skipped = append(rep.Skipped, skipped...)
		}
		files, held = nil, 0
	}
	for _, t := range targets {
		src, err := readStored(t.disk, limit)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			rep.Skipped = append(rep.Skipped, validate.Skipped{Path: t.display, Reason: safefile.UnreadableReason(err)})
			continue
		}
		rep.Checked++
		if fc.opt.runs(validate.Memory) && remnant.KindOf(filepath.Base(t.disk)) != remnant.KindUnknown {
			lim := fc.cfg.ValidateLimits()
			mem, f := storedMemory(fc.top, t.disk, t.display, src, lim.MaxFileSize+1)
			if f != nil {
				rep.Findings = append(rep.Findings, *f)
			} else if mem != nil {
				mem = mem[:min(int64(len(mem)), lim.MaxFileSize+1)]
				rep.Findings = append(rep.Findings, memoryFindings(t, fc.top, mem, lim, fc.opt.now(), fc.uses)...)
			}
		}
		if fc.engine == nil || fc.cfg.ScanExcluded(t.display) {
			continue
		}
		if why := fc.cfg.SkipReason(src); why != "" {
			rep.Skipped = append(rep.Skipped, validate.Skipped{Path: t.display, Reason: why})
			continue
		}
		if held > 0 && held+len(src) > chunkBytes {
			flush()
		}
		files = append(files, secrets.File{Path: t.display, Data: src})
		if held += len(src); len(files) >= chunk || held >= chunkBytes {
			flush()
		}
	}
	flush()
	return nil
}

// scanHistory checks every commit reachable from HEAD (from every ref
// with AllRefs) for secrets, as ci checks a range, with the configuration
// of the working tree (of HEAD in a bare repository): each finding names
// the commit that introduced it. The memory rules judge the memory files as
// HEAD has them (headMemory), not each commit's.
func scanHistory(opt Options) (*report.Report, error) {
	repo, cfg, files, err := openHistory(opt)
	if err != nil {
		return nil, err
	}
	defer repo.Close()
	revs := []string{"HEAD"}
	if opt.AllRefs {
		revs = []string{"--all"}
	} else if _, ok, err := repo.ResolveCommit("HEAD"); err != nil || !ok {
		return &report.Report{}, err
	}
	sopt := opt
	sopt.Only = validate.Secrets
	hc, err := newHistoryCheck(repo, cfg, sopt, files, "HEAD")
	if err != nil {
		return nil, err
	}
	if opt.runs(validate.Secrets) {
		if err := runHistory(repo, hc, revs[0], opt.Progress); err != nil {
			return nil, err
		}
	}
	memFiles := 0
	if opt.runs(validate.Memory) {
		found, n, err := headMemory(repo, cfg, opt, hc.uses)
		if err != nil {
			return nil, err
		}
		hc.rep.Findings = append(hc.rep.Findings, found...)
		hc.rep.Checked += n
		memFiles = n
	}
	rep := hc.report()
	rep.Notes = append(rep.Notes, historyNote(hc.commits, memFiles, opt))
	if opt.WriteIgnore {
		if repo.Bare {
			return nil, errors.New("scan --write-ignore needs a working tree to write " + config.IgnoreName + " into")
		}
		if err := judge.WriteIgnore(rep, filepath.Join(repo.TopLevel, config.IgnoreName), hc.j); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// headMemory applies the memory rules to the memory files as HEAD has
// them, for scan --history: an old commit's memory format cannot be fixed,
// only today's can. A REMNANT.md that HEAD tracks is remnant-staged.
func headMemory(repo *gitutil.Repo, cfg *config.Config, opt Options, uses bool) ([]validate.Finding, int, error) {
	entries, err := repo.ListTree("HEAD", "")
	if err != nil {
		return nil, 0, err
	}
	dir := strings.Trim(cfg.Custodian.Dir, "/") + "/"
	var changes []gitutil.Change
	for _, e := range entries {
		if remnant.KindOf(path.Base(e.Path)) != remnant.KindUnknown || strings.HasPrefix(e.Path, dir) {
			changes = append(changes, gitutil.Change{Status: 'A', Path: e.Path, Mode: e.Mode, Hash: e.Hash})
		}
	}
	mopt := opt
	mopt.Only = validate.Memory
	cc := &changeCheck{cfg: cfg, opt: mopt, uses: uses, now: opt.now()}
	sub := &report.Report{}
	if err := cc.run(changes, &commitSource{repo: repo, commit: "HEAD"}, sub); err != nil {
		return nil, 0, err
	}
	for i, f := range sub.Findings {
		if f.RuleID == "remnant-staged" {
			sub.Findings[i] = trackedRemnant(f.Path)
		}
	}
	return sub.Findings, len(changes), nil
}

// historyNote says what scan --history judged.
func historyNote(commits, memoryFiles int, opt Options) string {
	mem := fmt.Sprintf("the %s as HEAD has them", plural(memoryFiles, "memory file", "memory files"))
	if memoryFiles == 0 {
		mem = "the memory files as HEAD has them (it has none)"
	}
	switch {
	case !opt.runs(validate.Secrets):
		return "memory rules applied to " + mem
	case !opt.runs(validate.Memory):
		return fmt.Sprintf("secret rules applied to every commit (%s)", plural(commits, "commit", "commits"))
	}
	return fmt.Sprintf("secret rules applied to every commit (%s), memory rules to %s",
		plural(commits, "commit", "commits"), mem)
}
