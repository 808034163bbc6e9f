package gitutil

import (
	"sort"
	"strings"
)

// InIndex tells, for each path (relative to TopLevel, slash-separated),
// whether the commit being made has a file or a directory there. It needs no
// extra read of the index: the index is HEAD's tree plus changes, which must
// be the result of StagedChanges. A directory exists when a staged change
// adds something below it, or when HEAD has it and not every file below it is
// deleted or renamed away. "" and "." name the top, which always exists.
func (r *Repo) InIndex(paths []string, changes []Change) (map[string]bool, error) {
	v := newIndexView(changes)
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string]bool, len(paths))
	for _, p := range paths {
		ok, err := r.inIndex(v, p)
		if err != nil {
			return nil, err
		}
		out[p] = ok
	}
	return out, nil
}

// Tracked reports whether path is a file (not a directory) in the commit
// being made, given the result of StagedChanges.
func (r *Repo) Tracked(path string, changes []Change) (bool, error) {
	v := newIndexView(changes)
	path = cleanPath(path)
	if v.added[path] {
		return true, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	e, ok, err := r.headEntry(path)
	if err != nil || !ok || e.isTree() || path == "" {
		return false, err
	}
	return !v.removed[path], nil
}

// indexView is the staged side of the changes: paths that now exist and
// paths that no longer do.
type indexView struct {
	added   map[string]bool
	removed map[string]bool
}

func newIndexView(changes []Change) indexView {
	v := indexView{added: map[string]bool{}, removed: map[string]bool{}}
	for _, c := range changes {
		switch c.Status {
		case 'D':
			v.removed[c.Path] = true
		case 'R':
			v.removed[c.OldPath] = true
			v.added[c.Path] = true
		default:
			v.added[c.Path] = true
		}
	}
	for p := range v.added {
		delete(v.removed, p)
	}
	return v
}

// anyBelow reports whether set has a path inside directory dir.
func anyBelow(set map[string]bool, dir string) bool {
	for p := range set {
		if strings.HasPrefix(p, dir+"/") {
			return true
		}
	}
	return false
}

func (r *Repo) inIndex(v indexView, path string) (bool, error) {
	path = cleanPath(path)
	if path == "" || v.added[path] || anyBelow(v.added, path) {
		return true, nil
	}
	if r.sorted != nil {
		var has bool
		if !catchFault(func() { has = r.sorted.has(path) }) {
			return has, nil
		}
		r.sorted.close() // the file changed under the mapping
		r.sorted = nil
	}
	e, ok, err := r.headEntry(path)
	if err != nil || !ok {
		return false, err
	}
	if !e.isTree() {
		return !v.removed[path], nil
	}
	if !anyBelow(v.removed, path) {
		return true, nil
	}
	survivor := false
	_, err = r.walkTree(e.hash, path, func(p string) bool {
		survivor = !v.removed[p]
		return !survivor
	})
	return survivor, err
}

func cleanPath(p string) string {
	p = strings.Trim(p, "/")
	if p == "." {
		return ""
	}
	return strings.TrimPrefix(p, "./")
}

// has tells whether the index holds path as a file, or a file below path,
// that the commit will have (intent-to-add entries are not committed): a
// binary search over the entries' offsets, versions 2 and 3 only.
func (ix *indexFile) has(path string) bool {
	it := ix.iter()
	at := func(i int) (string, bool) {
		it.seek(i)
		if !it.next() {
			return "", false
		}
		return string(it.cur.path), it.cur.ita
	}
	i := sort.Search(ix.count, func(i int) bool { p, _ := at(i); return p >= path })
	if p, ita := at(i); p == path {
		return !ita
	}
	dir := path + "/"
	for i := sort.Search(ix.count, func(i int) bool { p, _ := at(i); return p >= dir }); i < ix.count; i++ {
		p, ita := at(i)
		if !strings.HasPrefix(p, dir) {
			return false
		}
		if !ita {
			return true
		}
	}
	return false
}
