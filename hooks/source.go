package hooks

import (
	"io/fs"
	"path"
	"path/filepath"
	"strings"
	"testing/fstest"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
)

// stagedSource is the content of the index being committed: HEAD with the
// staged changes applied.
type stagedSource struct {
	repo    *gitutil.Repo
	changes map[string]gitutil.Change // by path
}

func newStagedSource(repo *gitutil.Repo, changes []gitutil.Change) *stagedSource {
	m := make(map[string]gitutil.Change, len(changes))
	for _, c := range changes {
		m[c.Path] = c
		if c.Status == 'R' && c.OldPath != "" {
			m[c.OldPath] = gitutil.Change{Status: 'D', Path: c.OldPath}
		}
	}
	return &stagedSource{repo: repo, changes: m}
}

func (s *stagedSource) blobs(hashes []string) (map[string][]byte, error) {
	return s.repo.ReadBlobs(hashes)
}

func (s *stagedSource) file(path string) ([]byte, bool, error) {
	if c, ok := s.changes[path]; ok {
		if c.Hash == "" {
			return nil, false, nil
		}
		data, err := s.repo.ReadBlob(c.Hash)
		return data, err == nil, err
	}
	return s.repo.HeadFile(path)
}

func (s *stagedSource) memoryTrees(dir string) (fs.FS, fs.FS, error) {
	head, err := s.repo.ListTree("HEAD", dir)
	if err != nil {
		return nil, nil, err
	}
	after := make(map[string]gitutil.TreeEntry, len(head))
	for _, e := range head {
		after[e.Path] = e
	}
	prefix := dir + "/"
	for p, c := range s.changes {
		if !strings.HasPrefix(p, prefix) {
			continue
		}
		if c.Hash == "" {
			delete(after, p)
		} else {
			after[p] = gitutil.TreeEntry{Path: p, Mode: c.Mode, Hash: c.Hash}
		}
	}
	afterList := make([]gitutil.TreeEntry, 0, len(after))
	for _, e := range after {
		afterList = append(afterList, e)
	}
	return treeFS(s.repo, dir, head, afterList)
}

// treeFS loads two listings of the memory directory into memory: memory
// directories are small.
func treeFS(repo *gitutil.Repo, dir string, before, after []gitutil.TreeEntry) (fs.FS, fs.FS, error) {
	var hashes []string
	for _, list := range [][]gitutil.TreeEntry{before, after} {
		for _, e := range list {
			hashes = append(hashes, e.Hash)
		}
	}
	if err := boundedTree(repo, dir, before, after); err != nil {
		return nil, nil, err
	}
	blobs, err := repo.ReadBlobs(hashes)
	if err != nil {
		return nil, nil, err
	}
	build := func(list []gitutil.TreeEntry) fs.FS {
		m := fstest.MapFS{}
		for _, e := range list {
			f := &fstest.MapFile{Data: blobs[e.Hash], Mode: 0o644}
			if e.Mode == 0o120000 {
				f.Mode = fs.ModeSymlink | 0o777
			}
			m[strings.TrimPrefix(e.Path, dir+"/")] = f
		}
		return m
	}
	var b fs.FS
	if len(before) > 0 {
		b = build(before)
	}
	return b, build(after), nil
}

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
func revisionFiles(repo *gitutil.Repo, rev string) judge.ConfigFiles {
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
