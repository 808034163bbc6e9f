package gitutil

import (
	"bytes"
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
	dir     string // objects directory
	hashLen int
	newHash func() hash.Hash
	packs   []*pack
	off     error         // why the reader is not used; nil when it is
	zr      io.ReadCloser // zlib reader, reset for every stream
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
		o := &odbState{dir: filepath.Join(r.CommonDir, "objects"), hashLen: r.hashLen(), newHash: sha1.New}
		if r.ObjectFormat == "sha256" {
			o.newHash = sha256.New
		}
		if o.off = o.check(r); o.off == nil {
			o.off = o.openPacks()
		}
		r.odb = o
	}
	return r.odb
}

// odbObjects reads what it can of names in process. rest lists the
// positions of the names left to the batch process.
func (r *Repo) odbObjects(names []string) (objs []object, rest []int) {
	objs = make([]object, len(names))
	o := r.odbLocked()
	for i, name := range names {
		if o.off != nil {
			rest = append(rest, i)
			continue
		}
		h := name
		if name == "HEAD" {
			var ok bool
			var err error
			if h, ok, err = r.headRef(); err != nil || !ok {
				rest = append(rest, i)
				continue
			}
		}
		obj, found, err := o.read(h)
		if err != nil || !found {
			rest = append(rest, i)
			continue
		}
		objs[i] = obj
	}
	return objs, rest
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
		p, err := openPack(filepath.Join(dir, e.Name()), o.hashLen)
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
	id, err := hex.DecodeString(name)
	if err != nil || len(id) != o.hashLen || !isHash(name) {
		return object{}, false, &odbError{o.dir, "bad object name " + strconv.Quote(name)}
	}
	kind, data, found, err := o.lookup(id, 0)
	if err != nil || !found {
		return object{}, found, err
	}
	h := o.newHash()
	h.Write([]byte(kind + " " + strconv.Itoa(len(data)) + "\x00"))
	h.Write(data)
	if !bytes.Equal(h.Sum(nil), id) {
		return object{}, false, &odbError{o.dir, "object " + name + " does not match its hash"}
	}
	return object{hash: name, kind: kind, data: data}, true, nil
}

// lookup finds the object with raw name id in the packs, then loose.
func (o *odbState) lookup(id []byte, depth int) (kind string, data []byte, found bool, err error) {
	if depth > maxDeltaDepth {
		return "", nil, false, &odbError{o.dir, "delta chain too deep"}
	}
	for _, p := range o.packs {
		off, ok, err := p.find(id, o.hashLen)
		if err != nil {
			return "", nil, false, err
		}
		if ok {
			kind, data, err := o.packed(p, off, depth)
			return kind, data, err == nil, err
		}
	}
	return o.loose(hex.EncodeToString(id))
}

// loose reads objects/xx/yyyy: zlib("<kind> <size>\0<data>").
func (o *odbState) loose(name string) (kind string, data []byte, found bool, err error) {
	path := filepath.Join(o.dir, name[:2], name[2:])
	raw, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil, false, nil
	}
	if err != nil {
		return "", nil, false, err
	}
	if err := o.resetZlib(bytes.NewReader(raw)); err != nil {
		return "", nil, false, &odbError{path, err.Error()}
	}
	all, err := io.ReadAll(o.zr)
	if err != nil {
		return "", nil, false, &odbError{path, err.Error()}
	}
	hdr, data, _ := bytes.Cut(all, []byte{0})
	kind, size, _ := strings.Cut(string(hdr), " ")
	if !slices.Contains(objectKinds[1:5], kind) || size != strconv.Itoa(len(data)) {
		return "", nil, false, &odbError{path, "bad loose object header"}
	}
	return kind, data, true, nil
}

// resetZlib points o.zr at a new zlib stream.
func (o *odbState) resetZlib(r io.Reader) error {
	if o.zr == nil {
		zr, err := zlib.NewReader(r)
		if err != nil {
			return err
		}
		o.zr = zr
		return nil
	}
	return o.zr.(zlib.Resetter).Reset(r, nil)
}

// inflate reads exactly size bytes from the zlib stream in r, and the
// stream's end, whose checksum zlib verifies.
func (o *odbState) inflate(r io.Reader, size uint64) ([]byte, error) {
	if err := o.resetZlib(r); err != nil {
		return nil, err
	}
	data, err := readSize(o.zr, size)
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
