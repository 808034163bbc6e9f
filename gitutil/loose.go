package gitutil

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
)

// Loose objects: objects/xx/yyyy holds zlib("<kind> <size>\0<data>").
// Telling a loose object's size costs about as much as reading it (the
// file is opened and the first block inflated), and a hook asks for the
// size of each staged blob just before it reads it. So a small loose
// object whose size is asked is inflated whole and kept, within a bound,
// until it is read.
const (
	looseKeepFile  = 64 << 10 // largest file inflated whole for its size
	looseKeepBytes = 8 << 20  // bound of what is kept
)

// looseKept holds the loose objects inflated for their size and not yet
// read, by name.
type looseKept struct {
	objs  map[string]looseObject
	bytes int
}

type looseObject struct {
	kind string
	data []byte
}

// errLooseTooLarge is a loose object over the size inflateLoose was asked
// to read.
var errLooseTooLarge = errors.New("loose object over the size asked for")

func (o *odbState) loosePath(name string) string {
	return o.dir + string(os.PathSeparator) + name[:2] + string(os.PathSeparator) + name[2:]
}

// loose reads the loose object name (hex).
func (o *odbState) loose(name string) (kind string, data []byte, found bool, err error) {
	if obj, ok := o.kept.objs[name]; ok {
		delete(o.kept.objs, name)
		o.kept.bytes -= len(obj.data)
		return obj.kind, obj.data, true, nil
	}
	path := o.loosePath(name)
	raw, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil, false, nil
	}
	if err != nil {
		return "", nil, false, err
	}
	kind, data, err = o.inflateLoose(raw, -1)
	if err != nil {
		return "", nil, false, &odbError{path, err.Error()}
	}
	return kind, data, true, nil
}

// inflateLoose decodes a loose object file: its header, then exactly the
// size it gives, then the end of the deflate data. A
// size over max (when max >= 0) is errLooseTooLarge, with the kind and
// no data.
func (o *odbState) inflateLoose(raw []byte, max int64) (kind string, data []byte, err error) {
	o.br.Reset(raw)
	if err := o.resetZlib(&o.br); err != nil {
		return "", nil, err
	}
	var buf [64]byte
	n, err := io.ReadFull(o.zr, buf[:])
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return "", nil, err
	}
	kind, size, rest, ok := looseHeader(buf[:n])
	if !ok {
		return "", nil, errors.New("bad loose object header")
	}
	if max >= 0 && size > max {
		return kind, nil, errLooseTooLarge
	}
	if int64(len(rest)) > size {
		return "", nil, errors.New("loose object longer than its header says")
	}
	if n < len(buf) { // the whole stream is read
		if int64(len(rest)) != size {
			return "", nil, errors.New("loose object shorter than its header says")
		}
		return kind, slices.Clone(rest), nil
	}
	data, err = readSize(io.MultiReader(bytes.NewReader(rest), o.zr), uint64(size))
	if err != nil {
		return "", nil, err
	}
	var one [1]byte
	if n, err := io.ReadFull(o.zr, one[:]); n != 0 || err != io.EOF {
		return "", nil, errors.New("loose object longer than its header says")
	}
	return kind, data, nil
}

// looseHeader parses "<kind> <size>\0" at the start of b.
func looseHeader(b []byte) (kind string, size int64, rest []byte, ok bool) {
	hdr, rest, found := bytes.Cut(b, []byte{0})
	k, sz, _ := bytes.Cut(hdr, []byte{' '})
	size, err := strconv.ParseInt(string(sz), 10, 64)
	for _, known := range objectKinds[1:] {
		if string(k) == known {
			kind = known
		}
	}
	if !found || err != nil || size < 0 || kind == "" || string(sz) != strconv.FormatInt(size, 10) {
		return "", 0, nil, false
	}
	return kind, size, rest, true
}

// looseInfo is the type and size of the loose object name ("" and -1
// when it cannot tell). A small one is inflated whole and kept for the
// read that follows, while the bound allows.
func (o *odbState) looseInfo(name string) (kind string, size int64) {
	if cap(o.looseRaw) < looseKeepFile {
		o.looseRaw = make([]byte, looseKeepFile)
	}
	buf := o.looseRaw[:headerInput]
	if o.kept.bytes < looseKeepBytes {
		buf = o.looseRaw[:looseKeepFile]
	}
	n, whole, err := readFileInto(o.loosePath(name), buf)
	if err != nil {
		return "", -1
	}
	raw := buf[:n]
	if !whole || len(buf) < looseKeepFile {
		return o.looseHeaderOnly(raw)
	}
	kind, data, err := o.inflateLoose(raw, int64(looseKeepBytes-o.kept.bytes))
	if err == errLooseTooLarge {
		return o.looseHeaderOnly(raw)
	}
	if err != nil {
		return "", -1
	}
	if o.kept.objs == nil {
		o.kept.objs = make(map[string]looseObject)
	}
	if old, ok := o.kept.objs[name]; ok {
		o.kept.bytes -= len(old.data)
	}
	o.kept.objs[name] = looseObject{kind, data}
	o.kept.bytes += len(data)
	return kind, int64(len(data))
}

// looseHeaderOnly reads the header at the start of a loose file's bytes.
func (o *odbState) looseHeaderOnly(raw []byte) (string, int64) {
	o.br.Reset(raw)
	if err := o.resetZlib(&o.br); err != nil {
		return "", -1
	}
	return o.looseHeaderRead()
}

// looseHeaderRead parses the header of the stream o.zr points at.
func (o *odbState) looseHeaderRead() (string, int64) {
	var buf [32]byte
	n, _ := io.ReadFull(o.zr, buf[:])
	kind, size, _, ok := looseHeader(buf[:n])
	if !ok {
		return "", -1
	}
	return kind, size
}
