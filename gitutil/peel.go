package gitutil

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
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

// info is the type and size of the object name from its header alone
// ("" when the reader cannot tell; size -1 for a pack entry stored as a
// delta): a loose object's "<type> <size>" prefix, or a pack entry's type,
// following a chain of offset deltas to its base.
func (o *odbState) info(name string) (kind string, size int64) {
	id, err := hex.DecodeString(name)
	if err != nil || len(id) != o.hashLen {
		return "", -1
	}
	for _, p := range o.packs {
		off, ok, err := p.find(id, o.hashLen)
		if err != nil {
			return "", -1
		}
		if ok {
			return o.packedInfo(p, off)
		}
	}
	return o.looseInfo(name)
}

// kind is the type info reads.
func (o *odbState) kind(name string) string {
	kind, _ := o.info(name)
	return kind
}

// maxDeltaChain bounds the offset deltas packedInfo follows, as git's
// own pack writer does (depth 4095 at most).
const maxDeltaChain = 4096

func (o *odbState) packedInfo(p *pack, off int64) (kind string, size int64) {
	if err := p.openData(); err != nil {
		return "", -1
	}
	size = -1
	for i := range maxDeltaChain {
		h, err := p.header(off, o.hashLen)
		if err != nil || h.typ == packRefDelta {
			return "", -1
		}
		if h.typ != packOfsDelta {
			if i == 0 && h.size <= 1<<62 {
				size = int64(h.size)
			}
			return objectKinds[h.typ], size
		}
		off = h.baseOff
	}
	return "", -1
}

func (o *odbState) looseInfo(name string) (kind string, size int64) {
	f, err := os.Open(o.dir + "/" + name[:2] + "/" + name[2:])
	if err != nil {
		return "", -1
	}
	defer f.Close()
	if err := o.resetZlib(bufio.NewReaderSize(io.LimitReader(f, headerInput), headerInput)); err != nil {
		return "", -1
	}
	var buf [32]byte
	n, _ := io.ReadFull(o.zr, buf[:])
	hdr, _, ok := bytes.Cut(buf[:n], []byte{0})
	kind, sz, _ := strings.Cut(string(hdr), " ")
	size, err = strconv.ParseInt(sz, 10, 64)
	if !ok || err != nil || size < 0 || !slices.Contains(objectKinds[1:], kind) {
		return "", -1
	}
	return kind, size
}
