package gitutil

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// odbState reads git's object database in process: loose objects and
// version-2 packs, each lookup a few small reads, every object checked
// against its hash. Whatever it does not understand goes to the batch
// process instead: the whole database when its layout is unusual (off), a
// single name when it is not found or does not decode.
type odbState struct {
	dir      string // objects directory
	hashLen  int
	newHash  func() hash.Hash
	packs    []*pack
	off      error         // why the reader is not used; nil when it is
	zr       io.ReadCloser // deflate reader of zlib streams, reset for every one
	cache    *deltaCache   // objects recently used as delta bases
	br       bytes.Reader  // over a mapped entry, reset for every stream
	hdr      [96]byte      // an entry header read from an unmapped pack
	scratch  []byte        // a delta's inflated data, reused
	rebuilt  [2][]byte     // the objects between a chain's base and its end
	bottom   []byte        // a chain's base, when not kept in the cache
	hasher   hash.Hash     // checks every object read
	kept     looseKept     // small loose objects inflated for their size
	looseRaw []byte        // a small loose file's bytes, reused
	readAt   bool          // read packs with ReadAt, never map them (tests)
}

// odbError is an object database the reader does not support, or an object
// it could not decode. It never reaches the caller of objects: the batch
// process answers instead.
type odbError struct{ path, what string }

func (e *odbError) Error() string { return "object database " + e.path + ": " + e.what }

// knownExtensions are the extensions.* keys the reader understands.
var knownExtensions = []string{"objectformat", "worktreeconfig"}

// objectDirVars point git at other object directories or replacement refs.
var objectDirVars = []string{"GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
	"GIT_REPLACE_REF_BASE"}

// maxDeltaDepth bounds delta chains, so a corrupt pack cannot loop.
const maxDeltaDepth = 10000

// odbLocked returns the Repo's reader, preparing it on first use. The
// caller holds r.mu.
func (r *Repo) odbLocked() *odbState {
	if r.odb == nil {
		o := newODB(filepath.Join(r.CommonDir, "objects"), r.ObjectFormat, deltaCacheLimit)
		if o.off = o.check(r); o.off == nil {
			o.off = o.openPacks()
		}
		r.odb = o
	}
	return r.odb
}

// newODB prepares a reader of the objects directory dir, in the object
// format ("sha1" or "sha256"), whose delta-base cache holds at most
// cacheLimit bytes.
func newODB(dir, format string, cacheLimit int) *odbState {
	o := &odbState{dir: dir, hashLen: 20, newHash: sha1.New, cache: newDeltaCache(cacheLimit)}
	if format == "sha256" {
		o.hashLen, o.newHash = 32, sha256.New
	}
	o.hasher = o.newHash()
	return o
}

// odbObjects reads what it can of names in process. rest lists the
// positions of the names left to the batch process.
func (r *Repo) odbObjects(names []string) (objs []object, rest []int) {
	objs = make([]object, len(names))
	o := r.odbLocked()
	i := 0
	o.guard(func() {
		for ; i < len(names); i++ {
			if obj, ok := r.odbObject(o, names[i]); ok {
				objs[i] = obj
			} else {
				rest = append(rest, i)
			}
		}
	})
	for ; i < len(names); i++ { // after a fault: to the batch process
		rest = append(rest, i)
	}
	return objs, rest
}

// odbObject reads the object name (a hash or "HEAD") in process.
func (r *Repo) odbObject(o *odbState, name string) (object, bool) {
	if o.off != nil {
		return object{}, false
	}
	h := name
	if name == "HEAD" {
		var ok bool
		var err error
		if h, ok, err = r.headRef(); err != nil || !ok {
			return object{}, false
		}
	}
	obj, found, err := o.read(h)
	return obj, err == nil && found
}

// guard runs fn, which reads mapped packs, and turns the reader off when
// a memory fault ends it: a pack truncated under its mapping. Whatever fn
// had left to do is then the batch process's.
func (o *odbState) guard(fn func()) {
	if catchFault(fn) {
		o.off = &odbError{o.dir, "a pack changed while mapped"}
	}
}

// check rules out the layouts the reader does not handle.
func (o *odbState) check(r *Repo) error {
	for _, v := range objectDirVars {
		if envValue(r.env, v) != "" {
			return &odbError{o.dir, v + " is set"}
		}
	}
	if fi, err := os.Stat(o.dir); err != nil || !fi.IsDir() {
		return &odbError{o.dir, "not a directory"}
	}
	if _, err := os.Lstat(filepath.Join(o.dir, "info", "alternates")); err == nil {
		return &odbError{o.dir, "alternates"}
	}
	cfg, err := os.ReadFile(filepath.Join(r.CommonDir, "config"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if ext := unknownExtension(string(cfg)); ext != "" {
		return &odbError{r.CommonDir, "extensions." + ext}
	}
	return nil
}

// unknownExtension returns the first key of an [extensions] section of the
// config text that is not in knownExtensions.
func unknownExtension(cfg string) string {
	inExt := false
	for _, line := range strings.Split(cfg, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				return "?" // a multi-line or broken header: ask git
			}
			section := strings.ToLower(strings.TrimSpace(line[1:end]))
			inExt = strings.HasPrefix(section, "extensions")
			line = strings.TrimSpace(line[end+1:])
		}
		if !inExt || line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		key, _, _ := strings.Cut(line, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		if !slices.Contains(knownExtensions, key) {
			return key
		}
	}
	return ""
}

// openPacks opens the index of every pack; a promisor pack (partial clone)
// turns the reader off.
func (o *odbState) openPacks() error {
	dir := filepath.Join(o.dir, "pack")
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".promisor") {
			return &odbError{dir, "promisor pack"}
		}
	}
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".idx") {
			continue
		}
		p, err := openPack(filepath.Join(dir, e.Name()), o.hashLen, !o.readAt)
		if err != nil {
			o.close()
			return err
		}
		o.packs = append(o.packs, p)
	}
	return nil
}

func (o *odbState) close() {
	for _, p := range o.packs {
		p.close()
	}
	o.packs = nil
}

// read returns the object with the hex hash name; found is false when no
// pack and no loose file holds it. The data is checked against the hash.
func (o *odbState) read(name string) (obj object, found bool, err error) {
	var id [32]byte
	if len(name) != 2*o.hashLen || !isHash(name) {
		return object{}, false, &odbError{o.dir, "bad object name " + strconv.Quote(name)}
	}
	if _, err := hex.Decode(id[:], []byte(name)); err != nil {
		return object{}, false, &odbError{o.dir, "bad object name " + strconv.Quote(name)}
	}
	kind, data, found, err := o.lookup(id[:o.hashLen])
	if err != nil || !found {
		return object{}, found, err
	}
	if !o.matches(id[:o.hashLen], kind, data) {
		return object{}, false, &odbError{o.dir, "object " + name + " does not match its hash"}
	}
	return object{hash: name, kind: kind, data: data}, true, nil
}

// matches tells whether kind and data hash to id.
func (o *odbState) matches(id []byte, kind string, data []byte) bool {
	var buf [64]byte
	hdr := append(append(buf[:0], kind...), ' ')
	hdr = append(strconv.AppendInt(hdr, int64(len(data)), 10), 0)
	h := o.hasher
	h.Reset()
	h.Write(hdr)
	h.Write(data)
	return bytes.Equal(h.Sum(buf[:0]), id)
}

// lookup finds the object with raw name id in the packs, then loose.
func (o *odbState) lookup(id []byte) (kind string, data []byte, found bool, err error) {
	p, off, found, err := o.findPacked(id)
	if err != nil {
		return "", nil, false, err
	}
	if found {
		typ, data, err := o.packed(p, off)
		if err != nil {
			return "", nil, false, err
		}
		return objectKinds[typ], data, true, nil
	}
	return o.loose(hex.EncodeToString(id))
}

// findPacked finds the pack and offset of the object with raw name id.
func (o *odbState) findPacked(id []byte) (p *pack, off int64, found bool, err error) {
	for _, p := range o.packs {
		off, ok, err := p.find(id, o.hashLen)
		if err != nil || ok {
			return p, off, ok, err
		}
	}
	return nil, 0, false, nil
}

// resetZlib points o.zr at the deflate data of a new zlib stream, after
// checking its two-byte header. The Adler-32 trailer is not checked: every
// object read is checked against its hash, which a corrupt stream cannot
// match, so the checksum would only cost time (a size read from a header
// reads no trailer either).
func (o *odbState) resetZlib(r flate.Reader) error {
	var hdr [2]byte
	for i := range hdr {
		c, err := r.ReadByte()
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		if err != nil {
			return err
		}
		hdr[i] = c
	}
	if hdr[0]&0x0f != 8 || hdr[0]>>4 > 7 || hdr[1]&0x20 != 0 || (uint16(hdr[0])<<8|uint16(hdr[1]))%31 != 0 {
		return zlib.ErrHeader
	}
	if o.zr == nil {
		o.zr = flate.NewReader(r)
		return nil
	}
	return o.zr.(flate.Resetter).Reset(r, nil)
}

// inflate reads exactly size bytes from the zlib stream o.zr points at,
// into dst's memory when it is large enough, and the deflate data's end.
func (o *odbState) inflate(size uint64, dst []byte) ([]byte, error) {
	var data []byte
	var err error
	if uint64(cap(dst)) >= size {
		data = dst[:size]
		_, err = io.ReadFull(o.zr, data)
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
	} else {
		data, err = readSize(o.zr, size)
	}
	if err != nil {
		return nil, err
	}
	var one [1]byte
	if n, err := io.ReadFull(o.zr, one[:]); n != 0 || err != io.EOF {
		return nil, errors.New("zlib stream longer than its object")
	}
	return data, nil
}

// readSize reads exactly size bytes from r, growing the buffer as data
// arrives, so that a corrupt size cannot allocate more than the stream holds.
func readSize(r io.Reader, size uint64) ([]byte, error) {
	data := make([]byte, 0, min(size, 16<<20))
	for uint64(len(data)) < size {
		if len(data) == cap(data) {
			data = slices.Grow(data, int(min(size-uint64(len(data)), uint64(cap(data)))))
		}
		n, err := r.Read(data[len(data):min(uint64(cap(data)), size)])
		data = data[:len(data)+n]
		if err == io.EOF && uint64(len(data)) < size {
			return nil, io.ErrUnexpectedEOF
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
	}
	return data, nil
}
