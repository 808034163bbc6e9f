package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// Scan scans the working tree for secrets, for adopting remnant-guard on
// an existing repository: every file git tracks or would add when paths is
// empty, else exactly the files and directories given. Memory files are
// validated too, unless --only says otherwise.
func Scan(opt Options, paths []string) (*Report, error) {
	if opt.History {
		if len(paths) > 0 {
			return nil, errors.New("scan --history takes no paths: it checks every commit reachable from HEAD")
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
	if opt.runs(validate.Secrets) {
		if fc.engine, err = newEngine(cfg, workingFiles(root)); err != nil {
			return nil, err
		}
	}
	rep := &Report{BlockSkipped: cfg.Hook.BlockSkipped, BlockLocal: true}
	if err := fc.many(rep, files); err != nil {
		return nil, err
	}
	rep.Findings = cfg.Apply(rep.Findings)
	rep.Sort()
	if opt.WriteIgnore {
		if err := writeIgnore(rep, filepath.Join(root, IgnoreName)); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// scanTargets lists the files to scan, as targets displayed relative to dir.
func scanTargets(repo *gitutil.Repo, dir string, paths []string) ([]target, error) {
	if len(paths) == 0 && repo != nil {
		rel, err := repo.WorkingFiles()
		if err != nil {
			return nil, err
		}
		out := make([]target, 0, len(rel))
		for _, p := range rel {
			abs := filepath.Join(repo.TopLevel, filepath.FromSlash(p))
			out = append(out, target{display: displayPath(dir, abs), disk: abs})
		}
		return out, nil
	}
	if len(paths) == 0 {
		paths = []string{"."}
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
				out = append(out, target{display: displayPath(dir, f), disk: f})
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, errors.Unwrap(err))
		}
	}
	return out, nil
}

// runHistory runs hc over every commit reachable from HEAD, telling
// progress (commits done, total) when asked to.
func runHistory(repo *gitutil.Repo, hc *historyCheck, progress func(done, total int)) error {
	if progress != nil {
		total, err := repo.CountCommits("HEAD")
		if err != nil {
			return err
		}
		hc.progress = func(done int) { progress(done, total) }
	}
	log := startLog(repo, "HEAD")
	defer log.stop()
	return hc.run(log, "", "HEAD")
}

// many checks files in chunks: each chunk is read, its memory files
// validated, and the chunk scanned for secrets in parallel.
func (fc *fileCheck) many(rep *Report, targets []target) error {
	limit := max(fc.cfg.Limits.MaxFileSize, fc.cfg.Secrets.MaxFileSize)
	for start := 0; start < len(targets); start += chunk {
		var files []secrets.File
		for _, t := range targets[start:min(start+chunk, len(targets))] {
			src, err := readStored(t.disk, limit)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				rep.Skipped = append(rep.Skipped, validate.Skipped{Path: t.display, Reason: "unreadable: " + unwrapPath(err).Error()})
				continue
			}
			rep.Checked++
			if fc.opt.runs(validate.Memory) && validate.KindOf(filepath.Base(t.disk)) != validate.KindUnknown {
				lim := fc.cfg.ValidateLimits()
				mem := src[:min(int64(len(src)), lim.MaxFileSize+1)]
				rep.Findings = append(rep.Findings, memoryFindings(t, mem, lim, fc.opt.now(), fc.uses)...)
			}
			if fc.engine == nil || fc.cfg.scanExcluded(t.display) {
				continue
			}
			if why := fc.cfg.skipReason(src); why != "" {
				rep.Skipped = append(rep.Skipped, validate.Skipped{Path: t.display, Reason: why})
				continue
			}
			files = append(files, secrets.File{Path: t.display, Data: src})
		}
		if len(files) > 0 {
			found, skipped := fc.engine.ScanAll(files)
			rep.Findings = append(rep.Findings, found...)
			rep.Skipped = append(rep.Skipped, skipped...)
		}
	}
	return nil
}

// writeIgnore appends the report's secret findings to the ignore file and
// takes them out of the report: they are the accepted baseline now.
func writeIgnore(rep *Report, name string) error {
	var b strings.Builder
	kept := rep.Findings[:0]
	n := 0
	for _, f := range rep.Findings {
		if f.Fingerprint == "" || !strings.HasPrefix(f.RuleID, "secret-") {
			kept = append(kept, f)
			continue
		}
		b.WriteString(secrets.FormatIgnoreLine(f) + "\n")
		n++
	}
	rep.Findings = kept
	if n == 0 {
		rep.Notes = append(rep.Notes, "no secret findings to add to "+IgnoreName)
		return nil
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return err
	}
	text := b.String()
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, fi.Size()-1); err == nil && last[0] != '\n' {
			text = "\n" + text
		}
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	rep.Notes = append(rep.Notes, fmt.Sprintf("added %d fingerprints to %s", n, IgnoreName))
	return nil
}

// scanHistory checks every commit reachable from HEAD for secrets, as ci
// checks a range, with the configuration of the working tree: each finding
// names the commit that introduced it. The memory rules judge the memory
// files as HEAD has them (headMemory), not each commit's.
func scanHistory(opt Options) (*Report, error) {
	repo, cfg, err := mustOpenRepo(opt)
	if err != nil {
		return nil, err
	}
	defer repo.Close()
	if _, born, err := repo.Head(); err != nil || !born {
		return &Report{}, err
	}
	sopt := opt
	sopt.Only = validate.Secrets
	hc, err := newHistoryCheck(repo, cfg, sopt, workingFiles(repo.TopLevel), "HEAD")
	if err != nil {
		return nil, err
	}
	if opt.runs(validate.Secrets) {
		if err := runHistory(repo, hc, opt.Progress); err != nil {
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
		if err := writeIgnore(rep, filepath.Join(repo.TopLevel, IgnoreName)); err != nil {
			return nil, err
		}
	}
	return rep, nil
}
