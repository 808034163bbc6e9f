package gitutil

import (
	"bytes"
	"encoding/hex"
	"strconv"
	"strings"
)

// entry is one line of a tree object.
type entry struct {
	name string
	mode uint32
	hash string
}

// tree is a parsed tree object, entries in git's order.
type tree []entry

func (e entry) isTree() bool { return e.mode == 040000 }

// parseTree decodes a binary tree object: "<octal mode> <name>\0<raw hash>"
// repeated, with hashes of hashLen bytes.
func parseTree(data []byte, hashLen int) (tree, error) {
	var t tree
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		nul := bytes.IndexByte(data, 0)
		if sp < 0 || nul < sp || nul+1+hashLen > len(data) {
			return nil, &parseError{what: "tree object"}
		}
		mode, err := strconv.ParseUint(string(data[:sp]), 8, 32)
		if err != nil {
			return nil, &parseError{what: "tree entry mode"}
		}
		t = append(t, entry{name: string(data[sp+1 : nul]), mode: uint32(mode),
			hash: hex.EncodeToString(data[nul+1 : nul+1+hashLen])})
		data = data[nul+1+hashLen:]
	}
	return t, nil
}

func (t tree) find(name string) (entry, bool) {
	for _, e := range t {
		if e.name == name {
			return e, true
		}
	}
	return entry{}, false
}

func (r *Repo) hashLen() int {
	if r.ObjectFormat == "sha256" {
		return 32
	}
	return 20
}

// readTree returns the tree with the given hash, from the cache or the batch
// process. The caller holds r.mu.
func (r *Repo) readTree(hash string) (tree, error) {
	if t, ok := r.trees[hash]; ok {
		return t, nil
	}
	objs, err := r.objects([]string{hash})
	if err != nil {
		return nil, err
	}
	if objs[0].kind != "tree" {
		return nil, &ObjectError{Name: hash, Want: "tree", Got: objs[0].kind}
	}
	t, err := parseTree(objs[0].data, r.hashLen())
	if err != nil {
		return nil, err
	}
	if r.trees == nil {
		r.trees = make(map[string]tree)
	}
	r.trees[hash] = t
	return t, nil
}

// headEntry finds path in HEAD's tree. ok is false when the path is absent or
// HEAD is unborn. The root ("") is returned as a tree entry. The caller holds
// r.mu.
func (r *Repo) headEntry(path string) (e entry, ok bool, err error) {
	h, err := r.headLocked()
	if err != nil || !h.born {
		return entry{}, false, err
	}
	e = entry{mode: 040000, hash: h.tree}
	path = strings.Trim(path, "/")
	if path == "" {
		return e, true, nil
	}
	for _, name := range strings.Split(path, "/") {
		if !e.isTree() {
			return entry{}, false, nil
		}
		t, err := r.readTree(e.hash)
		if err != nil {
			return entry{}, false, err
		}
		if e, ok = t.find(name); !ok {
			return entry{}, false, nil
		}
	}
	return e, true, nil
}

// HeadFile returns the content of path (relative to TopLevel,
// slash-separated) in the HEAD commit. ok is false when HEAD is unborn or has
// no file there; a directory or submodule at path is not a file either.
func (r *Repo) HeadFile(path string) (data []byte, ok bool, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	e, ok, err := r.headEntry(path)
	if err != nil || !ok || e.isTree() || e.mode == modeGitlink || strings.Trim(path, "/") == "" {
		return nil, false, err
	}
	objs, err := r.objects([]string{e.hash})
	if err != nil {
		return nil, false, err
	}
	if objs[0].kind != "blob" {
		return nil, false, &ObjectError{Name: e.hash, Want: "blob", Got: objs[0].kind}
	}
	return objs[0].data, true, nil
}

// headFiles calls fn for every non-tree entry below the HEAD tree dir
// (recursively) until fn returns false. The caller holds r.mu.
func (r *Repo) walkTree(hash, dir string, fn func(path string) bool) (bool, error) {
	t, err := r.readTree(hash)
	if err != nil {
		return false, err
	}
	for _, e := range t {
		p := dir + "/" + e.name
		if e.isTree() {
			more, err := r.walkTree(e.hash, p, fn)
			if err != nil || !more {
				return more, err
			}
			continue
		}
		if !fn(p) {
			return false, nil
		}
	}
	return true, nil
}
