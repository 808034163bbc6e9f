package gitutil

import (
	"encoding/hex"
	"io"
	"os/exec"
	"strings"
)

// Peel names the object rev points to once tags are peeled: its type
// ("commit", "tree" or "blob") and full hash; ok is false when there is no
// such object. A push can send a ref that names a tree or a blob. Peel
// never reads the content of what it finds: a hash is followed through
// its tags in the object store (peelStored); anything else is peeled by
// `git cat-file --batch-check`, so that a tag of a huge blob costs no
// memory.
func (r *Repo) Peel(rev string) (kind, hash string, ok bool, err error) {
	if rev == "" || strings.ContainsAny(rev, "\n\x00") {
		return "", "", false, nil
	}
	r.mu.Lock()
	kind, hash, ok = r.peelStored(rev)
	r.mu.Unlock()
	if ok {
		return kind, hash, true, nil
	}
	return peelCheck(r.TopLevel, r.env, rev)
}

// peelCheck asks `git cat-file --batch-check` for rev^{}.
func peelCheck(dir string, env []string, rev string) (kind, hash string, ok bool, err error) {
	args := []string{"cat-file", "--batch-check=%(objecttype) %(objectname)"}
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdin = strings.NewReader(rev + "^{}\n")
	stderr := &boundedBuffer{}
	cmd.Stderr = stderr
	out, err := cmd.Output()
	if err != nil {
		return "", "", false, &CommandError{Args: args, Err: err, Stderr: stderr.String()}
	}
	line := strings.TrimSuffix(string(out), "\n")
	if strings.HasSuffix(line, " missing") || strings.HasSuffix(line, " ambiguous") {
		return "", "", false, nil
	}
	kind, hash, found := strings.Cut(line, " ")
	if !found || !isHash(hash) || strings.Contains(line, "\n") {
		return "", "", false, badOutput(args, "cat-file --batch-check %q", line)
	}
	return kind, hash, true, nil
}

// info is the type and size of the object name from headers alone
// ("" and -1 when the reader cannot tell): a loose object's
// "<type> <size>" prefix, or a pack entry's (packedInfo).
func (o *odbState) info(name string) (kind string, size int64) {
	var id [32]byte
	if len(name) != 2*o.hashLen || !isHash(name) {
		return "", -1
	}
	if _, err := hex.Decode(id[:], []byte(name)); err != nil {
		return "", -1
	}
	p, off, found, err := o.findPacked(id[:o.hashLen])
	if err != nil {
		return "", -1
	}
	if found {
		return o.packedInfo(p, off)
	}
	return o.looseInfo(name)
}

// kind is the type info reads.
func (o *odbState) kind(name string) string {
	kind, _ := o.info(name)
	return kind
}

// maxDeltaChain bounds the deltas packedInfo follows, as git's own pack
// writer does (depth 4095 at most).
const maxDeltaChain = 4096

// packedInfo is the type and size of the object at off in p, read as git
// reads them, without rebuilding anything: the size from the entry's
// header, or for a delta from the delta's own header (the size of the
// object it rebuilds, its first bytes inflated); the type from the end of
// the delta chain, following offset deltas in the pack and reference
// deltas by name through the headers alone.
func (o *odbState) packedInfo(p *pack, off int64) (kind string, size int64) {
	size = -1
	for i := range maxDeltaChain {
		if err := p.openData(); err != nil {
			return "", -1
		}
		h, err := p.header(off, o.hashLen, o.hdr[:])
		if err != nil {
			return "", -1
		}
		if i == 0 {
			if size = o.entrySize(p, h); size < 0 {
				return "", -1
			}
		}
		switch h.typ {
		case packOfsDelta:
			off = h.baseOff
		case packRefDelta:
			var found bool
			if p, off, found, err = o.findPacked(h.baseID); err != nil {
				return "", -1
			} else if !found {
				kind, _ := o.looseInfo(hex.EncodeToString(h.baseID))
				return kind, size
			}
		default:
			return objectKinds[h.typ], size
		}
	}
	return "", -1
}

// entrySize is the size of the object the entry h holds or, for a delta,
// rebuilds: -1 when the header does not tell.
func (o *odbState) entrySize(p *pack, h entryHeader) int64 {
	if h.typ < packOfsDelta {
		if h.size > 1<<62 {
			return -1
		}
		return int64(h.size)
	}
	if err := o.entryStream(p, h, headerInput); err != nil {
		return -1
	}
	var buf [20]byte
	n, _ := io.ReadFull(o.zr, buf[:])
	_, rest, ok := deltaSize(buf[:n])
	if !ok {
		return -1
	}
	size, _, ok := deltaSize(rest)
	if !ok || size > 1<<62 {
		return -1
	}
	return int64(size)
}
