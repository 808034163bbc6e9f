package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// fileCheck judges files as they are in the working tree.
type fileCheck struct {
	cfg    *config.Config
	opt    Options
	engine *secrets.Engine // nil when the secret family does not run
	uses   bool            // the repository uses Remnant
	top    string          // the working tree memory files are read in; "" outside a repository
	// read keeps, when not nil, what file read of each file (by its path
	// on disk), so that later rules of the same run do not read it again.
	read map[string][]byte
}

func (fc *fileCheck) file(rep *report.Report, t target) error {
	limit := max(fc.cfg.Limits.MaxFileSize, fc.cfg.Secrets.MaxFileSize)
	src, err := readMemory(fc.top, t.disk, limit)
	if err != nil {
		if f, ok := unreadFinding(err, t.display); ok {
			rep.Findings = append(rep.Findings, f)
			return nil
		}
		if errors.Is(err, fs.ErrPermission) {
			rep.Skipped = append(rep.Skipped, validate.Skipped{Path: t.display, Reason: "unreadable: permission denied"})
			return nil
		}
		return fmt.Errorf("%s: %w", t.display, err)
	}
	rep.Checked++
	if fc.read != nil {
		fc.read[t.disk] = src
	}
	if fc.opt.runs(validate.Memory) {
		lim := fc.cfg.ValidateLimits()
		mem := src[:min(int64(len(src)), lim.MaxFileSize+1)]
		rep.Findings = append(rep.Findings, memoryFindings(t, fc.top, mem, lim, fc.opt.now(), fc.uses)...)
	}
	if fc.engine != nil && !fc.cfg.ScanExcluded(filepath.ToSlash(t.display)) {
		if why := fc.cfg.SkipReason(src); why != "" {
			rep.Skipped = append(rep.Skipped, validate.Skipped{Path: t.display, Reason: why})
			return nil
		}
		found, skipped := fc.engine.ScanFile(t.display, src)
		rep.Findings = append(rep.Findings, found...)
		if skipped != nil {
			rep.Skipped = append(rep.Skipped, *skipped)
		}
	}
	return nil
}

func memoryFindings(t target, top string, src []byte, lim remnant.Limits, now time.Time, usesRemnant bool) []validate.Finding {
	kind := remnant.KindOf(filepath.Base(t.disk))
	if kind != remnant.KindUnknown && lim.MaxFileSize > 0 && int64(len(src)) > lim.MaxFileSize {
		// src is the bounded read's prefix: report the file's own size.
		size := int64(len(src))
		if fi, err := os.Stat(t.disk); err == nil && fi.Size() > size {
			size = fi.Size()
		}
		return []validate.Finding{tooLargeMemory(t.display, size, lim.MaxFileSize)}
	}
	switch kind {
	case remnant.KindRemnant:
		return remnant.CheckRemnant(t.display, src, lim, now)
	case remnant.KindTemplate:
		return remnant.CheckTemplate(t.display, src, lim)
	case remnant.KindAgents:
		return remnant.CheckAgents(t.display, src, lim)
	case remnant.KindPointer:
		if !usesRemnant {
			return remnant.CheckAgents(t.display, src, lim)
		}
		agents, err := readMemory(top, filepath.Join(filepath.Dir(t.disk), "AGENTS.md"), lim.MaxFileSize)
		if err != nil || int64(len(agents)) > lim.MaxFileSize {
			agents = nil // AGENTS.md gets its own findings
		}
		return remnant.CheckPointer(t.display, src, agents, lim)
	}
	return nil
}

// memoryDir checks a MemoryCustodian memory directory in the working tree,
// its decisions against HEAD when it is in a repository, and scans its
// files for secrets. A directory that is not MemoryCustodian memory, now
// or at HEAD, and that the config does not name, gets one note.
func (fc *fileCheck) memoryDir(rep *report.Report, t target, repo *gitutil.Repo) error {
	after := safefile.NewBoundedFS(t.disk)
	if root := (safefile.Root{Dir: fc.top}); fc.top != "" && root.Contains(t.disk) {
		if _, err := root.Stat(t.disk); errors.Is(err, safefile.ErrOutside) {
			rep.Findings = append(rep.Findings, linksOutFinding(t.display))
			return nil
		}
		after = safefile.NewConfinedFS(t.disk, root)
	}
	rep.Checked++
	opt := fc.cfg.CustodianOptions()
	opt.Dir = t.display
	if fc.opt.runs(validate.Memory) {
		before, err := headTree(t, repo)
		if err != nil {
			return err
		}
		if !fc.cfg.JudgesMemory(after, before) {
			rep.Notes = append(rep.Notes, notMemoryNote(t.display))
			return nil
		}
		agents := map[string][]byte{}
		for _, name := range []string{"AGENTS.md", "CLAUDE.md", "GEMINI.md"} {
			if data, err := readMemory(fc.top, filepath.Join(t.disk, "..", "..", name), fc.cfg.Limits.MaxFileSize); err == nil && int64(len(data)) <= fc.cfg.Limits.MaxFileSize {
				agents[name] = data
			}
		}
		rep.Findings = append(rep.Findings, custodian.CheckChange(before, after, opt, agents)...)
	}
	if fc.engine == nil {
		return nil
	}
	defer dropTwiceReported(rep)
	return fs.WalkDir(after, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if !d.Type().IsRegular() {
			// A FIFO, a socket, a device or a link to one (or a loop) is
			// named; a link to a regular file is read like one.
			_, serr := fc.statMemory(filepath.Join(t.disk, filepath.FromSlash(p)))
			if f, ok := unreadFinding(serr, t.display+"/"+p); ok && !errors.Is(serr, fs.ErrNotExist) {
				rep.Findings = append(rep.Findings, f)
			}
			if serr != nil {
				return nil
			}
		}
		return fc.file(rep, target{display: t.display + "/" + p, disk: filepath.Join(t.disk, filepath.FromSlash(p))})
	})
}

// statMemory is safefile.StatRegular confined to the working tree: a link
// out of it is an *safefile.OutsideError.
func (fc *fileCheck) statMemory(path string) (fs.FileInfo, error) {
	root := safefile.Root{Dir: fc.top}
	if fc.top == "" || !root.Contains(path) {
		return safefile.StatRegular(path)
	}
	fi, err := root.StatKind(path)
	if err == nil && !fi.Mode().IsRegular() {
		err = &safefile.NotRegularError{Path: path, Kind: safefile.Kind(fi.Mode())}
	}
	return fi, err
}

// headTree returns the memory directory as HEAD has it, or nil outside a
// repository or when HEAD does not have it.
func headTree(t target, repo *gitutil.Repo) (fs.FS, error) {
	if repo == nil {
		return nil, nil
	}
	rel, err := filepath.Rel(repo.TopLevel, t.disk)
	if err != nil {
		return nil, nil
	}
	dir := filepath.ToSlash(rel)
	head, err := repo.ListTree("HEAD", dir)
	if err != nil || len(head) == 0 {
		return nil, err
	}
	before, _, err := treeFS(repo, dir, head, nil)
	return before, err
}

// dropTwiceReported removes the memory rules' custodian-unreadable finding
// for a file the secret scan already reports as not regular: one finding
// per file that is not read.
func dropTwiceReported(rep *report.Report) {
	notRegular := map[string]bool{}
	for _, f := range rep.Findings {
		if f.RuleID == config.NotRegularRule || f.RuleID == linksOutRule {
			notRegular[f.Path] = true
		}
	}
	if len(notRegular) == 0 {
		return
	}
	rep.Findings = slices.DeleteFunc(rep.Findings, func(f validate.Finding) bool {
		return f.RuleID == custodian.RuleUnreadable && notRegular[f.Path]
	})
}
