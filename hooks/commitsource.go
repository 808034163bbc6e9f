package hooks

import (
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
)

// commitSource is the content behind one commit's changes: the commit
// itself, compared with its first parent ("" for a root commit).
type commitSource struct {
	repo   *gitutil.Repo
	commit string
	parent string
}

func (s *commitSource) blobs(hashes []string) (map[string][]byte, error) {
	return s.repo.ReadBlobs(hashes)
}

func (s *commitSource) file(path string) ([]byte, bool, error) {
	return s.repo.FileAt(s.commit, path)
}

func (s *commitSource) memoryTrees(dir string) (fs.FS, fs.FS, error) {
	return revisionTrees(s.repo, dir, s.parent, s.commit)
}

// revisionTrees loads the memory directory as two commits have it; before
// is nil when the first commit is "" or has no memory directory.
func revisionTrees(repo *gitutil.Repo, dir, before, after string) (fs.FS, fs.FS, error) {
	var old []gitutil.TreeEntry
	if before != "" {
		var err error
		if old, err = repo.ListTree(before, dir); err != nil {
			return nil, nil, err
		}
	}
	cur, err := repo.ListTree(after, dir)
	if err != nil {
		return nil, nil, err
	}
	return treeFS(repo, dir, old, cur)
}

// revisionFiles reads the ignore file and a gitleaks config from a commit,
// so that the rules judging a range come from its base.
func revisionFiles(repo *gitutil.Repo, rev string) configFiles {
	return func(name string) ([]byte, error) {
		data, ok, err := repo.FileAt(rev, cleanRel(name))
		if !ok {
			return nil, err
		}
		return data, err
	}
}

// cleanRel turns a config-relative file name into a path in the tree.
func cleanRel(name string) string {
	return strings.TrimPrefix(path.Clean("/"+filepath.ToSlash(name)), "/")
}
