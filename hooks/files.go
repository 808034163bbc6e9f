package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/shquote"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// checkNamedFiles checks files as they are in the working tree, outside any
// commit: what `pre-commit run --all-files` (or --files) asks for, with
// nothing staged. Memory files are validated by the kind their name tells,
// every file is scanned whole for secrets, and a REMNANT.md that git tracks
// is reported as remnant-staged: it is in the repository. files are
// relative to opt.Dir; files that no longer exist are passed over.
func checkNamedFiles(opt Options, files []string) (*report.Report, error) {
	repo, cfg, err := mustOpenRepo(opt)
	if err != nil {
		return nil, err
	}
	defer repo.Close()
	return checkFiles(repo, judge.New(cfg, opt.Masker), opt, files)
}

// checkFiles is checkNamedFiles for an open repository, judged with j.
func checkFiles(repo *gitutil.Repo, j *judge.Judge, opt Options, files []string) (*report.Report, error) {
	cfg := j.Config()
	rep := &report.Report{BlockSkipped: cfg.Hook.BlockSkipped, BlockLocal: cfg.Hook.BlockLocal}
	w := &workingCheck{repo: repo, cfg: cfg, opt: opt, rep: rep, uses: usesRemnant(repo.TopLevel, cfg)}
	if opt.runs(validate.Secrets) {
		e, err := j.NewEngine(judge.WorkingFiles(repo.TopLevel))
		if err != nil {
			return nil, err
		}
		w.scan = e.ScanFile
	}
	seen := map[string]bool{}
	for _, f := range files {
		rel := path.Clean(path.Join(repo.Prefix, filepath.ToSlash(f)))
		if seen[rel] {
			continue
		}
		seen[rel] = true
		if err := w.file(rel); err != nil {
			return nil, err
		}
	}
	rep.Findings = j.Apply(rep.Findings)
	rep.Sort()
	return rep, nil
}

// workingCheck holds one checkNamedFiles run.
type workingCheck struct {
	repo *gitutil.Repo
	cfg  *config.Config
	opt  Options
	rep  *report.Report
	uses bool // the repository uses Remnant
	scan func(path string, src []byte) ([]validate.Finding, *validate.Skipped)
}

// file checks one file, rel being its slash path from the top level.
func (w *workingCheck) file(rel string) error {
	abs := filepath.Join(w.repo.TopLevel, filepath.FromSlash(rel))
	limit := max(w.cfg.Secrets.MaxFileSize, w.cfg.Limits.MaxFileSize)
	src, err := readStored(abs, limit)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		w.rep.Skipped = append(w.rep.Skipped, validate.Skipped{Path: rel, Reason: "no such file in the working tree"})
		return nil
	case errors.Is(err, fs.ErrPermission), errors.As(err, new(*safefile.NotRegularError)):
		w.rep.Skipped = append(w.rep.Skipped, validate.Skipped{Path: rel, Reason: safefile.UnreadableReason(err)})
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", rel, err)
	}
	w.rep.Checked++
	if w.opt.runs(validate.Memory) {
		if err := w.memory(rel, abs, src); err != nil {
			return err
		}
	}
	if w.scan != nil && !w.cfg.ScanExcluded(rel) {
		found, sk := w.scan(rel, src)
		w.rep.Findings = append(w.rep.Findings, found...)
		if sk != nil {
			w.rep.Skipped = append(w.rep.Skipped, *sk)
		}
	}
	return nil
}

// memory validates a memory file, and reports a REMNANT.md git tracks.
func (w *workingCheck) memory(rel, abs string, src []byte) error {
	kind := remnant.KindOf(path.Base(rel))
	if kind == remnant.KindUnknown {
		return nil
	}
	if kind == remnant.KindRemnant && stagesRemnant(w.uses, src) {
		tracked, err := w.repo.Tracked(rel, nil)
		if err != nil {
			return err
		}
		if tracked {
			w.rep.Findings = append(w.rep.Findings, trackedRemnant(rel))
		}
	}
	lim := w.cfg.ValidateLimits()
	src, f := storedMemory(w.repo.TopLevel, abs, rel, src, lim.MaxFileSize+1)
	if f != nil {
		w.rep.Findings = append(w.rep.Findings, *f)
		return nil
	}
	if int64(len(src)) > lim.MaxFileSize {
		src = src[:lim.MaxFileSize+1]
	}
	t := target{display: rel, disk: abs}
	w.rep.Findings = append(w.rep.Findings, memoryFindings(t, w.repo.TopLevel, src, lim, w.opt.now(), w.uses)...)
	return nil
}

// trackedRemnant is the finding for a REMNANT.md committed to the
// repository.
func trackedRemnant(rel string) validate.Finding {
	return validate.Finding{
		RuleID: "remnant-staged", Severity: validate.Error, Path: rel,
		Message: fmt.Sprintf("%s is tracked by git: REMNANT.md is local memory and is never committed", rel),
		Hint: fmt.Sprintf("stop tracking it:  git rm --cached -- %s\nignore it:         echo %s >> .gitignore",
			shquote.Quote(rel), shquote.Quote("/"+rel)),
	}
}
