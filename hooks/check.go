package hooks

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// Check validates memory files in the working tree: the root files of the
// repository around opt.Dir when paths is empty, exactly paths otherwise.
func Check(opt Options, paths []string) (*report.Report, error) {
	c, err := check(opt, paths)
	if err != nil {
		return nil, err
	}
	return c.rep, nil
}

// checked is what check judged with besides its report: the repository
// root it took the config from ("" outside one), the config, and what it
// read of each file (by its path on disk).
type checked struct {
	rep  *report.Report
	root string
	cfg  *config.Config
	read map[string][]byte
}

func check(opt Options, paths []string) (*checked, error) {
	dir, err := absDir(opt.Dir)
	if err != nil {
		return nil, err
	}
	// Without paths, the root files and the git-aware rules need the
	// repository; with paths, only the config is looked up at the root, and
	// git is asked only for a memory directory's history.
	var repo *gitutil.Repo
	root := ""
	if len(paths) == 0 || anyNeedsGit(dir, paths) {
		if repo, err = openRepo(dir); err != nil {
			return nil, err
		}
		if repo != nil {
			defer repo.Close()
			root = repo.TopLevel
		}
	} else {
		root = findRoot(dir)
	}
	cfg, err := loadConfig(opt, root)
	if err != nil {
		return nil, err
	}
	var targets []target
	if len(paths) == 0 {
		if root == "" {
			return nil, errors.New("not inside a git repository: give the memory files to check as arguments")
		}
		targets, err = rootTargets(dir, root, cfg)
	} else {
		targets, err = pathTargets(dir, root, paths, memoryDirOf(root, cfg))
	}
	if err != nil {
		return nil, err
	}
	// check judges the working tree: local findings count like any other.
	rep := &report.Report{BlockSkipped: cfg.Hook.BlockSkipped, BlockLocal: true}
	fc := &fileCheck{cfg: cfg, opt: opt, uses: root != "" && usesRemnant(root, cfg), read: map[string][]byte{}, top: root}
	j := judge.New(cfg, opt.Masker)
	if opt.runs(validate.Secrets) {
		base := root
		if base == "" {
			base = dir
		}
		if fc.engine, err = j.NewEngine(judge.WorkingFiles(base)); err != nil {
			return nil, err
		}
	}
	for _, t := range targets {
		if t.memoryDir {
			if err := fc.memoryDir(rep, t, repo); err != nil {
				return nil, err
			}
			continue
		}
		if err := fc.file(rep, t); err != nil {
			return nil, err
		}
	}
	if repo != nil && opt.runs(validate.Memory) {
		if err := checkLocal(rep, repo, cfg, opt, dir, targets, len(paths) == 0, fc.read); err != nil {
			return nil, err
		}
	}
	rep.Findings = j.Apply(rep.Findings)
	rep.Sort()
	return &checked{rep: rep, root: root, cfg: cfg, read: fc.read}, nil
}

// anyNeedsGit tells whether one of the paths is a directory (a memory
// directory has history) or a REMNANT.md (the local rules apply to it).
func anyNeedsGit(dir string, paths []string) bool {
	for _, p := range paths {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		fi, err := os.Stat(p)
		if err == nil && (fi.IsDir() || remnant.KindOf(filepath.Base(p)) == remnant.KindRemnant) {
			return true
		}
	}
	return false
}

// rootTargets lists the root memory files that exist and the config's
// extra paths.
func rootTargets(dir, root string, cfg *config.Config) ([]target, error) {
	var out []target
	seen := map[string]bool{}
	add := func(abs string) {
		if seen[abs] {
			return
		}
		// Whatever stands under the name is checked: a directory, a FIFO
		// or a link loop is reported as such rather than passed over.
		if _, err := os.Lstat(abs); err != nil {
			return
		}
		seen[abs] = true
		out = append(out, target{display: shownPath(dir, root, abs), disk: abs})
	}
	for _, name := range rootFiles {
		add(filepath.Join(root, name))
	}
	memDir := filepath.Join(root, filepath.FromSlash(cfg.Custodian.Dir))
	if fi, err := os.Stat(memDir); err == nil && fi.IsDir() {
		out = append(out, target{display: shownPath(dir, root, memDir), disk: memDir, memoryDir: true})
	}
	for _, pat := range cfg.Paths {
		matches, err := globPaths(root, pat)
		if err != nil {
			return nil, fmt.Errorf("%s: paths: %w", cfg.Source, err)
		}
		sort.Strings(matches)
		for _, m := range matches {
			if remnant.KindOf(filepath.Base(m)) == remnant.KindUnknown {
				return nil, &unknownKindError{Path: shownPath(dir, root, m)}
			}
			add(m)
		}
	}
	return out, nil
}

// memoryDirOf returns the configured memory directory on disk, or "".
func memoryDirOf(root string, cfg *config.Config) string {
	if root == "" {
		return ""
	}
	return filepath.Join(root, filepath.FromSlash(cfg.Custodian.Dir))
}

// pathTargets resolves command-line paths: a file is checked by the kind
// its name tells; a directory with a manifest.md, or the configured memory
// directory memDir, is a memory directory; another directory stands for
// the memory files in it.
func pathTargets(dir, root string, paths []string, memDir string) ([]target, error) {
	var out []target
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(p) {
			abs = filepath.Join(dir, p)
		}
		// Named from root when inside it (shownPath), else as typed.
		show := func(abs, typed string) string {
			if rel, ok := relInside(root, abs); ok {
				return rel
			}
			return filepath.ToSlash(typed)
		}
		fi, err := os.Stat(abs)
		named := remnant.KindOf(filepath.Base(abs)) != remnant.KindUnknown
		if named && (errors.Is(err, syscall.ELOOP) || err == nil && fi.IsDir()) {
			// A link loop or a directory under a memory file's name is
			// reported as such, not walked.
			out = append(out, target{display: show(abs, p), disk: abs})
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, errors.Unwrap(err))
		}
		if !fi.IsDir() {
			if remnant.KindOf(filepath.Base(abs)) == remnant.KindUnknown {
				return nil, &unknownKindError{Path: p}
			}
			out = append(out, target{display: show(abs, p), disk: abs})
			continue
		}
		// A directory that is memory by its content is one too: its
		// manifest may be gone, and outside a repository there is no
		// configured directory to know it by.
		if _, err := os.Stat(filepath.Join(abs, "manifest.md")); err == nil || (memDir != "" && filepath.Clean(abs) == memDir) || custodian.IsMemory(os.DirFS(abs)) {
			out = append(out, target{display: show(abs, filepath.Clean(p)), disk: abs, memoryDir: true})
			continue
		}
		for _, name := range rootFiles {
			// Whatever stands under a memory file's name is checked: the
			// check names a directory or a link loop there.
			f := filepath.Join(abs, name)
			if _, err := os.Lstat(f); err == nil {
				out = append(out, target{display: show(f, filepath.Join(p, name)), disk: f})
			}
		}
	}
	return out, nil
}

// checkLocal applies the git-aware rules of the working tree: the local
// rules to each REMNANT.md checked, and, when the whole repository is
// checked, custodian-stale.
func checkLocal(rep *report.Report, repo *gitutil.Repo, cfg *config.Config, opt Options, dir string, targets []target, whole bool, read map[string][]byte) error {
	var rels []string
	for _, t := range targets {
		if t.memoryDir || remnant.KindOf(filepath.Base(t.disk)) != remnant.KindRemnant {
			continue
		}
		if rel, err := filepath.Rel(repo.TopLevel, t.disk); err == nil && !strings.HasPrefix(rel, "..") {
			rels = append(rels, filepath.ToSlash(rel))
		}
	}
	display := func(rel string) string {
		return shownPath(dir, repo.TopLevel, filepath.Join(repo.TopLevel, filepath.FromSlash(rel)))
	}
	if err := localFindings(rep, repo, cfg, rels, display, repo.StagedChanges, opt.AcceptDecisions, false, read); err != nil {
		return err
	}
	if !whole {
		return nil
	}
	stale, err := staleAreas(repo, cfg, nil)
	rep.Findings = append(rep.Findings, stale...)
	return err
}

// hooksNoteName is the record, in the clone's git directory (shared by its
// worktrees), that the note on missing hooks has been said.
const hooksNoteName = "remnant-guard/hooks-note"

// HooksNote is the line check says, once per clone, when the repository
// uses remnant-guard and this clone runs no pre-commit hook: in a fresh
// clone nothing checks a commit until someone installs the hooks. It says
// how to install them the way the repository does (the pre-commit
// framework, lefthook, husky, or remnant-guard install). It is "" when
// there is nothing to say, outside a repository, or when it was said
// before in this clone; saying it is recorded under the git directory (a
// record that cannot be written lets it be said again).
func HooksNote(dir string) string {
	repo, err := gitutil.Open(dir)
	if err != nil || repo.Bare || repo.HooksDir == "" {
		return ""
	}
	defer repo.Close()
	how := installedBy(repo.TopLevel)
	if how == "" || hookPresent(filepath.Join(repo.HooksDir, "pre-commit")) {
		return ""
	}
	root := safefile.Root{Dir: repo.CommonDir}
	record := filepath.Join(repo.CommonDir, hooksNoteName)
	if _, err := root.Stat(record); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	if root.MkdirAll(filepath.Dir(record), 0o755) == nil {
		root.Replace(record, []byte("# remnant-guard: the note that this clone has no pre-commit hook was said\n"), 0o600)
	}
	return "commits in this clone are not checked: no pre-commit hook is installed; run '" + how +
		"' (this note is said once per clone)"
}

// installedBy tells how the repository at top has its hooks installed
// when it uses remnant-guard: the command that installs them, or "" when
// nothing says the repository uses remnant-guard.
func installedBy(top string) string {
	root := safefile.Root{Dir: top}
	names := func(path string) bool {
		data, err := root.ReadFile(filepath.Join(top, path), safefile.MaxSideFileSize)
		return err == nil && bytes.Contains(data, []byte("remnant-guard"))
	}
	exists := func(path string) bool {
		_, err := root.Stat(filepath.Join(top, path))
		return err == nil
	}
	switch {
	case names(".pre-commit-config.yaml") || names(".pre-commit-config.yml"):
		return "pre-commit install"
	case names("lefthook.yml") || names("lefthook.yaml") || names(".lefthook.yml") || names(".lefthook.yaml"):
		return "lefthook install"
	case names(filepath.Join(".husky", "pre-commit")):
		return "npm install"
	case exists(config.Name) || exists("REMNANT.template.md") || exists(filepath.Join("docs", "memory")):
		return "remnant-guard install"
	}
	return ""
}

// hookPresent tells whether git would run the hook at path: a file that,
// outside Windows, is executable.
func hookPresent(path string) bool {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	return runtime.GOOS == "windows" || fi.Mode()&0o111 != 0
}
