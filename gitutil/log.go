package gitutil

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
)

// Line is one line a commit adds: its 1-based number in the file as the
// commit leaves it, and its text without the line ending.
type Line struct {
	Number int
	Text   []byte
}

// FileChange is one path a commit changes, with the lines it adds.
type FileChange struct {
	Change
	Added []Line
	// Binary tells that an added line holds a NUL byte: the content is
	// binary (or UTF-16), judged by what it is, whatever the attributes
	// say. Its lines are listed all the same, split at each '\n' byte.
	Binary bool
	// Truncated tells that the file's patch passed the log's section
	// limit: the lines listed are only those before it.
	Truncated bool
	// AddedBytes is the size of the added lines as the file holds them,
	// line endings included (a '\r' dropped from Text counts, a last line
	// without a newline has none).
	AddedBytes int64

	combined bool     // a merge's record, matched to a "diff --cc" section
	olds     []string // a merge's record: each parent's blob (none: "")
}

// CommitChanges is one commit of a range and what it changed: against its
// parent for an ordinary commit; for a merge, the paths and lines that
// differ from every parent (the conflict resolutions), nothing more. For a
// merge, OldHash and OldMode describe the first parent's side.
type CommitChanges struct {
	Hash    string
	Parents []string
	Changes []FileChange
	// Gitlinks are the paths of the submodule entries the commit adds or
	// renames: they hold no blob, so Changes leaves them out, but their
	// names are pushed all the same.
	Gitlinks []string
	// renames tells of a merge that a path it shows is added or deleted
	// against some parent: rename detection may pair it.
	renames bool
}

// ShallowError reports a shallow clone that lacks a commit the range needs.
type ShallowError struct {
	Commit string // the missing commit, or the commit whose parents are missing
}

func (e *ShallowError) Error() string {
	return fmt.Sprintf("shallow clone: the history needed around %s is not fetched; fetch it all (git fetch --unshallow, or fetch-depth: 0 in actions/checkout)", short(e.Commit))
}

func short(h string) string {
	if len(h) > 12 && isHash(h) {
		return h[:12]
	}
	return h
}

// logMarker starts every commit in the log output, followed by the run's
// nonce: a file name or content can hold the marker byte and a hash, but
// not a nonce drawn after it was committed.
const logMarker = '\x01'

// newMarker returns the marker and a fresh random nonce.
func newMarker() string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return string(logMarker) + hex.EncodeToString(b[:])
}

// logArgs reads the changes of every commit, oldest first, parents before
// children. Every option that user configuration or attributes could
// change is fixed: --text so that no attribute hides content as binary, no
// textconv, no external diff, no order file, no submodule log. walk are
// the options that choose and order the commits.
func logArgs(walk []string, marker string) []string {
	args := []string{"-c", "core.quotePath=false", "-c", "diff.orderFile=/dev/null",
		"-c", "diff.interHunkContext=0", "-c", "diff.suppressBlankEmpty=false", "log"}
	args = append(args, walk...)
	return append(args,
		"--raw", "-p", "-U0", "-M", "--cc", "--root", "-z", "--no-abbrev", "--text",
		"--no-color", "--no-ext-diff", "--no-textconv", "--no-relative", "--submodule=short",
		"--no-show-signature", "--src-prefix=a/", "--dst-prefix=b/", "--encoding=UTF-8",
		"--format=%x01"+marker[1:]+"%H%x00%P%x00", "--")
}

// mainLogArgs are logArgs for a log that prints merges without a diff:
// their combined diffs are read apart, for the merges that have one (see
// mergediff.go).
func mainLogArgs(walk []string, marker string) []string {
	return swapArg(logArgs(walk, marker), "--cc", "--diff-merges=off")
}

// swapArg replaces the argument from of args by to.
func swapArg(args []string, from, to string) []string {
	if i := slices.Index(args, from); i >= 0 {
		args[i] = to
	}
	return args
}

// rangeWalk is the walk of a range: the commits revs select (git rev-list
// syntax), oldest first, parents before children.
func rangeWalk(revs []string) []string {
	return append([]string{"--reverse", "--topo-order"}, revs...)
}

// Log lists the commits that revs select (git rev-list syntax, e.g.
// "base..head", or "abc", "--not", "--remotes"), oldest first, parents
// before children, with the lines each adds, read from one `git log -p
// -U0 --cc --raw -z`. Paths and hashes come from the raw records; the
// added lines and their numbers from the patch hunks. Merges are shown as
// combined diffs (--cc): a line counts as added only when it is in none of
// the parents. In a shallow clone, a commit of the range whose parents
// were not fetched is a *ShallowError.
func (r *Repo) Log(revs ...string) ([]CommitChanges, error) {
	var out []CommitChanges
	err := r.LogEach(revs, func(c CommitChanges) error {
		out = append(out, keepLines(c))
		return nil
	})
	return out, err
}

// keepLines copies the text of the lines a commit adds out of the log
// output, which is reused once the commit is handed over.
func keepLines(c CommitChanges) CommitChanges {
	size := 0
	for _, fc := range c.Changes {
		for _, l := range fc.Added {
			size += len(l.Text)
		}
	}
	buf := make([]byte, 0, size)
	for _, fc := range c.Changes {
		for i, l := range fc.Added {
			buf = append(buf, l.Text...)
			fc.Added[i].Text = buf[len(buf)-len(l.Text) : len(buf) : len(buf)]
		}
	}
	return c
}

// LogEach is Log calling fn for each commit as git prints it, so that the
// caller's work overlaps git's. An error from fn stops the walk and is
// returned. The Text of the added lines is valid only until fn returns.
func (r *Repo) LogEach(revs []string, fn func(CommitChanges) error) error {
	l := r.StartLog(revs...)
	defer l.Stop()
	return l.Each(fn)
}

// LogProcess is a git log that StartLog started: git prints the history
// while the caller does other work, and Each reads it. A long range is
// printed by two git processes at once (see logsplit.go); Each hands over
// the same commits in the same order either way.
type LogProcess struct {
	repo     *Repo
	marker   string
	head     *logProc  // the whole range, oldest first
	split    *logSplit // the newer part, printed alongside; nil: none
	merges   *mergeLog // the merges' combined diffs; nil: each merge read alone
	err      error     // from the start
	finished bool
	switched bool  // Each read the newer part from the second git
	limit    int64 // bytes of hunk lines kept per file; 0: no limit
	// replaced tells that the repository has replace refs, once
	// replaceAsked.
	replaceAsked, replaced bool
}

// SetSectionLimit bounds the patch text read for one file of one commit:
// past limit bytes of hunk lines, the rest of the file's patch is dropped
// as git prints it and the file is marked Truncated. Call it before Each.
func (l *LogProcess) SetSectionLimit(limit int64) { l.limit = limit }

// logPipeSize is the pipe buffer asked for git log's output: room for git
// to go on printing while the range is resolved and the rules are built.
const logPipeSize = 1 << 20

// StartLog starts the git log that Log reads; an error starting it is
// returned by Each. Stop must be called when the log is no longer needed.
func (r *Repo) StartLog(revs ...string) *LogProcess {
	l := &LogProcess{repo: r, marker: newMarker()}
	if l.head, l.err = r.startLogProc(mainLogArgs(rangeWalk(revs), l.marker), nil); l.err == nil {
		l.merges = newMergeLog()
		l.split = r.startSplit(revs, l.marker, func(merges []string, ok bool) {
			go l.merges.prepare(r, revs, merges, ok)
		})
	}
	return l
}

// logProc is one git log process and the pipe it prints into.
type logProc struct {
	args   []string
	cmd    *exec.Cmd
	out    *os.File
	stderr *boundedBuffer
	err    error // what wait found
}

// logWriteBlock is the output buffer git is given where stdbuf (GNU
// coreutils) is installed: git's standard output is otherwise written in
// blocks of 4 KiB to a pipe, each a write for git and a read and a wake-up
// for the reader, tens of thousands of them over a long history.
const logWriteBlock = "1M"

// logCommand runs git with args, through stdbuf when it is installed on
// Linux (GNU coreutils', whose buffer reaches git through the dynamic
// linker), so that git writes its output in blocks of logWriteBlock. The
// output is the same bytes either way.
func logCommand(args []string) *exec.Cmd {
	if runtime.GOOS != "linux" {
		return exec.Command("git", args...)
	}
	if sb, err := exec.LookPath("stdbuf"); err == nil {
		if git, err := exec.LookPath("git"); err == nil {
			return exec.Command(sb, append([]string{"-o" + logWriteBlock, git}, args...)...)
		}
	}
	return exec.Command("git", args...)
}

// startLogProc starts git with args, printing into a widened pipe; stdin,
// when not nil, is what git reads.
func (r *Repo) startLogProc(args []string, stdin io.Reader) (*logProc, error) {
	p := &logProc{args: args, cmd: logCommand(args), stderr: &boundedBuffer{}}
	// GIT_FLUSH=0: git fills its buffer before writing instead of flushing
	// after every commit, which halves the reads and the wake-ups.
	env := append(r.env[:len(r.env):len(r.env)], "GIT_FLUSH=0")
	p.cmd.Dir, p.cmd.Env, p.cmd.Stderr, p.cmd.Stdin = r.TopLevel, env, p.stderr, stdin
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	widenPipe(pw, logPipeSize)
	p.cmd.Stdout = pw
	err = p.cmd.Start()
	pw.Close()
	if err != nil {
		pr.Close()
		return nil, &CommandError{Args: args, Err: err}
	}
	p.out = pr
	return p, nil
}

// kill ends git if it still runs; it is safe on nil and to call more than
// once.
func (p *logProc) kill() {
	if p == nil || p.out == nil {
		return
	}
	p.cmd.Process.Kill()
	p.out.Close()
	p.out = nil
	p.cmd.Wait()
}

// wait waits for git once its output is read; it is safe to call more
// than once.
func (p *logProc) wait() error {
	if p.out == nil {
		return p.err
	}
	p.out.Close()
	p.out = nil
	if err := p.cmd.Wait(); err != nil {
		p.err = &CommandError{Args: p.args, Err: err, Stderr: p.stderr.String()}
	}
	return p.err
}

// Each calls fn for each commit, oldest first, as git prints it. An error
// from fn stops the walk and is returned. Each reads the log once. The
// Text of the added lines is valid only until fn returns.
func (l *LogProcess) Each(fn func(CommitChanges) error) error {
	if l.err != nil || l.finished {
		return l.err
	}
	l.finished = true
	boundary, err := l.repo.shallowCommits()
	if err != nil {
		l.Stop()
		return err
	}
	at := &splitWatch{split: l.split}
	fn = l.withMerges(fn)
	err = l.read(l.head, l.head.out, boundary, func(c CommitChanges) error {
		if at.reached(c.Hash) {
			return errSwitch
		}
		return fn(c)
	})
	switch {
	case err == errSwitch:
		// The older part is handed over: the rest comes from the second
		// git, which printed it meanwhile.
		l.head.kill()
		l.switched = true
		err = l.readSplit(at, boundary, fn)
	case err == nil:
		// Read to the end: the merges were all handed over, so a listing
		// of them that has not started by now never will.
		l.merges.noListing()
		l.split.cancel()
		err = l.head.wait()
	}
	if err != nil {
		l.Stop()
	}
	return err
}

// withMerges hands the merges of the main log, printed without a diff,
// over with their combined diffs (see mergediff.go).
func (l *LogProcess) withMerges(fn func(CommitChanges) error) func(CommitChanges) error {
	return func(c CommitChanges) error {
		if len(c.Parents) < 2 {
			return fn(c)
		}
		return l.takeMerge(c, fn)
	}
}

// readSplit reads the newer part of the range from the second git.
func (l *LogProcess) readSplit(at *splitWatch, boundary map[string]bool, fn func(CommitChanges) error) error {
	s := l.split
	err := l.read(s.tail, s.spool, boundary, func(c CommitChanges) error {
		if !at.follows(c.Hash) {
			return &CommandError{Args: s.tail.args, Err: &parseError{what: "log: commit " + short(c.Hash) + " not listed"}}
		}
		return fn(c)
	})
	if err != nil {
		return err
	}
	if err := s.wait(); err != nil {
		return err
	}
	if !at.done() {
		return &CommandError{Args: s.tail.args, Err: &parseError{what: "log: listed commits missing"}}
	}
	return nil
}

// read parses the output of p, read from rd, one commit at a time.
func (l *LogProcess) read(p *logProc, rd io.Reader, boundary map[string]bool, fn func(CommitChanges) error) error {
	parser := &logParser{marker: l.marker, one: true}
	out := rd
	if l.limit > 0 {
		lim := newSectionLimiter(rd, l.limit, l.marker)
		rd, parser.trunc = lim, string(lim.trunc[:len(lim.trunc)-1])
	}
	err := splitCommits(rd, l.marker, func(chunk []byte) error {
		parser.data, parser.pos = chunk, 0
		c, err := parser.commit()
		if err == nil && parser.pos != len(chunk) {
			err = &parseError{what: "log: trailing output"}
		}
		if err != nil {
			return &CommandError{Args: p.args, Err: err}
		}
		if boundary[c.Hash] {
			return &ShallowError{Commit: c.Hash}
		}
		return fn(c)
	})
	var pe *parseError
	if errors.As(err, &pe) {
		if gerr := p.failure(out); gerr != nil {
			return gerr
		}
	}
	return err
}

// failure is git's own error when its output out has ended and git
// failed: output cut short by a git that died is reported as what git
// said, not as unreadable output. It is nil while git still prints.
func (p *logProc) failure(out io.Reader) error {
	var b [1]byte
	if n, err := out.Read(b[:]); n > 0 || err != io.EOF {
		return nil
	}
	return p.wait()
}

// HasParent tells whether hash is a parent of a commit of the range, as
// git rev-list lists it while the log starts (it waits for the list). For
// a range base..head, base is an ancestor of head, and so their merge
// base, exactly when it is the parent of a commit of the range. known is
// false when the range could not be listed.
func (l *LogProcess) HasParent(hash string) (has, known bool) {
	return l.split.hasParent(hash)
}

// Stop ends git if it still runs, and waits until every git it started
// has ended; it is safe to call more than once.
func (l *LogProcess) Stop() {
	l.merges.stop()
	l.split.cancel()
	l.merges.wait()
	l.head.kill()
}

// splitCommits reads the log output and hands over one commit's output at
// a time: the marker at the start of the output, or after a newline or
// NUL, followed by a hash and a NUL, starts a commit. A chunk is valid
// until fn returns: the buffer is reused for the output that follows.
func splitCommits(rd io.Reader, marker string, fn func([]byte) error) error {
	const room = 64 << 10
	buf := make([]byte, 0, 256<<10)
	start, scanned := 0, 1
	for {
		if cap(buf)-len(buf) < room {
			rest := len(buf) - start
			if rest+room > cap(buf)/2 {
				grown := make([]byte, rest, 2*cap(buf))
				copy(grown, buf[start:])
				buf = grown
			} else {
				buf = buf[:copy(buf, buf[start:])]
			}
			scanned -= start
			start = 0
		}
		n, rerr := rd.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		for {
			b := nextCommit(buf, max(scanned, start+1), marker)
			if b < 0 {
				scanned = max(len(buf)-80-len(marker), start+1)
				break
			}
			if err := fn(buf[start:b]); err != nil {
				return err
			}
			start, scanned = b, b+1
		}
		if rest := len(buf) - start; cap(buf) > splitKeep && rest < cap(buf)/16 {
			// After a large commit, the memory it needed is given back.
			small := make([]byte, rest, max(2*rest, 256<<10))
			copy(small, buf[start:])
			buf, scanned, start = small, scanned-start, 0
		}
		if rerr == io.EOF {
			if len(buf) > start {
				return fn(buf[start:])
			}
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}

// splitKeep is the most memory splitCommits keeps between commits.
const splitKeep = 4 << 20

// nextCommit finds the start of the next commit in data from offset from.
func nextCommit(data []byte, from int, marker string) int {
	for i := from; i < len(data); {
		j := bytes.IndexByte(data[i:], logMarker)
		if j < 0 {
			return -1
		}
		i += j
		if prev := data[i-1]; prev == '\n' || prev == 0 {
			h := i + len(marker)
			if len(data) < h+66 && bytes.HasPrefix([]byte(marker), data[i:min(len(data), h)]) &&
				bytes.IndexByte(data[min(len(data), h):], 0) < 0 {
				return -1 // the marker and hash are not all here yet
			}
			if len(data) >= h && string(data[i:h]) == marker {
				end := bytes.IndexByte(data[h:min(len(data), h+66)], 0)
				if end >= 0 && isHash(string(data[h:h+end])) {
					return i
				}
			}
		}
		i++
	}
	return -1
}

// IsShallow tells whether the repository is a shallow clone.
func (r *Repo) IsShallow() (bool, error) {
	b, err := r.shallowCommits()
	return len(b) > 0, err
}

// shallowCommits reads the commits whose parents a shallow clone lacks.
func (r *Repo) shallowCommits() (map[string]bool, error) {
	data, err := os.ReadFile(r.GitPath("shallow"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, l := range strings.Fields(string(data)) {
		out[l] = true
	}
	return out, nil
}

// ResolveCommit returns the full hash of the commit rev names; ok is false
// when there is no such commit in the repository.
func (r *Repo) ResolveCommit(rev string) (hash string, ok bool, err error) {
	if rev == "" || strings.ContainsAny(rev, "\n\x00") {
		return "", false, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	objs, err := r.objects([]string{rev + "^{commit}"})
	if err != nil || objs[0].kind != "commit" {
		return "", false, err
	}
	return objs[0].hash, true, nil
}

// FileAt returns the content of path (slash-separated, from the top level)
// in the commit rev; ok is false when there is no file there.
func (r *Repo) FileAt(rev, path string) (data []byte, ok bool, err error) {
	if strings.ContainsAny(path, "\n\x00") || strings.ContainsAny(rev, "\n\x00:") {
		return nil, false, fmt.Errorf("gitutil: cannot look up %q in %q", path, rev)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	objs, err := r.objects([]string{rev + ":" + strings.Trim(path, "/")})
	if err != nil || objs[0].kind != "blob" {
		return nil, false, err
	}
	return objs[0].data, true, nil
}

// MergeBase returns the best common ancestor of two commits; ok is false
// when they have none.
func (r *Repo) MergeBase(a, b string) (base string, ok bool, err error) {
	out, err := r.run("merge-base", "--end-of-options", a, b)
	var ce *CommandError
	if errors.As(err, &ce) && exitCode(ce) == 1 {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	base = strings.TrimSpace(string(out))
	if !isHash(base) {
		return "", false, badOutput([]string{"merge-base", a, b}, "merge-base %q", base)
	}
	return base, true, nil
}
