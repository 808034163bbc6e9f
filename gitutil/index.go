package gitutil

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
)

// indexFile is an index file, for the in-process diff against HEAD
// (indexdiff.go). It is read through a small window, never whole: reading
// an 8.7 MB index into fresh memory costs more than all the rest of the
// work. A first walk checks every entry and records where each starts
// (versions 2 and 3), so that the diff reads only the entries of directories
// that differ from HEAD.
//
// Only what a commit can be made from is accepted: versions 2 to 4, no
// unmerged entries, no split index ("link"), no sparse index ("sdir" or
// directory entries), no unknown mandatory extension. Anything else is an
// indexError and the caller asks git. A file whose entries or extensions do
// not fit in it (a truncated or overwritten index) is an IndexDamagedError
// and nobody is asked: git reads such a file without complaint, as entries
// made of whatever bytes follow, and would commit them. The entries are
// walked in full also when they are handed to git. The trailing checksum is
// not verified, as git itself does not verify it when reading
// (index.skipHash, and the check only in fsck): the entries a commit is
// made from are the ones read, and hashing an 8.7 MB index costs a third of
// the hook's time.
type indexFile struct {
	f          *os.File // nil for a missing file: an empty index
	size       int
	version    uint32
	count      int
	hashLen    int
	entriesEnd int        // offset of the first extension
	offsets    []uint32   // start of each entry; nil for version 4
	hasITA     bool       // some entry is an intent to add
	split      bool       // a split index: the "link" extension names a shared index
	tree       *cacheTree // the TREE extension, or nil
	win        []byte     // window onto the file
	winOff     int        // file offset of win[0]
	mapped     bool       // win maps the whole file
	err        error      // the first read error
}

// indexError is an index the in-process reader does not handle. It never
// reaches the caller of StagedChanges: git answers instead.
type indexError struct{ path, what string }

func (e *indexError) Error() string { return "index " + e.path + ": " + e.what }

// IndexDamagedError is an index file whose content does not fit its own
// layout: truncated, cut short by a full disk, or overwritten. Git reads
// such a file as entries made of whatever bytes follow, so neither it nor
// this package can say what the commit holds.
type IndexDamagedError struct {
	Path string // the index file
	What string // what does not fit, e.g. "entry 3 of 5 runs past the end of the file"
}

func (e *IndexDamagedError) Error() string {
	return "index file " + e.Path + " is damaged (truncated or overwritten): " + e.What
}

// Hint says how to recover.
func (e *IndexDamagedError) Hint() string {
	return "rebuild it from HEAD with: git read-tree HEAD (the working tree is kept; stage the changes again)"
}

// IndexReadError is an index file that could not be read.
type IndexReadError struct {
	Path string
	Err  error
}

func (e *IndexReadError) Error() string {
	if e.Err == nil {
		return "reading index file " + e.Path + ": it could not be read"
	}
	return "reading index file " + e.Path + ": " + e.Err.Error()
}

func (e *IndexReadError) Unwrap() error { return e.Err }

// Index entry flags (git's read-cache.c).
const (
	flagExtended     = 0x4000
	flagStageMask    = 0x3000
	flagNameMask     = 0x0fff
	extSkipWorktree  = 0x4000
	extIntentToAdd   = 0x2000
	modeDir          = 040000
	entryFixedHeader = 40 // ctime, mtime, dev, ino, mode, uid, gid, size
	indexWindow      = 256 << 10
)

// readIndex opens and checks the index file at path. A missing file is an
// empty index, as for git. The caller closes the result.
func readIndex(path string, hashLen int) (*indexFile, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &indexFile{hashLen: hashLen}, nil
	}
	if err != nil {
		return nil, &IndexReadError{path, err}
	}
	fi, err := f.Stat()
	if err != nil || fi.Size() > math.MaxUint32 {
		f.Close()
		return nil, &indexError{path, "cannot size"}
	}
	ix := &indexFile{f: f, size: int(fi.Size()), hashLen: hashLen}
	ix.mapIndex()
	var perr error
	if catchFault(func() { perr = ix.parse(path) }) {
		perr = &indexError{path, "changed while it was read"}
	}
	if perr != nil {
		ix.close()
		return nil, perr
	}
	return ix, nil
}

func (ix *indexFile) close() {
	ix.unmap()
	if ix.f != nil {
		ix.f.Close()
	}
}

// parse checks the header, walks every entry once (stages, flags,
// lengths) and reads the extensions. Damage found anywhere wins over a
// layout handed to git.
func (ix *indexFile) parse(path string) error {
	if ix.size < 12+ix.hashLen {
		return &IndexDamagedError{path, "it is " + strconv.Itoa(ix.size) + " bytes, shorter than a header and checksum"}
	}
	head := ix.bytes(0, 12)
	if head == nil {
		return &IndexReadError{path, ix.err}
	}
	if string(head[:4]) != "DIRC" {
		return &IndexDamagedError{path, "it does not start with an index signature"}
	}
	ix.version, ix.count = binary.BigEndian.Uint32(head[4:]), int(binary.BigEndian.Uint32(head[8:]))
	if ix.version < 2 || ix.version > 4 {
		return &indexError{path, "version " + strconv.Itoa(int(ix.version))}
	}
	if ix.count > ix.size/(entryFixedHeader+ix.hashLen+3) {
		return &IndexDamagedError{path, "it lists " + strconv.Itoa(ix.count) + " entries, more than its " + strconv.Itoa(ix.size) + " bytes can hold"}
	}
	if ix.version < 4 {
		ix.offsets = make([]uint32, 0, ix.count)
	}
	if ix.walkMapped() {
		return ix.readExtensions(path)
	}
	ix.offsets = ix.offsets[:0]
	it := ix.iter()
	refused, unnamed := "", 0
	for it.next() {
		e := &it.cur
		if len(e.path) == 0 && unnamed == 0 {
			unnamed = it.pos
		}
		if refused == "" && (e.stage != 0 || e.mode == modeDir || e.ita && e.skipWorktree || len(e.path) == 0) {
			refused = "unmerged, sparse or unusual entry " + strconv.Quote(string(e.path))
		}
		ix.hasITA = ix.hasITA || e.ita
	}
	if ix.err != nil {
		return &IndexReadError{path, ix.err}
	}
	if it.err != "" {
		return &IndexDamagedError{path, it.err}
	}
	ix.entriesEnd = it.off
	err := ix.readExtensions(path)
	if indexFault(err) {
		return err
	}
	if unnamed > 0 && !ix.split {
		// Only a split index has entries without a path: its link
		// extension, cut off, says which shared entries they replace.
		return &IndexDamagedError{path, "entry " + strconv.Itoa(unnamed) + " has no path and the file has no split index link"}
	}
	if err == nil && refused != "" {
		err = &indexError{path, refused}
	}
	return err
}

// bytes returns n bytes of the file from offset off, moving the window when
// needed; nil when the file is shorter or cannot be read. The result is
// valid until the next call.
func (ix *indexFile) bytes(off, n int) []byte {
	if n < 0 {
		return nil
	}
	if off >= ix.winOff && off+n <= ix.winOff+len(ix.win) {
		return ix.win[off-ix.winOff : off-ix.winOff+n]
	}
	if ix.f == nil || off+n > ix.size || ix.err != nil {
		return nil
	}
	size := min(max(n, indexWindow), ix.size-off)
	if cap(ix.win) < size {
		ix.win = make([]byte, size)
	}
	ix.win = ix.win[:size]
	if _, err := ix.f.ReadAt(ix.win, int64(off)); err != nil {
		ix.err, ix.win = err, nil
		return nil
	}
	ix.winOff = off
	return ix.win[:n]
}

// readExtensions parses TREE and skips the other optional extensions
// (REUC, UNTR, FSMN, EOIE, IEOT, ...). A mandatory one (its signature does
// not start with 'A'..'Z'), such as "link" or "sdir", is handed to git, as
// is a cache tree this reader cannot parse (git drops one it cannot read).
// Extensions that do not fill the space before the checksum exactly are
// damage.
func (ix *indexFile) readExtensions(path string) error {
	data := slices.Clone(ix.bytes(ix.entriesEnd, ix.size-ix.hashLen-ix.entriesEnd))
	if data == nil && ix.size-ix.hashLen != ix.entriesEnd {
		return &IndexReadError{path, ix.err}
	}
	refused := ""
	for len(data) > 0 {
		if len(data) < 8 {
			return &IndexDamagedError{path, strconv.Itoa(len(data)) + " stray bytes before the checksum"}
		}
		sig := string(data[:4])
		size := binary.BigEndian.Uint32(data[4:])
		if uint64(size) > uint64(len(data)-8) {
			return &IndexDamagedError{path, "extension " + strconv.Quote(sig) + " runs past the end of the file"}
		}
		body := data[8 : 8+size]
		ix.split = ix.split || sig == "link"
		switch {
		case refused != "":
		case sig == "TREE":
			if t, ok := parseCacheTree(body, ix.hashLen); ok {
				ix.tree = t
			} else {
				refused = "bad cache tree"
			}
		case sig == "link":
			refused = "split index"
		case sig[0] < 'A' || sig[0] > 'Z':
			refused = "mandatory extension " + strconv.Quote(sig)
		}
		data = data[8+size:]
	}
	if refused != "" {
		return &indexError{path, refused}
	}
	return nil
}

// indexEntry is the entry an indexIter stands on. path and hash point into
// buffers that the next step may overwrite.
type indexEntry struct {
	path         []byte
	hash         []byte
	mode         uint32
	stage        int
	ita          bool // intent to add (`git add -N`)
	skipWorktree bool
}

// indexIter walks the entries of an indexFile in order.
type indexIter struct {
	ix   *indexFile
	off  int    // file offset of the next entry
	pos  int    // number of the next entry
	path []byte // version 4: the current path, rebuilt from the previous one
	cur  indexEntry
	err  string // why the walk stopped early; "" at the end of the entries
}

func (ix *indexFile) iter() *indexIter {
	return &indexIter{ix: ix, off: 12}
}

// next steps to the following entry; false at the end or on a malformed
// entry (err says which). The first walk records where entries start.
func (it *indexIter) next() bool {
	if it.pos >= it.ix.count || it.err != "" {
		return false
	}
	if o := it.ix.offsets; o != nil && len(o) == it.pos {
		it.ix.offsets = append(o, uint32(it.off))
	}
	it.pos++
	if !it.decode() {
		if it.err == "" {
			it.err = "entry " + strconv.Itoa(it.pos) + " of " + strconv.Itoa(it.ix.count) +
				" (at byte " + strconv.Itoa(it.off) + ") runs past the end of the entries or is malformed"
		}
		it.pos = it.ix.count
		return false
	}
	return true
}

// seek moves to entry pos (versions 2 and 3), so that next reads it.
func (it *indexIter) seek(pos int) {
	it.pos = pos
	if pos < it.ix.count {
		it.off = int(it.ix.offsets[pos])
	} else {
		it.off = it.ix.entriesEnd
	}
}

// maxEntryHead bounds an entry's bytes before its path: fixed fields,
// hash, flags, a version-4 varint. maxLongPath bounds the paths read.
const (
	maxEntryHead = entryFixedHeader + 32 + 4 + 16
	maxLongPath  = 1 << 20
)

// decode reads the entry at it.off and moves it.off past it.
func (it *indexIter) decode() bool {
	ix := it.ix
	hdr := entryFixedHeader + ix.hashLen + 2
	data := ix.bytes(it.off, min(maxEntryHead+flagNameMask+8, ix.size-ix.hashLen-it.off))
	if len(data) < hdr {
		return false
	}
	e := &it.cur
	e.mode = binary.BigEndian.Uint32(data[24:])
	e.hash = data[entryFixedHeader : entryFixedHeader+ix.hashLen]
	flags := binary.BigEndian.Uint16(data[hdr-2:])
	e.stage = int(flags&flagStageMask) >> 12
	e.ita, e.skipWorktree = false, false
	p := hdr
	if flags&flagExtended != 0 {
		if ix.version < 3 || p+2 > len(data) {
			return false
		}
		ext := binary.BigEndian.Uint16(data[p:])
		e.ita, e.skipWorktree = ext&extIntentToAdd != 0, ext&extSkipWorktree != 0
		p += 2
	}
	n := int(flags & flagNameMask)
	if n == flagNameMask {
		return it.decodeLong(p)
	}
	if ix.version == 4 {
		return it.decodePathV4(data, p, n)
	}
	return it.decodePath(data, p, n)
}

// decodeLong reads an entry whose path is 4095 bytes or longer (up to
// maxLongPath), through a window that holds it all.
func (it *indexIter) decodeLong(p int) bool {
	ix := it.ix
	all := ix.bytes(it.off, min(p+maxLongPath, ix.size-ix.hashLen-it.off))
	if all == nil {
		return false
	}
	it.cur.hash = all[entryFixedHeader : entryFixedHeader+ix.hashLen]
	if ix.version == 4 {
		return it.decodePathV4(all, p, flagNameMask)
	}
	n := bytes.IndexByte(all[p:], 0)
	return n >= flagNameMask && it.decodePath(all, p, n)
}

// decodePath reads a NUL-terminated path padded to a multiple of 8 bytes
// (versions 2 and 3). An empty path is an entry of a split index that
// replaces one of its shared index; parse hands such an index to git.
func (it *indexIter) decodePath(data []byte, p, n int) bool {
	if n < 0 || p+n >= len(data) || data[p+n] != 0 {
		return false
	}
	it.cur.path = data[p : p+n]
	size := (p + n + 8) &^ 7
	if size > len(data) {
		return false
	}
	it.off += size
	return true
}

// decodePathV4 reads a prefix-compressed path: how many bytes to drop from
// the previous path (git's varint), then the NUL-terminated rest.
func (it *indexIter) decodePathV4(data []byte, p, n int) bool {
	strip, p, ok := decodeVarint(data, p)
	if !ok || strip > uint64(len(it.path)) {
		return false
	}
	nul := bytes.IndexByte(data[p:], 0)
	if nul < 0 {
		return false
	}
	it.path = append(it.path[:len(it.path)-int(strip)], data[p:p+nul]...)
	if n != flagNameMask && n != len(it.path) {
		return false // an empty path is a split index's replacement, as in decodePath
	}
	it.cur.path = it.path
	it.off += p + nul + 1
	return true
}

// decodeVarint is git's varint.c decode_varint: 7 bits a byte, most
// significant first, each continuation adding one.
func decodeVarint(data []byte, p int) (val uint64, next int, ok bool) {
	if p >= len(data) {
		return 0, p, false
	}
	c := data[p]
	p++
	val = uint64(c & 127)
	for c&128 != 0 {
		val++
		if val == 0 || val>>57 != 0 || p >= len(data) {
			return 0, p, false
		}
		c = data[p]
		p++
		val = val<<7 + uint64(c&127)
	}
	return val, p, true
}

// cacheTree is one node of the TREE extension: the tree object that the
// index entries below a directory would make, when still known.
type cacheTree struct {
	name  string
	count int    // index entries covered; -1 when invalidated
	hash  []byte // raw tree hash; nil when invalidated
	subs  []*cacheTree
}

// parseCacheTree decodes the TREE extension: nodes in pre-order, each
// "<name>\0<entry count> <subtree count>\n" and, when the count is not
// negative, the tree's raw hash.
func parseCacheTree(data []byte, hashLen int) (*cacheTree, bool) {
	t, rest, ok := parseCacheNode(data, hashLen, 0)
	return t, ok && len(rest) == 0
}

func parseCacheNode(data []byte, hashLen, depth int) (*cacheTree, []byte, bool) {
	nul := bytes.IndexByte(data, 0)
	nl := bytes.IndexByte(data, '\n')
	if nul < 0 || nl < nul || depth > 4096 {
		return nil, nil, false
	}
	count, subs, ok := bytes.Cut(data[nul+1:nl], []byte{' '})
	n, err1 := strconv.Atoi(string(count))
	k, err2 := strconv.Atoi(string(subs))
	if !ok || err1 != nil || err2 != nil || n < -1 || k < 0 || k > len(data) {
		return nil, nil, false
	}
	t := &cacheTree{name: string(data[:nul]), count: n}
	data = data[nl+1:]
	if n >= 0 {
		if len(data) < hashLen {
			return nil, nil, false
		}
		t.hash, data = data[:hashLen], data[hashLen:]
	}
	t.subs = make([]*cacheTree, 0, k)
	for range k {
		s, rest, ok := parseCacheNode(data, hashLen, depth+1)
		if !ok {
			return nil, nil, false
		}
		t.subs, data = append(t.subs, s), rest
	}
	slices.SortFunc(t.subs, func(a, b *cacheTree) int { return strings.Compare(a.name, b.name) })
	return t, data, true
}

// sub returns the node for the subdirectory name, or nil.
func (t *cacheTree) sub(name string) *cacheTree {
	if t == nil {
		return nil
	}
	i, found := slices.BinarySearchFunc(t.subs, name, func(s *cacheTree, n string) int {
		return strings.Compare(s.name, n)
	})
	if !found {
		return nil
	}
	return t.subs[i]
}

// valid reports whether the node knows its tree.
func (t *cacheTree) valid() bool { return t != nil && t.count >= 0 }
