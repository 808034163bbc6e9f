package hooks

import (
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/validate/custodian"
)

// Route explains what a task loads from the MemoryCustodian memory
// directory of the repository around opt.Dir (or dir, when given).
func Route(opt Options, dir string, req custodian.RouteRequest) (*custodian.RouteResult, error) {
	if dir == "" {
		root, cfg, err := rootAndConfig(opt)
		if err != nil {
			return nil, err
		}
		if req.Project == nil {
			req.Project = newBoundedFS(root)
		}
		dir = filepath.Join(root, filepath.FromSlash(cfg.Custodian.Dir))
		if req.Budgets == nil {
			req.Budgets = cfg.Custodian.Budgets
		}
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, &custodian.ManifestError{Message: dir + ": no memory directory here", Err: custodian.ErrNoManifest}
	}
	return custodian.Route(newBoundedFS(dir), req)
}

// rootAndConfig finds the repository root (the directory itself outside a
// repository) and loads the config there.
func rootAndConfig(opt Options) (string, *Config, error) {
	dir, err := absDir(opt.Dir)
	if err != nil {
		return "", nil, err
	}
	root := dir
	repo, err := openRepo(dir)
	if err != nil {
		return "", nil, err
	}
	if repo != nil {
		root = repo.TopLevel
		repo.Close()
	}
	cfg, err := loadConfig(opt, root)
	return root, cfg, err
}
