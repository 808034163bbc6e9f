package gitutil

import (
	"fmt"
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
	i := 0
	o.guard(func() {
		for ; i < len(hashes); i++ {
			h := hashes[i]
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
	})
	rest = append(rest, hashes[i:]...) // after a fault

	if len(rest) == 0 {
		return out, nil
	}
	return out, batchSizes(r.TopLevel, r.env, rest, out)
}

// headerInput is how much of a loose object's zlib stream is read to
// find the size at its start.
const headerInput = 512

// size reads a blob's size from the object's headers (info); ok is false
// when the reader cannot tell or the object is not a blob, and git is
// asked instead.
func (o *odbState) size(name string) (int64, bool) {
	kind, n := o.info(name)
	return n, kind == "blob" && n >= 0
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
