package gitutil

import (
	"bytes"
	"encoding/hex"
	"slices"
	"strings"
)

// stagedInProcess is StagedChanges without a git process, when possible:
// from the index OpenStaged opened, or from a fresh read of IndexFile when
// OpenStaged did not hand the work to diff-index. err is a damaged or
// unreadable index, which git must not be asked about.
func (r *Repo) stagedInProcess() (_ []Change, ok bool, err error) {
	if r.indexErr != nil {
		return nil, false, r.indexErr
	}
	ix := r.index
	r.index = nil
	if ix == nil {
		if r.early != nil {
			return nil, false, nil
		}
		if ix, err = readIndex(r.IndexFile, r.hashLen()); indexFault(err) {
			return nil, false, err
		} else if err != nil {
			return nil, false, nil
		}
	}
	var changes []Change
	if catchFault(func() { changes, ok = r.indexChanges(ix) }) {
		changes, ok = nil, false
	}
	if ok && ix.mapped && ix.version < 4 && len(ix.offsets) == ix.count {
		r.mu.Lock()
		r.sorted = ix // kept for InIndex: a path is a binary search away
		r.mu.Unlock()
	} else {
		ix.close()
	}
	return changes, ok, nil
}

// indexChanges computes StagedChanges in process: the index ix against
// HEAD's tree, with the same changes, fields and order as
// `git diff-index --cached --raw -M --ita-invisible-in-index` parsed by
// parseRaw. ok is false when only git can answer: a tree it cannot read, a
// cache tree that does not add up, or additions and deletions left over
// after exact renames, which git may pair by similarity.
//
// Directories whose cache tree (TREE extension) is valid and names the same
// tree as HEAD have no changes: their entries are skipped unread and their
// HEAD trees are never loaded.
func (r *Repo) indexChanges(ix *indexFile) (changes []Change, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	h, err := r.headLocked()
	if err != nil {
		return nil, false
	}
	d := &indexDiff{r: r, it: ix.iter()}
	d.advance()
	if !h.born {
		ok = d.diffDir("", nil, nil)
	} else if root, err := hex.DecodeString(h.tree); err == nil {
		ok = d.diffTree("", root, ix.tree)
	}
	if !ok || d.has || d.it.err != "" || ix.err != nil {
		return nil, false
	}
	changes, gitlinks, ok := exactRenames(d.out)
	if ok {
		r.stagedGitlinks = gitlinks
	}
	return changes, ok
}

// indexDiff walks the index entries and HEAD's trees side by side.
type indexDiff struct {
	r   *Repo
	it  *indexIter
	has bool // the iterator stands on an entry
	out []Change
}

func (d *indexDiff) advance() { d.has = d.it.next() }

// under reports whether the current entry lies below dir ("" or "a/b/").
func (d *indexDiff) under(dir string) bool {
	return d.has && isUnder(d.it.cur.path, dir)
}

func isUnder(path []byte, dir string) bool {
	return len(path) > len(dir) && string(path[:len(dir)]) == dir
}

// diffTree compares the entries below dir with the HEAD tree hash.
func (d *indexDiff) diffTree(dir string, hash []byte, ct *cacheTree) bool {
	if ct.valid() && bytes.Equal(ct.hash, hash) {
		return d.skip(dir, ct.count)
	}
	t, ok := d.readTree(hash)
	return ok && d.diffDir(dir, t, ct)
}

// readTree reads a HEAD tree object. The caller holds r.mu.
func (d *indexDiff) readTree(hash []byte) ([]byte, bool) {
	objs, err := d.r.objects([]string{hex.EncodeToString(hash)})
	if err != nil || objs[0].kind != "tree" {
		return nil, false
	}
	return objs[0].data, true
}

// skip passes over the entries below dir, which the cache tree says are
// HEAD's; there must be exactly count of them, the first being the current
// one. With entry offsets it jumps, checking the last entry and the one
// after.
func (d *indexDiff) skip(dir string, count int) bool {
	ix := d.it.ix
	if ix.offsets == nil || ix.hasITA || count == 0 {
		return d.skipEach(dir, count)
	}
	end := d.it.pos - 1 + count
	if !d.has || end > ix.count || !ix.entryUnder(end-1, dir) || end < ix.count && ix.entryUnder(end, dir) {
		return false
	}
	d.it.seek(end)
	d.advance()
	return true
}

// entryUnder reports whether entry pos (versions 2 and 3) lies below dir.
func (ix *indexFile) entryUnder(pos int, dir string) bool {
	it := ix.iter()
	it.seek(pos)
	return it.next() && (dir == "" || isUnder(it.cur.path, dir))
}

// skipEach is skip one entry at a time, refusing intents to add.
func (d *indexDiff) skipEach(dir string, count int) bool {
	n := 0
	for ; d.under(dir); n++ {
		if d.it.cur.ita {
			return false
		}
		d.advance()
	}
	return n == count
}

// diffDir merges the entries below dir with the raw HEAD tree t of dir,
// both in git's order (a directory sorts as its name plus "/").
func (d *indexDiff) diffDir(dir string, t []byte, ct *cacheTree) bool {
	hashLen := d.it.ix.hashLen
	he, rest, headOK := treeEntry(t, hashLen)
	if !headOK && len(t) > 0 {
		return false
	}
	for {
		inIndex := d.under(dir)
		if !inIndex && !headOK {
			return true
		}
		var name []byte
		var isDir bool
		c := 1 // HEAD's entry comes first
		if inIndex {
			name, isDir = indexKey(d.it.cur.path[len(dir):])
			c = -1
			if headOK {
				c = compareKey(name, isDir, he.name, he.mode == modeDir)
			}
		}
		ok := true
		switch {
		case c < 0:
			d.added(dir, name, isDir)
		case c > 0:
			ok = d.deleted(dir+string(he.name), he)
		case isDir:
			ok = d.diffTree(dir+string(he.name)+"/", he.hash, ct.sub(string(he.name)))
		default:
			d.modified(dir, he)
		}
		if !ok {
			return false
		}
		if c >= 0 {
			if he, rest, headOK = treeEntry(rest, hashLen); !headOK && len(rest) > 0 {
				return false
			}
		}
	}
}

// rawEntry is one entry of a tree object, pointing into its data.
type rawEntry struct {
	name []byte
	mode uint32
	hash []byte
}

// treeEntry decodes the first "<octal mode> <name>\0<raw hash>" of a tree
// object; ok is false at the end or on a malformed entry (then rest is not
// empty).
func treeEntry(data []byte, hashLen int) (e rawEntry, rest []byte, ok bool) {
	sp := bytes.IndexByte(data, ' ')
	if sp <= 0 || sp > 7 {
		return rawEntry{}, data, false
	}
	for _, c := range data[:sp] {
		if c < '0' || c > '7' {
			return rawEntry{}, data, false
		}
		e.mode = e.mode<<3 | uint32(c-'0')
	}
	nul := bytes.IndexByte(data[sp:], 0) + sp
	if nul <= sp+1 || nul+1+hashLen > len(data) {
		return rawEntry{}, data, false
	}
	e.mode = canonMode(e.mode)
	e.name, e.hash = data[sp+1:nul], data[nul+1:nul+1+hashLen]
	return e, data[nul+1+hashLen:], true
}

// indexKey is the first path component of rest, and whether more follows.
func indexKey(rest []byte) (name []byte, isDir bool) {
	if i := bytes.IndexByte(rest, '/'); i >= 0 {
		return rest[:i], true
	}
	return rest, false
}

// compareKey orders two names of one directory as git orders tree entries:
// bytewise, with a directory's name followed by "/".
func compareKey(a []byte, aDir bool, b []byte, bDir bool) int {
	n := min(len(a), len(b))
	if c := bytes.Compare(a[:n], b[:n]); c != 0 {
		return c
	}
	ca, cb := -1, -1
	switch {
	case n < len(a):
		ca = int(a[n])
	case aDir:
		ca = '/'
	}
	switch {
	case n < len(b):
		cb = int(b[n])
	case bDir:
		cb = '/'
	}
	return ca - cb
}

// added records the entry, or with isDir every entry of the directory name,
// as added.
func (d *indexDiff) added(dir string, name []byte, isDir bool) {
	if !isDir {
		d.addEntry()
		return
	}
	prefix := dir + string(name) + "/"
	for d.under(prefix) {
		d.addEntry()
	}
}

// addEntry records the current entry as added, unless it is only an
// intent to add, and steps past it.
func (d *indexDiff) addEntry() {
	e := &d.it.cur
	if !e.ita {
		d.out = append(d.out, Change{Status: 'A', Path: string(e.path),
			Mode: canonMode(e.mode), Hash: hex.EncodeToString(e.hash)})
	}
	d.advance()
}

// deleted records HEAD's entry at path, or every file of its tree, as
// deleted.
func (d *indexDiff) deleted(path string, e rawEntry) bool {
	if e.mode != modeDir {
		d.out = append(d.out, Change{Status: 'D', Path: path, OldMode: e.mode, OldHash: hex.EncodeToString(e.hash)})
		return true
	}
	t, ok := d.readTree(e.hash)
	for ok && len(t) > 0 {
		var sub rawEntry
		if sub, t, ok = treeEntry(t, d.it.ix.hashLen); ok {
			ok = d.deleted(path+"/"+string(sub.name), sub)
		}
	}
	return ok
}

// modified compares the current entry with HEAD's file he in directory
// dir: 'M' for a new hash or mode, 'T' for another kind of file, 'D' when
// the entry is only an intent to add. The path is put together only for a
// change: most entries of a large directory are unchanged.
func (d *indexDiff) modified(dir string, he rawEntry) {
	e := &d.it.cur
	switch mode := canonMode(e.mode); {
	case e.ita:
		d.out = append(d.out, Change{Status: 'D', Path: dir + string(he.name), OldMode: he.mode, OldHash: hex.EncodeToString(he.hash)})
	case mode != he.mode || !bytes.Equal(e.hash, he.hash):
		status := byte('M')
		if mode&0170000 != he.mode&0170000 {
			status = 'T'
		}
		d.out = append(d.out, Change{Status: status, Path: dir + string(he.name), Mode: mode, OldMode: he.mode,
			Hash: hex.EncodeToString(e.hash), OldHash: hex.EncodeToString(he.hash)})
	}
	d.advance()
}

// canonMode is git's canon_mode: the modes a tree or index entry can have.
func canonMode(m uint32) uint32 {
	switch m & 0170000 {
	case 0100000:
		if m&0100 != 0 {
			return 0100755
		}
		return 0100644
	case 0120000, modeDir:
		return m & 0170000
	}
	return modeGitlink
}

// exactRenames sorts the raw changes by path, as diff-index does, pairs
// deletions and additions of identical content as git's
// find_exact_renames does, and normalizes the result, listing apart the
// submodule entries it adds. ok is false when
// regular files remain both added and deleted: git's similarity search
// could pair them.
func exactRenames(raw []Change) (changes []Change, gitlinks []string, ok bool) {
	slices.SortFunc(raw, func(a, b Change) int { return strings.Compare(a.Path, b.Path) })
	src := pairRenames(raw)
	used := make(map[int]bool, len(src))
	for _, s := range src {
		used[s] = true
	}
	var addedLeft, deletedLeft bool
	for i, c := range raw {
		if s, paired := src[i]; paired {
			o := raw[s]
			c = Change{Status: 'R', Path: c.Path, OldPath: o.Path, Mode: c.Mode, OldMode: o.OldMode,
				Hash: c.Hash, OldHash: o.OldHash, Score: 100}
		} else if used[i] {
			continue
		}
		addedLeft = addedLeft || c.Status == 'A' && isRegular(c.Mode)
		deletedLeft = deletedLeft || c.Status == 'D' && isRegular(c.OldMode)
		if addsGitlink(c) {
			gitlinks = append(gitlinks, c.Path)
		}
		if c, keep := normalize(c); keep {
			changes = append(changes, c)
		}
	}
	if addedLeft && deletedLeft {
		return nil, nil, false
	}
	return changes, gitlinks, true
}

func isRegular(mode uint32) bool { return mode&0170000 == 0100000 }

// pairRenames maps each added change to the deleted one it is an exact
// rename of. Like git's find_identical_files, each addition in path order
// takes the first unused deletion with its hash, preferring one with the
// same base name; modes must match unless both are regular files; gitlinks
// are left alone (their changes are dropped either way).
func pairRenames(raw []Change) map[int]int {
	byHash := map[string][]int{}
	for i, c := range raw {
		if c.Status == 'D' && c.OldMode != modeGitlink {
			byHash[c.OldHash] = append(byHash[c.OldHash], i)
		}
	}
	src := map[int]int{}
	if len(byHash) == 0 {
		return src
	}
	used := map[int]bool{}
	for i, c := range raw {
		if c.Status != 'A' || c.Mode == modeGitlink {
			continue
		}
		if s := bestSource(raw, byHash[c.Hash], used, c); s >= 0 {
			used[s] = true
			src[i] = s
		}
	}
	return src
}

// bestSource picks the source for dst among the deletions cands.
func bestSource(raw []Change, cands []int, used map[int]bool, dst Change) int {
	best, bestScore, tries := -1, -1, 100
	for _, s := range cands {
		o := raw[s]
		if (!isRegular(o.OldMode) || !isRegular(dst.Mode)) && o.OldMode != dst.Mode || used[s] {
			continue
		}
		score := 1
		if basenameSame(o.Path, dst.Path) {
			score++
		}
		if score > bestScore {
			best, bestScore = s, score
			if score == 2 {
				break
			}
		}
		if tries--; tries == 0 {
			break
		}
	}
	return best
}

// basenameSame is git's basename_same: the paths end in the same file name.
func basenameSame(a, b string) bool {
	i, j := len(a), len(b)
	for i > 0 && j > 0 {
		i, j = i-1, j-1
		if a[i] != b[j] {
			return false
		}
		if a[i] == '/' {
			return true
		}
	}
	return (i == 0 || a[i-1] == '/') && (j == 0 || b[j-1] == '/')
}
