package gitutil

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxSymrefDepth is how many symbolic refs headRef follows from HEAD.
const maxSymrefDepth = 5

// headRef resolves HEAD to a hash from the files git keeps refs in: HEAD in
// GitDir (per worktree), then the loose ref it names (GitPath places it),
// then packed-refs in CommonDir. ok is false when HEAD names a branch that
// does not exist (unborn). Anything unusual (reftable, a long chain of
// symbolic refs, malformed content) is an error and the caller asks git.
func (r *Repo) headRef() (hash string, ok bool, err error) {
	if fi, err := os.Stat(filepath.Join(r.CommonDir, "reftable")); err == nil && fi.IsDir() {
		return "", false, &odbError{r.CommonDir, "reftable"}
	}
	name := "HEAD"
	for depth := 0; depth <= maxSymrefDepth; depth++ {
		content, found, err := readLooseRef(r.GitPath(name))
		if err != nil {
			return "", false, err
		}
		if !found {
			if name == "HEAD" {
				return "", false, &odbError{r.GitDir, "no HEAD"}
			}
			return r.packedRef(name)
		}
		target, symbolic := strings.CutPrefix(content, "ref:")
		if !symbolic {
			return r.refHash(content)
		}
		name = strings.TrimSpace(target)
		if !plainRefName(name) {
			return "", false, &odbError{r.GitDir, "unusual symbolic ref"}
		}
	}
	return "", false, &odbError{r.GitDir, "symbolic refs nested too deep"}
}

// readLooseRef returns a ref file's content without trailing white space;
// found is false when there is no such file (or a directory in its place).
func readLooseRef(path string) (content string, found bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrInvalid) {
		return "", false, nil
	}
	if err != nil {
		if fi, serr := os.Stat(path); serr == nil && fi.IsDir() {
			return "", false, nil
		}
		return "", false, err
	}
	return strings.TrimRight(string(data), " \t\r\n"), true, nil
}

// refHash checks that s is a full hash of the repository's format.
func (r *Repo) refHash(s string) (string, bool, error) {
	if len(s) != 2*r.hashLen() || !isHash(s) {
		return "", false, &odbError{r.GitDir, "malformed ref"}
	}
	return s, true, nil
}

// plainRefName accepts the names headRef follows: below refs/, without the
// path tricks git's check_refname_format rejects.
func plainRefName(name string) bool {
	if !strings.HasPrefix(name, "refs/") || strings.HasSuffix(name, "/") ||
		strings.HasSuffix(name, ".lock") || strings.Contains(name, "..") ||
		strings.Contains(name, "//") || strings.Contains(name, "/.") {
		return false
	}
	for _, c := range []byte(name) {
		if c <= ' ' || c == 0x7f || strings.IndexByte("\\~^:?*[", c) >= 0 {
			return false
		}
	}
	return true
}

// packedRef looks name up in CommonDir/packed-refs: a header comment, then
// "<hash> <name>" lines, each maybe followed by a "^<hash>" peeled line.
func (r *Repo) packedRef(name string) (string, bool, error) {
	data, err := os.ReadFile(filepath.Join(r.CommonDir, "packed-refs"))
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || line[0] == '#' || line[0] == '^' {
			continue
		}
		h, ref, ok := strings.Cut(line, " ")
		if !ok {
			return "", false, &odbError{r.CommonDir, "malformed packed-refs"}
		}
		if ref == name {
			return r.refHash(h)
		}
	}
	return "", false, nil
}
