package hooks

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
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
			req.Project = safefile.NewBoundedFS(root)
		}
		opt.Masker.LearnConfigRules(cfg, root)
		dir = filepath.Join(root, filepath.FromSlash(cfg.Custodian.Dir))
		if req.Budgets == nil {
			req.Budgets = cfg.Custodian.Budgets
		}
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, &custodian.ManifestError{Message: dir + ": no memory directory here", Err: custodian.ErrNoManifest}
	}
	res, err := custodian.Route(safefile.NewBoundedFS(dir), req)
	redactRouteError(opt.Masker, err)
	if res != nil {
		// conflict messages quote memory lines (a malformed heading, say)
		for i := range res.Conflicts {
			res.Conflicts[i].Message = opt.Masker.Redact(res.Conflicts[i].Message)
		}
	}
	return res, err
}

// rootAndConfig finds the repository root (the directory itself outside a
// repository) and loads the config there.
func rootAndConfig(opt Options) (string, *config.Config, error) {
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

// redactRouteError masks secrets in what a refused route quotes: manifest
// lines, module and task names.
func redactRouteError(m *judge.Masker, err error) {
	var me *custodian.ManifestError
	var ne *custodian.ModuleNameError
	var ue *custodian.UnknownTaskError
	switch {
	case errors.As(err, &me):
		me.Message = m.Redact(me.Message)
	case errors.As(err, &ne):
		ne.Name, ne.Reason = m.Redact(ne.Name), m.Redact(ne.Reason)
	case errors.As(err, &ue):
		ue.Task = m.Redact(ue.Task)
	}
}
