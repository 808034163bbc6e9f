package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
)

// notMemoryError is returned by Focus for a directory whose manifest.md
// is no Memory Manifest (another memory system's), unless the config
// names it as custodian.dir.
type notMemoryError struct{ Dir string }

func (e *notMemoryError) Error() string {
	return e.Dir + ": not MemoryCustodian memory (manifest.md is no Memory Manifest); set custodian.dir in the config to check it anyway"
}

// FocusReport is a focused check's result and the memory directory it
// judged, as the user named it.
type FocusReport struct {
	Dir string `json:"dir"`
	*custodian.FocusResult
}

// Focus runs one focused MemoryCustodian check (custodian.FocusChecks) on
// the memory directory dir, or, when dir is "", custodian.dir of the
// config at the repository root. Evidence paths are resolved from the root
// of the repository holding the memory directory, and Evidence revisions
// are compared with its HEAD; outside a repository the project is the
// folder holding docs/ (or opt.Dir) and revisions are not compared.
func Focus(opt Options, dir, check string) (*FocusReport, error) {
	wd, err := absDir(opt.Dir)
	if err != nil {
		return nil, err
	}
	root, cfg, err := rootAndConfig(opt)
	if err != nil {
		return nil, err
	}
	opt.Masker.LearnConfigRules(cfg, root)
	memDir := filepath.Join(root, filepath.FromSlash(cfg.Custodian.Dir))
	if dir != "" {
		memDir = dir
		if !filepath.IsAbs(dir) {
			memDir = filepath.Join(wd, dir)
		}
	}
	display := displayPath(wd, memDir)
	if dir != "" {
		display = filepath.ToSlash(filepath.Clean(dir))
	}
	fsys, err := memoryFS(memDir, display, cfg)
	if err != nil {
		return nil, err
	}
	req := custodian.FocusRequest{Check: check}
	if req.Project, req.Head, err = project(memDir, wd, check == custodian.FocusFreshness); err != nil {
		return nil, err
	}
	res, err := custodian.Focus(fsys, req)
	if err != nil {
		return nil, focusError(err, display, opt.Masker)
	}
	for i := range res.Findings {
		// messages quote Evidence items and manifest lines
		res.Findings[i].Message = opt.Masker.Redact(res.Findings[i].Message)
		res.Findings[i].Path = opt.Masker.Mask(res.Findings[i].Path)
	}
	return &FocusReport{Dir: opt.Masker.Mask(display), FocusResult: res}, nil
}

// memoryFS returns the memory directory to judge, nil when it does not
// exist; a manifest that is no Memory Manifest, now or at HEAD (unless the
// config names the directory), or no regular file is an error.
func memoryFS(memDir, display string, cfg *config.Config) (fs.FS, error) {
	switch fi, err := os.Stat(memDir); {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, err
	case !fi.IsDir():
		return nil, fmt.Errorf("%s: not a directory (give the MemoryCustodian memory directory)", display)
	}
	fsys := safefile.NewBoundedFS(memDir)
	switch mi, err := fs.Stat(fsys, "manifest.md"); {
	case err == nil && !mi.Mode().IsRegular() && !mi.IsDir():
		return nil, fmt.Errorf("%s/manifest.md: not a regular file (%s)", display, safefile.Kind(mi.Mode()))
	case err == nil && !cfg.JudgesMemory(fsys) && !memoryAtHead(memDir):
		return nil, &notMemoryError{Dir: display}
	}
	return fsys, nil
}

// memoryAtHead reports a memory directory whose manifest.md is a Memory
// Manifest as HEAD has it, as the plain check does: a manifest broken in
// the working tree (its title fenced away, say) is still judged, and its
// contract errors are reported.
func memoryAtHead(memDir string) bool {
	repo, err := openRepo(memDir)
	if err != nil || repo == nil {
		return false
	}
	defer repo.Close()
	before, err := headTree(target{disk: memDir}, repo)
	return err == nil && custodian.IsMemory(before)
}

// project returns the project Evidence paths are resolved in: the
// repository holding memDir (wd when memDir does not exist), and its HEAD
// when withHead; outside a repository the folder holding docs/ when
// memDir is docs/<name>, else wd, and no HEAD.
func project(memDir, wd string, withHead bool) (fs.FS, string, error) {
	at := memDir
	if fi, err := os.Stat(memDir); err != nil || !fi.IsDir() {
		at = wd
	}
	repo, err := openRepo(at)
	if err != nil {
		return nil, "", err
	}
	if repo == nil {
		root := wd
		if parent := filepath.Dir(memDir); filepath.Base(parent) == "docs" {
			root = filepath.Dir(parent)
		}
		return safefile.NewBoundedFS(root), "", nil
	}
	defer repo.Close()
	p := safefile.NewBoundedFS(repo.TopLevel)
	if !withHead {
		return p, "", nil
	}
	head, born, err := repo.HeadHash()
	if err != nil || !born {
		return p, "", gitutil.Explain(err)
	}
	return p, head, nil
}

// focusError names the file a focused check refused by its path from the
// current directory, secrets masked.
func focusError(err error, display string, m *judge.Masker) error {
	var le *custodian.LinkError
	var ue *custodian.UnreadError
	switch {
	case errors.As(err, &le):
		named := *le
		named.Name = display + "/" + le.Name
		err = &named
	case errors.As(err, &ue):
		named := *ue
		named.Name = display + "/" + ue.Name
		err = &named
	default:
		return err
	}
	return errors.New(m.Mask(err.Error()))
}
