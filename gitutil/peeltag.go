package gitutil

import (
	"bytes"
	"strings"
)

// maxTagSize bounds the tag objects peelStored reads; a larger one, like
// anything else it cannot tell, is left to git.
const maxTagSize = 64 << 10

// maxTagChain bounds the tags of tags peelStored follows.
const maxTagChain = 64

// peelStored follows the hash name through its tags in the object store,
// reading each tag (small, bounded by maxTagSize) but never what the last
// one names: a commit, tree or blob is told by its header. ok is false
// when the reader cannot tell (a name that is not a hash, an object stored
// as a reference delta or missing, a tag whose type line is not the type
// of what it names), and git is asked instead. The caller holds r.mu.
func (r *Repo) peelStored(name string) (kind, hash string, ok bool) {
	o := r.odbLocked()
	if o.off != nil || !isHash(name) {
		return "", "", false
	}
	o.guard(func() { kind, hash, ok = o.peel(name) })
	return kind, hash, ok && o.off == nil
}

// peel is peelStored's walk through the tags.
func (o *odbState) peel(name string) (kind, hash string, ok bool) {
	want := ""
	for range maxTagChain {
		kind, size := o.info(name)
		if kind == "" || want != "" && kind != want {
			return "", "", false
		}
		if kind != "tag" {
			return kind, name, true
		}
		if size < 0 || size > maxTagSize {
			return "", "", false
		}
		obj, found, err := o.read(name)
		if err != nil || !found || obj.kind != "tag" {
			return "", "", false
		}
		if name, want, ok = tagTarget(obj.data); !ok {
			return "", "", false
		}
	}
	return "", "", false
}

// tagTarget reads the "object <hash>" and "type <kind>" lines that start
// a tag object.
func tagTarget(data []byte) (hash, kind string, ok bool) {
	obj, rest, _ := bytes.Cut(data, []byte{'\n'})
	typ, _, _ := bytes.Cut(rest, []byte{'\n'})
	hash, ok1 := strings.CutPrefix(string(obj), "object ")
	kind, ok2 := strings.CutPrefix(string(typ), "type ")
	return hash, kind, ok1 && ok2 && isHash(hash)
}
