package gitutil

import (
	"bytes"
	"strconv"
	"strings"
	"time"
)

// Commit is a commit's identity and committer date.
type Commit struct {
	Hash    string
	Short   string // abbreviated as git abbreviates it (core.abbrev)
	Subject string
	Time    time.Time // committer date
}

// headState is the HEAD commit, read once per Repo: a hook runs against a
// fixed HEAD.
type headState struct {
	born   bool
	commit Commit
	tree   string
}

// Head returns the commit HEAD points at; ok is false on an unborn branch.
func (r *Repo) Head() (c Commit, ok bool, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	h, err := r.headLocked()
	if err != nil || !h.born {
		return Commit{}, false, err
	}
	return h.commit, true, nil
}

// HeadHash returns the full hash of the commit HEAD names; ok is false on
// an unborn branch. A repository found without git (OpenFast) answers from
// the refs read then, without starting git; otherwise it is Head's hash.
func (r *Repo) HeadHash() (hash string, ok bool, err error) {
	if r.headHash != "" {
		return r.headHash, true, nil
	}
	c, ok, err := r.Head()
	return c.Hash, ok, err
}

// headLocked reads HEAD through the batch process. The caller holds r.mu.
func (r *Repo) headLocked() (*headState, error) {
	if r.head != nil {
		return r.head, nil
	}
	if r.headShort == "" {
		r.head = &headState{}
		return r.head, nil
	}
	objs, err := r.objects([]string{"HEAD"})
	if err != nil {
		return nil, err
	}
	o := objs[0]
	if o.kind != "commit" {
		return nil, &ObjectError{Name: r.revName("HEAD"), Want: "commit", Got: o.kind}
	}
	c, tree, err := parseCommit(o.hash, o.data)
	if err != nil {
		return nil, &CommandError{Args: batchArgs, Err: err}
	}
	c.Short = r.headShort
	if !strings.HasPrefix(c.Hash, c.Short) {
		// HEAD moved since Open; fall back to the full hash.
		c.Short = c.Hash
	}
	r.head = &headState{born: true, commit: c, tree: tree}
	return r.head, nil
}

// parseCommit reads the tree, committer date and subject of a raw commit
// object. The subject is the first paragraph with its lines joined by
// spaces, as git's %s prints it.
func parseCommit(hash string, data []byte) (Commit, string, error) {
	headers, msg, _ := bytes.Cut(data, []byte("\n\n"))
	c := Commit{Hash: hash}
	var tree string
	for _, line := range strings.Split(string(headers), "\n") {
		key, val, _ := strings.Cut(line, " ")
		switch key {
		case "tree":
			tree = val
		case "committer":
			t, err := signatureTime(val)
			if err != nil {
				return Commit{}, "", err
			}
			c.Time = t
		}
	}
	if tree == "" || c.Time.IsZero() {
		return Commit{}, "", &parseError{what: "commit object " + hash}
	}
	c.Subject = subject(string(msg))
	return c, tree, nil
}

// signatureTime parses "Name <email> 1700000000 +0100".
func signatureTime(sig string) (time.Time, error) {
	f := strings.Fields(sig[strings.LastIndexByte(sig, '>')+1:])
	if len(f) != 2 {
		return time.Time{}, &parseError{what: "committer " + strconv.Quote(sig)}
	}
	secs, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return time.Time{}, &parseError{what: "committer date " + strconv.Quote(f[0])}
	}
	return time.Unix(secs, 0).In(zone(f[1])), nil
}

// zone turns "+0130" into a fixed zone; anything else is UTC.
func zone(tz string) *time.Location {
	if len(tz) != 5 || (tz[0] != '+' && tz[0] != '-') {
		return time.UTC
	}
	h, err1 := strconv.Atoi(tz[1:3])
	m, err2 := strconv.Atoi(tz[3:5])
	if err1 != nil || err2 != nil {
		return time.UTC
	}
	off := (h*60 + m) * 60
	if tz[0] == '-' {
		off = -off
	}
	return time.FixedZone(tz, off)
}

func subject(msg string) string {
	para, _, _ := strings.Cut(strings.TrimLeft(msg, "\n"), "\n\n")
	lines := strings.Split(strings.TrimRight(para, " \t\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.Join(lines, " ")
}

// revName is name for an error message: HEAD with the hash it names when
// that is known, so that a damaged commit can be found.
func (r *Repo) revName(name string) string {
	if name != "HEAD" || r.headShort == "" {
		return name
	}
	if r.headHash != "" {
		return "HEAD (" + r.headHash + ")"
	}
	return "HEAD (" + r.headShort + ")"
}
