package hooks

import (
	"io/fs"
	"strings"
	"testing/fstest"

	"github.com/remnant-guard/remnant-guard/gitutil"
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
