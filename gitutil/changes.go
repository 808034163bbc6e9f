package gitutil

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
)

// Change is one path whose staged content differs from HEAD, as reported by
// `git diff-index --cached --raw -M`. Hash is the staged blob ("" for a
// deletion); OldHash and OldPath describe the HEAD side ("" for an addition).
// Paths are relative to the top of the working tree, slash-separated, exactly
// as git stores them.
type Change struct {
	Status  byte // 'A' added, 'M' modified, 'D' deleted, 'R' renamed, 'C' copied, 'T' type changed, 'U' unmerged
	Path    string
	OldPath string // for 'R' and 'C': the source path; otherwise Path or ""
	Mode    uint32 // staged mode, e.g. 0100644, 0100755, 0120000; 0 for 'D'
	OldMode uint32
	Hash    string
	OldHash string
	Score   int // similarity percentage for 'R' and 'C'
}

const modeGitlink = 0160000

// emptyTree is the hash of the empty tree, diffed against when HEAD is unborn.
var emptyTree = map[string]string{
	"sha1":   "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
	"sha256": "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321",
}

// StagedChanges lists what the commit being made changes: the index named by
// IndexFile against HEAD (against the empty tree on an unborn branch).
// Renames are detected (-M) so a file renamed into place shows its new path;
// when git's rename limit is exceeded they appear as a 'D' plus an 'A'.
// Intent-to-add entries (`git add -N`) are not part of the commit and are
// left out, as are submodule entries (gitlinks), which have no blob. A file
// replaced by a submodule is reported as a deletion; a submodule replaced by
// a file as an addition.
//
// The index is read and compared with HEAD's trees in process; one git
// process (`git diff-index`, the only one in this package that reads the
// index) answers instead for the indexes and changes the in-process diff
// leaves to git: unmerged entries, split and sparse indexes, and additions
// and deletions that git's similarity search may pair as renames.
//
// The result is read once and shared: concurrent callers wait for it.
func (r *Repo) StagedChanges() ([]Change, error) {
	r.stagedOnce.Do(func() { r.staged, r.stagedErr = r.stagedChanges() })
	return r.staged, r.stagedErr
}

func diffIndexArgs(base string) []string {
	return []string{"diff-index", "--cached", "--raw", "-z", "-M",
		"--ita-invisible-in-index", "--no-relative", "--no-abbrev", base, "--"}
}

func (r *Repo) stagedChanges() ([]Change, error) {
	// In process first (index.go, indexdiff.go); diff-index answers the rest.
	if changes, ok, err := r.stagedInProcess(); ok || err != nil {
		return changes, err
	}
	base := "HEAD"
	if r.headShort == "" {
		base = emptyTree[r.ObjectFormat]
	}
	args := diffIndexArgs(base)
	var out []byte
	var err error
	if r.early != nil && base == "HEAD" {
		res := <-r.early
		out, err = res.out, res.err
	} else {
		out, err = r.run(args...)
	}
	if err != nil {
		return nil, err
	}
	changes, gitlinks, perr := parseRawAll(out)
	if perr != nil {
		return nil, &CommandError{Args: args, Err: perr}
	}
	r.stagedGitlinks = gitlinks
	return changes, nil
}

// earlyResult is the output of a diff-index started before Open finished.
type earlyResult struct {
	out []byte
	err error
}

// OpenStaged is Open for a caller that will read the staged changes. It
// finds the repository without a process of its own where it safely can
// (see discover; the Repo has no HooksDir then) and reads the index at once
// for the in-process diff. When either is not possible, it starts the
// diff-index process at once instead, in the caller's environment, which
// names the same repository and index that Open finds.
func OpenStaged(dir string) (*Repo, error) {
	abs, env, r, ok, err := openDiscovered(dir)
	if err != nil {
		return nil, err
	}
	if !ok {
		early := startDiffIndex(abs, env)
		if r, err = OpenEnv(abs, env); err != nil {
			return nil, err
		}
		r.early = early
		// git answers, but cannot tell a damaged index: check it first.
		if ix, err := readIndex(r.IndexFile, r.hashLen()); indexFault(err) {
			r.indexErr = err
		} else if err == nil {
			ix.close()
		}
		return r, nil
	}
	if r.index, err = readIndex(r.IndexFile, r.hashLen()); indexFault(err) {
		r.indexErr = err
	} else if err != nil {
		r.early = startDiffIndex(abs, env)
	}
	return r, nil
}

// indexFault tells an index that is damaged or unreadable, which nobody can
// answer for, from one only git reads.
func indexFault(err error) bool {
	var damaged *IndexDamagedError
	var unreadable *IndexReadError
	return errors.As(err, &damaged) || errors.As(err, &unreadable)
}

// startDiffIndex runs the diff-index of StagedChanges against HEAD in the
// background.
func startDiffIndex(abs string, env []string) chan earlyResult {
	early := make(chan earlyResult, 1)
	go func() {
		out, err := runGit(abs, discoveryEnv(env), diffIndexArgs("HEAD")...)
		early <- earlyResult{out, err}
	}()
	return early
}

// parseRaw parses `--raw -z` output:
// ":<old mode> <new mode> <old hash> <new hash> <status>[score]\0<path>\0[<new path>\0]".
func parseRaw(out []byte) ([]Change, error) {
	changes, _, err := parseRawAll(out)
	return changes, err
}

// parseRawAll is parseRaw that also lists the submodule entries added or
// renamed, which the changes leave out.
func parseRawAll(out []byte) (changes []Change, gitlinks []string, err error) {
	fields := bytes.Split(out, []byte{0})
	if len(fields) > 0 && len(fields[len(fields)-1]) == 0 {
		fields = fields[:len(fields)-1]
	}
	for i := 0; i < len(fields); {
		c, paths, err := parseRawHeader(string(fields[i]))
		if err != nil {
			return nil, nil, err
		}
		if i+paths >= len(fields) {
			return nil, nil, &parseError{what: "raw diff: missing path"}
		}
		c.Path = string(fields[i+paths])
		if paths == 2 {
			c.OldPath = string(fields[i+1])
		}
		i += 1 + paths
		if addsGitlink(c) {
			gitlinks = append(gitlinks, c.Path)
		}
		if c, keep := normalize(c); keep {
			changes = append(changes, c)
		}
	}
	return changes, gitlinks, nil
}

// addsGitlink tells whether a change brings a submodule entry's path into
// the tree.
func addsGitlink(c Change) bool {
	return c.Mode == modeGitlink && (c.OldMode != modeGitlink || c.Status == 'R' || c.Status == 'C')
}

// StagedGitlinks lists the paths of the submodule entries the commit being
// made adds or renames, which StagedChanges leaves out: they hold no blob,
// but their names are committed.
func (r *Repo) StagedGitlinks() ([]string, error) {
	if _, err := r.StagedChanges(); err != nil {
		return nil, err
	}
	return r.stagedGitlinks, nil
}

func parseRawHeader(h string) (Change, int, error) {
	bad := &parseError{what: "raw diff line " + strconv.Quote(h)}
	f := strings.Split(strings.TrimPrefix(h, ":"), " ")
	if !strings.HasPrefix(h, ":") || len(f) != 5 || f[4] == "" {
		return Change{}, 0, bad
	}
	oldMode, err1 := strconv.ParseUint(f[0], 8, 32)
	newMode, err2 := strconv.ParseUint(f[1], 8, 32)
	if err1 != nil || err2 != nil || !isHash(f[2]) || !isHash(f[3]) {
		return Change{}, 0, bad
	}
	c := Change{Status: f[4][0], OldMode: uint32(oldMode), Mode: uint32(newMode),
		OldHash: nonZero(f[2]), Hash: nonZero(f[3])}
	if len(f[4]) > 1 {
		score, err := strconv.Atoi(f[4][1:])
		if err != nil {
			return Change{}, 0, bad
		}
		c.Score = score
	}
	switch c.Status {
	case 'R', 'C':
		return c, 2, nil
	case 'A', 'M', 'D', 'T', 'U':
		return c, 1, nil
	}
	return Change{}, 0, bad
}

// normalize drops gitlinks and turns file/submodule type changes into the
// addition or deletion they are for blob content.
func normalize(c Change) (Change, bool) {
	switch {
	case c.Mode == modeGitlink && (c.OldMode == modeGitlink || c.OldMode == 0):
		return c, false
	case c.Mode == 0 && c.OldMode == modeGitlink:
		return c, false
	case c.Mode == modeGitlink:
		return Change{Status: 'D', Path: c.Path, OldPath: c.Path, OldMode: c.OldMode, OldHash: c.OldHash}, true
	case c.OldMode == modeGitlink:
		return Change{Status: 'A', Path: c.Path, Mode: c.Mode, Hash: c.Hash}, true
	}
	if c.OldPath == "" && c.Status != 'A' {
		c.OldPath = c.Path
	}
	return c, true
}

func isHash(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c-'0' > 9 && c-'a' > 5 { // unsigned: below '0' or 'a' wraps
			return false
		}
	}
	return true
}

func nonZero(h string) string {
	if strings.Trim(h, "0") == "" {
		return ""
	}
	return h
}
