package hooks

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// openRepo opens the repository around dir; outside a repository it
// returns a nil Repo and no error, for commands that also work on plain
// directories. The caller closes a non-nil Repo. Neither it nor
// mustOpenRepo fills Repo.HooksDir: hook install opens its own.
func openRepo(dir string) (*gitutil.Repo, error) {
	repo, err := gitutil.OpenFast(dir)
	switch {
	case errors.Is(err, gitutil.ErrNotRepository):
		return nil, nil
	case err != nil:
		return nil, gitutil.Explain(err)
	}
	return repo, nil
}

// mustOpenRepo opens the repository around dir and loads its config, for
// commands that need a repository.
func mustOpenRepo(opt Options) (*gitutil.Repo, *config.Config, error) {
	repo, err := gitutil.OpenFast(opt.Dir)
	if err != nil {
		return nil, nil, gitutil.Explain(err)
	}
	cfg, err := repoConfig(opt, repo)
	if err != nil {
		repo.Close()
		return nil, nil, err
	}
	return repo, cfg, nil
}

// ShallowError is returned when a shallow clone lacks a commit the check
// needs; its message says what to fetch.
type ShallowError = gitutil.ShallowError

// openHistory opens the repository for a history check (pre-push, scan
// --history), bare or not: the configuration, ignore file and gitleaks
// config come from the working tree, or from HEAD in a bare repository.
func openHistory(opt Options) (*gitutil.Repo, *config.Config, judge.ConfigFiles, error) {
	repo, err := gitutil.OpenHistory(opt.Dir)
	if err != nil {
		return nil, nil, nil, gitutil.Explain(err)
	}
	if !repo.Bare {
		cfg, err := repoConfig(opt, repo)
		if err != nil {
			repo.Close()
			return nil, nil, nil, err
		}
		return repo, cfg, judge.WorkingFiles(repo.TopLevel), nil
	}
	if _, ok, err := repo.ResolveCommit("HEAD"); err != nil || !ok {
		if err != nil {
			repo.Close()
			return nil, nil, nil, err
		}
		cfg := config.Default()
		if opt.ConfigPath != "" {
			if cfg, err = config.Load(opt.ConfigPath, true, allRules()); err != nil {
				repo.Close()
				return nil, nil, nil, err
			}
		}
		return repo, cfg, func(string) ([]byte, error) { return nil, nil }, nil
	}
	cfg, err := revisionConfig(opt, repo, "HEAD")
	if err != nil {
		repo.Close()
		return nil, nil, nil, err
	}
	return repo, cfg, revisionFiles(repo, "HEAD"), nil
}

// ignoreFilesReadable checks the files git reads for its ignore rules
// before running a git command that reads them (status, ls-files
// --others): git blocks on a FIFO there and reads a device without end,
// so one that is not a regular file is an error naming it.
func ignoreFilesReadable(repo *gitutil.Repo) error {
	for _, p := range []string{filepath.Join(repo.TopLevel, ".gitignore"), repo.GitPath("info/exclude")} {
		if _, err := os.Lstat(p); err != nil {
			continue
		}
		if _, err := safefile.StatRegular(p); errors.As(err, new(*safefile.NotRegularError)) {
			return fmt.Errorf("%w: git blocks reading it; replace it with a regular file", err)
		}
	}
	return nil
}

// revisionConfig reads .remnant-guard.toml from the commit rev, unless an
// explicit config is given.
func revisionConfig(opt Options, repo *gitutil.Repo, rev string) (*config.Config, error) {
	if opt.ConfigPath != "" {
		return config.Load(opt.ConfigPath, true, allRules())
	}
	data, ok, err := repo.FileAt(rev, config.Name)
	if err != nil || !ok {
		return config.Default(), err
	}
	return config.Parse(shortHash(rev)+":"+config.Name, data, allRules())
}

func shortHash(h string) string { return h[:min(len(h), 12)] }

func repoConfig(opt Options, repo *gitutil.Repo) (*config.Config, error) {
	if opt.ConfigPath != "" {
		return config.Load(opt.ConfigPath, true, allRules())
	}
	return config.Load(filepath.Join(repo.TopLevel, config.Name), false, allRules())
}
