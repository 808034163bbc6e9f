package gitutil

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"strings"
)

// Peel names the object rev points to once tags are peeled: its type
// ("commit", "tree" or "blob") and full hash; ok is false when there is no
// such object. A push can send a ref that names a tree or a blob. Peel
// never reads an object's content: a commit is told by its header in the
// object store; anything else is peeled by `git cat-file --batch-check`,
// so that a tag of a huge blob costs no memory.
func (r *Repo) Peel(rev string) (kind, hash string, ok bool, err error) {
	if rev == "" || strings.ContainsAny(rev, "\n\x00") {
		return "", "", false, nil
	}
	r.mu.Lock()
	o := r.odbLocked()
	if o.off == nil && isHash(rev) && o.kind(rev) == "commit" {
		r.mu.Unlock()
		return "commit", rev, true, nil
	}
	r.mu.Unlock()
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

// kind is the type of the object name from its header alone ("" when the
// reader cannot tell): a loose object's "<type> <size>" prefix, or a pack
// entry's type, following a chain of offset deltas to its base.
func (o *odbState) kind(name string) string {
	id, err := hex.DecodeString(name)
	if err != nil || len(id) != o.hashLen {
		return ""
	}
	for _, p := range o.packs {
		off, ok, err := p.find(id, o.hashLen)
		if err != nil {
			return ""
		}
		if ok {
			return o.packedKind(p, off)
		}
	}
	return o.looseKind(name)
}

// maxDeltaChain bounds the offset deltas packedKind follows, as git's
// own pack writer does (depth 4095 at most).
const maxDeltaChain = 4096

func (o *odbState) packedKind(p *pack, off int64) string {
	if err := p.openData(); err != nil {
		return ""
	}
	for range maxDeltaChain {
		h, err := p.header(off, o.hashLen)
		if err != nil || h.typ == packRefDelta {
			return ""
		}
		if h.typ != packOfsDelta {
			return objectKinds[h.typ]
		}
		off = h.baseOff
	}
	return ""
}

func (o *odbState) looseKind(name string) string {
	f, err := os.Open(o.dir + "/" + name[:2] + "/" + name[2:])
	if err != nil {
		return ""
	}
	defer f.Close()
	if err := o.resetZlib(bufio.NewReaderSize(io.LimitReader(f, headerInput), headerInput)); err != nil {
		return ""
	}
	var buf [32]byte
	n, _ := io.ReadFull(o.zr, buf[:])
	hdr, _, ok := bytes.Cut(buf[:n], []byte{0})
	kind, _, _ := strings.Cut(string(hdr), " ")
	if !ok {
		return ""
	}
	for _, k := range objectKinds[1:] {
		if kind == k {
			return k
		}
	}
	return ""
}
