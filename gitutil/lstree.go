package gitutil

import (
	"bytes"
	"strconv"
	"strings"
)

// TreeEntry is a file in a commit's tree.
type TreeEntry struct {
	Path string // slash path from the top level
	Mode uint32
	Hash string
}

// ListTree lists the files (not submodules) under dir in the tree of rev,
// recursively, with one `git ls-tree` process; dir "" lists the whole tree.
// On an unborn branch, HEAD's tree is empty.
func (r *Repo) ListTree(rev, dir string) ([]TreeEntry, error) {
	if rev == "HEAD" && r.headShort == "" {
		return nil, nil
	}
	args := []string{"ls-tree", "-r", "-z", "--full-tree", rev, "--"}
	if dir = strings.Trim(dir, "/"); dir != "" {
		args = append(args, dir+"/")
	}
	out, err := r.run(args...)
	if err != nil {
		return nil, err
	}
	entries, perr := parseLsTree(out)
	if perr != nil {
		return nil, &CommandError{Args: args, Err: perr}
	}
	return entries, nil
}

// parseLsTree parses "<mode> SP <type> SP <hash> TAB <path> NUL" records.
func parseLsTree(out []byte) ([]TreeEntry, error) {
	var entries []TreeEntry
	for _, rec := range bytes.Split(out, []byte{0}) {
		if len(rec) == 0 {
			continue
		}
		meta, path, ok := bytes.Cut(rec, []byte{'\t'})
		f := strings.Fields(string(meta))
		if !ok || len(f) != 3 {
			return nil, &parseError{what: "ls-tree record"}
		}
		mode, err := strconv.ParseUint(f[0], 8, 32)
		if err != nil {
			return nil, &parseError{what: "ls-tree mode"}
		}
		if f[1] != "blob" {
			continue
		}
		entries = append(entries, TreeEntry{Path: string(path), Mode: uint32(mode), Hash: f[2]})
	}
	return entries, nil
}

// TreeGitlinks lists the paths of the submodule entries (gitlinks) in the
// tree rev names, recursively: ListTree leaves them out.
func (r *Repo) TreeGitlinks(rev string) ([]string, error) {
	args := []string{"ls-tree", "-r", "-z", "--full-tree", rev, "--"}
	out, err := r.run(args...)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, rec := range bytes.Split(out, []byte{0}) {
		meta, path, ok := bytes.Cut(rec, []byte{'\t'})
		if ok && bytes.HasPrefix(meta, []byte("160000 commit ")) {
			paths = append(paths, string(path))
		}
	}
	return paths, nil
}
