package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/validate/custodian"
)

// NotMemoryError is returned by Focus for a directory whose manifest.md
// is no Memory Manifest (another memory system's), unless the config
// names it as custodian.dir.
type NotMemoryError struct{ Dir string }

func (e *NotMemoryError) Error() string {
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
// config at the repository root. Evidence paths are resolved from the
// repository root (outside a repository, from opt.Dir), and Evidence
// revisions are compared with HEAD.
func Focus(opt Options, dir, check string) (*FocusReport, error) {
	wd, err := absDir(opt.Dir)
	if err != nil {
		return nil, err
	}
	repo, err := openRepo(wd)
	if err != nil {
		return nil, err
	}
	root := wd
	if repo != nil {
		defer repo.Close()
		root = repo.TopLevel
	}
	cfg, err := loadConfig(opt, root)
	if err != nil {
		return nil, err
	}
	memDir, display := filepath.Join(root, filepath.FromSlash(cfg.Custodian.Dir)), displayPath(wd, filepath.Join(root, filepath.FromSlash(cfg.Custodian.Dir)))
	if dir != "" {
		memDir, display = dir, filepath.ToSlash(filepath.Clean(dir))
		if !filepath.IsAbs(dir) {
			memDir = filepath.Join(wd, dir)
		}
	}
	var fsys fs.FS
	switch fi, err := os.Stat(memDir); {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	case !fi.IsDir():
		return nil, fmt.Errorf("%s: not a directory (give the MemoryCustodian memory directory)", display)
	default:
		fsys = newBoundedFS(memDir)
		switch mi, err := fs.Stat(fsys, "manifest.md"); {
		case err == nil && !mi.Mode().IsRegular() && !mi.IsDir():
			return nil, fmt.Errorf("%s/manifest.md: not a regular file (%s)", display, fileKind(mi.Mode()))
		case err == nil && !cfg.judgesMemory(fsys):
			return nil, &NotMemoryError{Dir: display}
		}
	}
	req := custodian.FocusRequest{Check: check, Project: projectFS{boundedFS{dir: root, fsys: os.DirFS(root)}}}
	if check == custodian.FocusFreshness && repo != nil {
		head, born, err := repo.HeadHash()
		if err != nil {
			return nil, gitError(err)
		}
		if born {
			req.Head = head
		}
	}
	res, err := custodian.Focus(fsys, req)
	if err != nil {
		return nil, err
	}
	for i := range res.Findings {
		// messages quote Evidence items and manifest lines
		res.Findings[i].Message = RedactText(cfg.redactor, res.Findings[i].Message)
		res.Findings[i].Path = MaskSecrets(cfg.redactor, res.Findings[i].Path)
	}
	return &FocusReport{Dir: MaskSecrets(cfg.redactor, display), FocusResult: res}, nil
}

// projectFS is the repository as Evidence paths name it: a boundedFS that
// also reads symbolic links, so that a path leaving the repository
// through one is told apart.
type projectFS struct{ boundedFS }

func (p projectFS) ReadLink(name string) (string, error) {
	q, err := p.path("readlink", name)
	if err != nil {
		return "", err
	}
	return os.Readlink(q)
}

func (p projectFS) Lstat(name string) (fs.FileInfo, error) {
	q, err := p.path("lstat", name)
	if err != nil {
		return nil, err
	}
	return os.Lstat(q)
}
