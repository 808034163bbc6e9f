package hooks

import (
	"bytes"
	"path/filepath"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
)

// A repository uses Remnant when the config says so (remnant.uses), or it
// has a REMNANT.template.md at its root, an AGENTS.md there that names
// REMNANT.md, a .gitignore that ignores it, or a root REMNANT.md with
// Remnant's marks. There a committed REMNANT.md is remnant-staged whatever
// it holds; elsewhere only one with Remnant's marks is (a file that only
// shares the name is someone else's).

// usesRemnant tells whether the repository at root uses Remnant, judged
// from the working tree.
func usesRemnant(root string, cfg *config.Config) bool {
	read := func(name string) ([]byte, bool) {
		data, err := safefile.Root{Dir: root}.ReadPrefix(filepath.Join(root, name), 1<<20)
		return data, err == nil
	}
	return cfg.Remnant.Uses || remnantSigns(read)
}

// usesRemnantAt is usesRemnant for a commit's tree.
func usesRemnantAt(repo *gitutil.Repo, cfg *config.Config, rev string) (bool, error) {
	if cfg.Remnant.Uses {
		return true, nil
	}
	var firstErr error
	read := func(name string) ([]byte, bool) {
		data, ok, err := repo.FileAt(rev, name)
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return data, ok && err == nil
	}
	uses := remnantSigns(read)
	return uses, firstErr
}

// remnantSigns looks for the files that show Remnant is in use.
func remnantSigns(read func(name string) ([]byte, bool)) bool {
	if _, ok := read("REMNANT.template.md"); ok {
		return true
	}
	if a, ok := read("AGENTS.md"); ok && bytes.Contains(a, []byte("REMNANT.md")) {
		return true
	}
	if gi, ok := read(".gitignore"); ok && bytes.Contains(gi, []byte("REMNANT.md")) {
		return true
	}
	r, ok := read("REMNANT.md")
	return ok && remnant.HasRemnantMarks(r)
}

// stagesRemnant tells whether committing a REMNANT.md with content src is
// remnant-staged: in a repository that uses Remnant always, elsewhere when
// the file has Remnant's marks.
func stagesRemnant(uses bool, src []byte) bool { return uses || remnant.HasRemnantMarks(src) }
