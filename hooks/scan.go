package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

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
	fc := &fileCheck{cfg: cfg, opt: opt, uses: repo != nil && usesRemnant(root)}
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
		if err := writeIgnore(rep, filepath.Join(root, IgnoreName), cfg); err != nil {
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

// many checks files in chunks: each chunk is read, its memory files
// validated, and the chunk scanned for secrets in parallel. A chunk holds
// at most chunk files and about chunkBytes of content.
func (fc *fileCheck) many(rep *Report, targets []target) error {
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
			rep.Skipped = append(rep.Skipped, validate.Skipped{Path: t.display, Reason: unreadableReason(err)})
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

// scanHistory checks every commit reachable from HEAD, as ci checks a
// range, with the configuration of the working tree: each finding names
// the commit that introduced it.
func scanHistory(opt Options) (*Report, error) {
	repo, cfg, err := mustOpenRepo(opt)
	if err != nil {
		return nil, err
	}
	defer repo.Close()
	if _, born, err := repo.Head(); err != nil || !born {
		return &Report{}, err
	}
	hc, err := newHistoryCheck(repo, cfg, opt, workingFiles(repo.TopLevel), "HEAD")
	if err != nil {
		return nil, err
	}
	log := startLog(repo, "HEAD")
	defer log.stop()
	if err := hc.run(log, "", "HEAD"); err != nil {
		return nil, err
	}
	rep := hc.report()
	if opt.WriteIgnore {
		if err := writeIgnore(rep, filepath.Join(repo.TopLevel, IgnoreName), hc.cfg); err != nil {
			return nil, err
		}
	}
	return rep, nil
}
