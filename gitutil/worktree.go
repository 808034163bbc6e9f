package gitutil

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// WorkTreeState is what a coding-agent session compares at its end with
// its start: the commit HEAD points at and a digest of the changes the
// working tree holds against it.
type WorkTreeState struct {
	Head   string // full hash; "" on an unborn branch
	Digest string // hex SHA-256 of the status entries and their files' size and time
}

// WorkTreeState reads HEAD and `git status --porcelain -z` (untracked
// files included, ignored ones left out) and digests each entry with the
// size and modification time of its file, so that a file edited again
// after it was first changed counts as a change. Paths in skip (slash
// paths from the top) are left out.
func (r *Repo) WorkTreeState(skip ...string) (WorkTreeState, error) {
	var st WorkTreeState
	if r.headShort != "" {
		out, err := r.run("rev-parse", "--verify", "-q", "HEAD^{commit}")
		if err != nil {
			return st, err
		}
		st.Head = string(bytes.TrimSpace(out))
	}
	out, err := r.run("status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignore-submodules=none")
	if err != nil {
		return st, err
	}
	h := sha256.New()
	for _, e := range bytes.Split(out, []byte{0}) {
		if len(e) < 4 {
			continue // the rename source that follows its entry, or the end
		}
		p := string(e[3:])
		if contains(skip, p) {
			continue
		}
		h.Write(e)
		if fi, err := os.Lstat(filepath.Join(r.TopLevel, filepath.FromSlash(p))); err == nil {
			fmt.Fprintf(h, "\x00%d\x00%d", fi.Size(), fi.ModTime().UnixNano())
		}
		h.Write([]byte{0})
	}
	st.Digest = hex.EncodeToString(h.Sum(nil))
	return st, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// NewestCommits returns those of the n newest commits reachable from HEAD
// (git's order) whose committer date is after t: what a stale handoff has
// not seen.
func (r *Repo) NewestCommits(n int, t time.Time) ([]Commit, error) {
	if r.headShort == "" || n <= 0 {
		return nil, nil
	}
	cs, err := r.revList("-n", strconv.Itoa(n), "HEAD")
	if err != nil {
		return nil, err
	}
	out := cs[:0]
	for _, c := range cs {
		if c.Time.After(t) {
			out = append(out, c)
		}
	}
	return out, nil
}
