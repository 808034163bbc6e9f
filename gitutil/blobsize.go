package gitutil

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
)

// BlobSizes returns the size of each blob named by hashes without reading
// its content: from a loose object's header, a pack entry's header (a
// delta's result size), or `git cat-file --batch-check` for whatever the
// in-process reader does not find. A caller can so leave a blob over its
// limit unread.
func (r *Repo) BlobSizes(hashes []string) (map[string]int64, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string]int64, len(hashes))
	var rest []string
	o := r.odbLocked()
	for _, h := range hashes {
		if _, done := out[h]; done {
			continue
		}
		if o.off == nil {
			if n, ok := o.size(h); ok {
				out[h] = n
				continue
			}
		}
		rest = append(rest, h)
	}
	if len(rest) == 0 {
		return out, nil
	}
	return out, batchSizes(r.TopLevel, r.env, rest, out)
}

// headerInput is how much of a zlib stream is read to find the size at its
// start.
const headerInput = 512

// size reads an object's size from its header; ok is false when the
// reader cannot tell, and git is asked instead.
func (o *odbState) size(name string) (int64, bool) {
	id, err := hex.DecodeString(name)
	if err != nil || len(id) != o.hashLen || !isHash(name) {
		return 0, false
	}
	for _, p := range o.packs {
		off, ok, err := p.find(id, o.hashLen)
		if err != nil {
			return 0, false
		}
		if ok {
			return o.packedSize(p, off)
		}
	}
	return o.looseSize(name)
}

// packedSize is the inflated size of a pack entry; for a delta, the size
// of the object it rebuilds, read from the start of the delta.
func (o *odbState) packedSize(p *pack, off int64) (int64, bool) {
	if err := p.openData(); err != nil {
		return 0, false
	}
	h, err := p.header(off, o.hashLen)
	if err != nil {
		return 0, false
	}
	if h.typ < packOfsDelta {
		return int64(h.size), h.typ == 3
	}
	sr := io.NewSectionReader(p.data, h.dataOff, min(p.size-h.dataOff, headerInput))
	if err := o.resetZlib(bufio.NewReaderSize(sr, headerInput)); err != nil {
		return 0, false
	}
	var buf [20]byte
	n, _ := io.ReadFull(o.zr, buf[:])
	_, rest, ok := deltaSize(buf[:n])
	if !ok {
		return 0, false
	}
	size, _, ok := deltaSize(rest)
	return int64(size), ok && size <= 1<<62
}

// looseSize reads the "blob <size>\0" header of a loose object.
func (o *odbState) looseSize(name string) (int64, bool) {
	kind, size := o.looseInfo(name)
	return size, kind == "blob"
}

// batchSizes asks `git cat-file --batch-check` for the sizes of names.
func batchSizes(dir string, env, names []string, out map[string]int64) error {
	args := []string{"cat-file", "--batch-check"}
	for _, n := range names {
		if n == "" || strings.ContainsAny(n, "\n\x00") {
			return fmt.Errorf("gitutil: invalid object name %q", n)
		}
	}
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdin = strings.NewReader(strings.Join(names, "\n") + "\n")
	stderr := &boundedBuffer{}
	cmd.Stderr = stderr
	data, err := cmd.Output()
	if err != nil {
		return &CommandError{Args: args, Err: err, Stderr: stderr.String()}
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			return &parseError{what: fmt.Sprintf("cat-file header %q", line)}
		}
		if len(f) == 2 && (f[1] == "missing" || f[1] == "ambiguous") {
			return &ObjectError{Name: f[0], Want: "blob"}
		}
		if len(f) != 3 || f[1] != "blob" {
			return &ObjectError{Name: f[0], Want: "blob", Got: f[1]}
		}
		n, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || n < 0 {
			return &parseError{what: fmt.Sprintf("cat-file header %q", line)}
		}
		out[f[0]] = n
	}
	return nil
}
