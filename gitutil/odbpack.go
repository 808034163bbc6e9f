package gitutil

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"sort"
	"strings"
)

// pack is one objects/pack/pack-*.pack with its version-2 index. Only the
// index's fan-out table is read up front; a lookup binary-searches one
// bucket of names in the (mapped) index and reads one offset.
type pack struct {
	idxPath string
	mapIt   bool // map the files (false: ReadAt only)
	idx     *mappedFile
	fanout  [256]uint32
	large   int64       // entries in the 64-bit offset table
	data    *mappedFile // the .pack, opened on first read
	size    int64       // of the .pack
}

// objectKinds are the object types by their number in a pack.
var objectKinds = []string{"", "commit", "tree", "blob", "tag"}

const (
	packOfsDelta = 6
	packRefDelta = 7
	idxHeader    = 8 + 256*4 // magic, version, fan-out
)

var idxMagic = []byte{0xff, 't', 'O', 'c', 0, 0, 0, 2}

// openPack reads the header and fan-out of a version-2 index and checks
// its size; any other version is unsupported.
func openPack(idxPath string, hashLen int, mapIt bool) (*pack, error) {
	m, err := openMapped(idxPath, mapIt)
	if err != nil {
		return nil, err
	}
	p := &pack{idxPath: idxPath, idx: m, mapIt: mapIt}
	if err := p.readFanout(hashLen); err != nil {
		m.close()
		return nil, err
	}
	return p, nil
}

func (p *pack) readFanout(hashLen int) error {
	var hdr [idxHeader]byte
	if err := p.idx.readAt(hdr[:], 0); err != nil {
		return &odbError{p.idxPath, "short index"}
	}
	if !bytes.Equal(hdr[:8], idxMagic) {
		return &odbError{p.idxPath, "not a version 2 index"}
	}
	for i := range p.fanout {
		p.fanout[i] = binary.BigEndian.Uint32(hdr[8+4*i:])
		if i > 0 && p.fanout[i] < p.fanout[i-1] {
			return &odbError{p.idxPath, "fan-out not sorted"}
		}
	}
	n := int64(p.fanout[255])
	rest := p.idx.size - (idxHeader + n*int64(hashLen+8) + 2*int64(hashLen))
	if rest < 0 || rest%8 != 0 {
		return &odbError{p.idxPath, "index size does not match its object count"}
	}
	p.large = rest / 8
	return nil
}

func (p *pack) close() {
	p.idx.close()
	if p.data != nil {
		p.data.close()
	}
}

// find returns the pack offset of the object with raw name id.
func (p *pack) find(id []byte, hashLen int) (off int64, ok bool, err error) {
	lo := uint32(0)
	if id[0] > 0 {
		lo = p.fanout[id[0]-1]
	}
	n := int(p.fanout[id[0]] - lo)
	if n == 0 {
		return 0, false, nil
	}
	names, err := p.idx.at(idxHeader+int64(lo)*int64(hashLen), n*hashLen, nil)
	if err != nil {
		return 0, false, &odbError{p.idxPath, "short index"}
	}
	i := sort.Search(n, func(i int) bool { return bytes.Compare(names[i*hashLen:(i+1)*hashLen], id) >= 0 })
	if i == n || !bytes.Equal(names[i*hashLen:(i+1)*hashLen], id) {
		return 0, false, nil
	}
	return p.offset(int64(lo)+int64(i), hashLen)
}

// offset reads the pack offset of index entry pos, from the 32-bit table
// or, when its top bit is set, the 64-bit one.
func (p *pack) offset(pos int64, hashLen int) (int64, bool, error) {
	count := int64(p.fanout[255])
	table := idxHeader + count*int64(hashLen+4)
	var b [8]byte
	if err := p.idx.readAt(b[:4], table+pos*4); err != nil {
		return 0, false, &odbError{p.idxPath, "short index"}
	}
	off := binary.BigEndian.Uint32(b[:4])
	if off&0x80000000 == 0 {
		return int64(off), true, nil
	}
	k := int64(off & 0x7fffffff)
	if k >= p.large {
		return 0, false, &odbError{p.idxPath, "large offset out of range"}
	}
	if err := p.idx.readAt(b[:], table+count*4+k*8); err != nil {
		return 0, false, &odbError{p.idxPath, "short index"}
	}
	big := binary.BigEndian.Uint64(b[:])
	if big >= 1<<62 {
		return 0, false, &odbError{p.idxPath, "large offset out of range"}
	}
	return int64(big), true, nil
}

// openData opens the .pack on first use and checks its header.
func (p *pack) openData() error {
	if p.data != nil {
		return nil
	}
	path := strings.TrimSuffix(p.idxPath, ".idx") + ".pack"
	m, err := openMapped(path, p.mapIt)
	if err != nil {
		return err
	}
	var hdr [12]byte
	err = m.readAt(hdr[:], 0)
	v := binary.BigEndian.Uint32(hdr[4:8])
	if err != nil || string(hdr[:4]) != "PACK" || v != 2 && v != 3 {
		m.close()
		return &odbError{path, "not a version 2 or 3 pack"}
	}
	p.data, p.size = m, m.size
	return nil
}

// entryHeader is the start of a pack entry: its type and inflated size, and
// for deltas where the base is.
type entryHeader struct {
	typ     byte
	size    uint64
	baseOff int64  // OFS_DELTA
	baseID  []byte // REF_DELTA
	dataOff int64  // where the zlib stream starts
}

// header parses the entry at off: the type and a little-endian base-128
// size, then an OFS_DELTA's negative offset or a REF_DELTA's base name.
// A REF_DELTA's baseID is only valid until the next call with the same
// buf.
func (p *pack) header(off int64, hashLen int, buf []byte) (entryHeader, error) {
	bad := &odbError{p.idxPath, "bad pack entry header"}
	if off < 12 || off >= p.size-int64(hashLen) {
		return entryHeader{}, bad
	}
	buf, err := p.data.at(off, int(min(int64(20+hashLen), p.size-off)), buf)
	if err != nil {
		return entryHeader{}, err
	}
	c, i := buf[0], 1
	h := entryHeader{typ: c >> 4 & 7, size: uint64(c & 15)}
	for shift := 4; c&0x80 != 0; shift += 7 {
		if i >= len(buf) || shift > 57 {
			return entryHeader{}, bad
		}
		c, i = buf[i], i+1
		h.size |= uint64(c&0x7f) << shift
	}
	switch h.typ {
	case packOfsDelta:
		rel, k, ok := ofsDelta(buf[i:])
		if !ok || rel <= 0 || rel > off-12 {
			return entryHeader{}, bad
		}
		h.baseOff, i = off-rel, i+k
	case packRefDelta:
		if i+hashLen > len(buf) {
			return entryHeader{}, bad
		}
		h.baseID, i = buf[i:i+hashLen], i+hashLen
	case 0, 5:
		return entryHeader{}, bad
	}
	h.dataOff = off + int64(i)
	return h, nil
}

// ofsDelta decodes git's offset encoding: big-endian base-128 where each
// continuation adds one, so no value has two encodings.
func ofsDelta(b []byte) (rel int64, n int, ok bool) {
	for n < len(b) && n < 9 {
		c := b[n]
		rel |= int64(c & 0x7f)
		n++
		if c&0x80 == 0 {
			return rel, n, true
		}
		rel = (rel + 1) << 7
	}
	return 0, 0, false
}

// entryStream points o.zr at the zlib stream of an entry: the mapped
// bytes themselves, or reads of the file through a buffer of at most
// limit bytes.
func (o *odbState) entryStream(p *pack, h entryHeader, limit int64) error {
	if p.data.b != nil {
		o.br.Reset(p.data.b[h.dataOff:])
		return o.resetZlib(&o.br)
	}
	sr := io.NewSectionReader(p.data.f, h.dataOff, p.size-h.dataOff)
	return o.resetZlib(bufio.NewReaderSize(sr, int(min(max(int64(h.size)+64, 512), limit))))
}

// inflateEntry inflates the entry h of p: into dst's memory when it is
// large enough (a delta, used once), else into new memory.
func (o *odbState) inflateEntry(p *pack, h entryHeader, dst []byte) ([]byte, error) {
	// A zlib stream expands at most about 1032 times.
	if h.size > uint64(p.size-h.dataOff)*1100+64 {
		return nil, &odbError{p.idxPath, "entry size larger than the pack allows"}
	}
	if err := o.entryStream(p, h, 256<<10); err != nil {
		return nil, &odbError{p.idxPath, "entry: " + err.Error()}
	}
	data, err := o.inflate(h.size, dst)
	if err != nil {
		return nil, &odbError{p.idxPath, "entry: " + err.Error()}
	}
	return data, nil
}

// chainLink is one delta of a chain being resolved: where it sits, and
// its header.
type chainLink struct {
	p   *pack
	off int64
	h   entryHeader
}

// packed returns the object at off in p: its pack type (1-4) and data,
// rebuilt from its chain of deltas. The chain is walked down to a base
// that is either in the delta-base cache or stored whole, following
// offset deltas in the pack and reference deltas by name (in any pack, or
// loose); then each delta is applied in turn, every object rebuilt on the
// way: the chain's base and the object the result is a delta of are kept
// in the cache the second time they are needed (deltacache.go). The data
// returned is the caller's own.
func (o *odbState) packed(p *pack, off int64) (byte, []byte, error) {
	var chain []chainLink
	var typ byte
	var base []byte
	for {
		if len(chain) > maxDeltaDepth {
			return 0, nil, &odbError{p.idxPath, "delta chain too deep"}
		}
		if t, data, ok := o.cache.get(p, off); ok {
			typ, base = t, data
			if len(chain) == 0 {
				base = bytes.Clone(data)
			}
			break
		}
		if err := p.openData(); err != nil {
			return 0, nil, err
		}
		h, err := p.header(off, o.hashLen, o.hdr[:])
		if err != nil {
			return 0, nil, err
		}
		if h.typ < packOfsDelta {
			keep := len(chain) > 0 && o.cache.admit(p, off)
			var dst []byte
			if len(chain) > 0 && !keep {
				dst = o.bottom[:0]
			}
			if base, err = o.inflateEntry(p, h, dst); err != nil {
				return 0, nil, err
			}
			typ = h.typ
			if keep {
				o.cache.add(p, off, typ, base)
			} else if len(chain) > 0 {
				o.keep(&o.bottom, base)
			}
			break
		}
		chain = append(chain, chainLink{p, off, h})
		if h.typ == packOfsDelta {
			off = h.baseOff
			continue
		}
		bp, boff, found, err := o.findPacked(h.baseID)
		if err != nil {
			return 0, nil, err
		}
		if !found {
			kind, data, found, err := o.loose(hex.EncodeToString(h.baseID))
			if err == nil && !found {
				err = &odbError{p.idxPath, "delta base missing"}
			}
			if err != nil {
				return 0, nil, err
			}
			typ, base = kindType(kind), data
			break
		}
		p, off = bp, boff
	}
	// The objects between the base and the result are rebuilt into two
	// buffers used in turn; the one the result is a delta of is kept in
	// the cache (once admitted), as the base most likely shared with
	// other deltas.
	for i := len(chain) - 1; i >= 0; i-- {
		l := chain[i]
		delta, err := o.inflateEntry(l.p, l.h, o.scratch[:0])
		if err != nil {
			return 0, nil, err
		}
		var dst []byte
		if i > 0 {
			dst = o.rebuilt[i%2][:0]
		}
		out, err := applyDelta(base, delta, dst)
		if err != nil {
			return 0, nil, &odbError{l.p.idxPath, err.Error()}
		}
		o.keep(&o.scratch, delta)
		if i > 0 {
			o.keep(&o.rebuilt[i%2], out)
		}
		if i == 1 && o.cache.admit(l.p, l.off) {
			out = bytes.Clone(out)
			o.cache.add(l.p, l.off, typ, out)
		}
		base = out
	}
	return typ, base, nil
}

// keep makes b the buffer *buf reuses, unless it is larger than
// maxScratch.
func (o *odbState) keep(buf *[]byte, b []byte) {
	if cap(b) <= maxScratch {
		*buf = b[:0]
	}
}

// maxScratch bounds the buffer kept for inflating deltas.
const maxScratch = 1 << 20

// kindType is the pack type number of an object kind.
func kindType(kind string) byte {
	for i, k := range objectKinds {
		if k == kind && i > 0 {
			return byte(i)
		}
	}
	return 0
}

// applyDelta rebuilds an object from its base and a git delta: the base
// and result sizes as little-endian base-128 numbers, then instructions that
// copy a range of the base or insert literal bytes. The result is built in
// dst's memory when it is large enough.
func applyDelta(base, delta, dst []byte) ([]byte, error) {
	bad := errors.New("bad delta")
	srcSize, delta, ok := deltaSize(delta)
	if !ok || srcSize != uint64(len(base)) {
		return nil, bad
	}
	size, delta, ok := deltaSize(delta)
	if !ok {
		return nil, bad
	}
	out := dst[:0]
	if uint64(cap(dst)) < size {
		out = make([]byte, 0, min(size, 64<<20)) // a corrupt size must not allocate
	}
	for len(delta) > 0 {
		op := delta[0]
		delta = delta[1:]
		switch {
		case op&0x80 != 0:
			var off, n uint64
			for bit := 0; bit < 7; bit++ {
				if op&(1<<bit) == 0 {
					continue
				}
				if len(delta) == 0 {
					return nil, bad
				}
				if bit < 4 {
					off |= uint64(delta[0]) << (8 * bit)
				} else {
					n |= uint64(delta[0]) << (8 * (bit - 4))
				}
				delta = delta[1:]
			}
			if n == 0 {
				n = 0x10000
			}
			if off+n > uint64(len(base)) || uint64(len(out))+n > size {
				return nil, bad
			}
			out = append(out, base[off:off+n]...)
		case op != 0:
			if int(op) > len(delta) || uint64(len(out))+uint64(op) > size {
				return nil, bad
			}
			out = append(out, delta[:op]...)
			delta = delta[op:]
		default:
			return nil, bad
		}
	}
	if uint64(len(out)) != size {
		return nil, bad
	}
	return out, nil
}

// deltaSize decodes a little-endian base-128 size at the start of b.
func deltaSize(b []byte) (uint64, []byte, bool) {
	var v uint64
	for i, shift := 0, 0; i < len(b) && shift < 64; i, shift = i+1, shift+7 {
		v |= uint64(b[i]&0x7f) << shift
		if b[i]&0x80 == 0 {
			return v, b[i+1:], true
		}
	}
	return 0, nil, false
}
