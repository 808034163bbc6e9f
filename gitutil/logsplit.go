package gitutil

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
)

// A long range is printed by two git log processes at once, so that a
// machine with two cores prints it in less time: the first prints the
// whole range, oldest first, and is read as it prints; the second prints
// the newer part of the same commits, in the same order, named one by one
// (git log --no-walk=unsorted --stdin), into memory. Once the first
// reaches the newer part it is stopped, and the rest is read from the
// second. The list comes from git rev-list with the first log's walk, run
// while the first log starts; the first log's commits are compared with
// it one by one, and any difference, or a list that arrives after the
// first log passed the cut, drops the second log. Both print with the
// same options, so each commit's output is the same bytes either way.

const (
	// splitMin is the fewest commits a range has for a second git to pay.
	splitMin = 32
	// splitShare is the first log's share of the commits, in percent: it
	// is read while it prints, the second mostly after it, so the first
	// takes the larger part.
	splitShare = 65
	// splitMaxCommits bounds the list rev-list is read for; a longer
	// range is printed by one git.
	splitMaxCommits = 1 << 17
	// spoolLimit bounds the second log's output held in memory; past it
	// git waits until the output is read.
	spoolLimit = 16 << 20
	// spoolBlock is the size of the blocks that output is read into.
	spoolBlock = 1 << 20
)

// errSwitch stops the reading of the first log where the second takes over.
var errSwitch = errors.New("gitutil: switch to the second log")

// logSplit is the second git log of a range, and what decides it.
type logSplit struct {
	ready chan struct{} // closed once order, at, tail and spool are set

	mu      sync.Mutex
	stopped bool
	lister  *exec.Cmd // the rev-list, while it runs

	order   []string                       // the range's commits, in the order the first log prints them
	parents map[string]bool                // the parents of the range's commits; nil: the range is not listed
	merges  []string                       // the range's merges, in order
	listed  func(merges []string, ok bool) // told the merges once the range is listed
	at      int                            // index in order of the first commit tail prints
	tail    *logProc                       // nil: no second log
	spool   *spool
}

// startSplit lists the commits of revs and, for a long range, starts the
// second log, in the background: the first log does not wait for it.
func (r *Repo) startSplit(revs []string, marker string, listed func([]string, bool)) *logSplit {
	s := &logSplit{ready: make(chan struct{}), listed: listed}
	go s.start(r, revs, marker)
	return s
}

func (s *logSplit) start(r *Repo, revs []string, marker string) {
	defer close(s.ready)
	order, parents := s.list(r, revs)
	s.parents = parents
	if s.listed != nil {
		s.listed(s.merges, parents != nil)
	}
	if len(order) < splitMin {
		return
	}
	at := len(order) * splitShare / 100
	stdin := strings.NewReader(strings.Join(order[at:], "\n") + "\n")
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return
	}
	tail, err := r.startLogProc(mainLogArgs([]string{"--no-walk=unsorted", "--stdin"}, marker), stdin)
	if err != nil {
		return // the first log prints it all
	}
	s.order, s.at, s.tail, s.spool = order, at, tail, newSpool(tail.out, spoolLimit)
}

// list runs git rev-list over revs with the first log's walk, and reads
// the range's commits and their parents; parents is nil when it fails, is
// stopped, or the range has more than splitMaxCommits commits.
func (s *logSplit) list(r *Repo, revs []string) (order []string, parents map[string]bool) {
	args := append(append([]string{"rev-list", "--parents"}, rangeWalk(revs)...), "--")
	cmd, out := startLister(r, args, &s.mu, &s.stopped, &s.lister)
	if cmd == nil {
		return nil, nil
	}
	listed := true
	parents = map[string]bool{}
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 1<<20) // an octopus merge's line
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || !allHashes(f) || len(order) == splitMaxCommits {
			listed = false
			cmd.Process.Kill()
			break
		}
		order = append(order, f[0])
		if len(f) > 2 {
			s.merges = append(s.merges, f[0])
		}
		for _, p := range f[1:] {
			parents[p] = true
		}
	}
	if !endLister(cmd, out, sc, &s.mu, &s.lister) {
		listed = false
	}
	if !listed {
		return nil, nil
	}
	return order, parents
}

// startLister starts git with args, its output piped, unless *stopped
// (read under mu) says the work it is for is stopped; *running is set to
// it under mu, so that a stop can kill it. The pipe is made only for a git
// that starts: one never started would leave it open.
func startLister(r *Repo, args []string, mu *sync.Mutex, stopped *bool, running **exec.Cmd) (*exec.Cmd, io.ReadCloser) {
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = r.TopLevel, r.env
	mu.Lock()
	defer mu.Unlock()
	if *stopped {
		return nil, nil
	}
	out, err := cmd.StdoutPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		return nil, nil
	}
	*running = cmd
	return cmd, out
}

// endLister reads what is left of a lister's output, waits for it and
// clears *running under mu; it tells whether git and the reading of its
// output by sc ended well.
func endLister(cmd *exec.Cmd, out io.Reader, sc *bufio.Scanner, mu *sync.Mutex, running **exec.Cmd) bool {
	io.Copy(io.Discard, out)
	err := cmd.Wait()
	mu.Lock()
	*running = nil
	mu.Unlock()
	return err == nil && sc.Err() == nil
}

func allHashes(f []string) bool {
	for _, h := range f {
		if !isHash(h) {
			return false
		}
	}
	return true
}

// hasParent tells whether hash is a parent of a commit of the range;
// known is false when the range could not be listed.
func (s *logSplit) hasParent(hash string) (has, known bool) {
	if s == nil {
		return false, false
	}
	<-s.ready
	return s.parents[hash], s.parents != nil
}

// cancel stops the second log, if any, and waits until the split is
// settled; it is safe on nil and to call more than once.
func (s *logSplit) cancel() {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.stopped = true
	if s.lister != nil {
		s.lister.Process.Kill()
	}
	s.mu.Unlock()
	<-s.ready
	if s.spool != nil {
		s.spool.close()
	}
	s.tail.kill()
}

// wait waits for the second log once its output is read.
func (s *logSplit) wait() error {
	s.spool.close()
	return s.tail.wait()
}

// splitWatch follows the first log's commits against the list and tells
// where the second log takes over.
type splitWatch struct {
	split   *logSplit // nil once no second log will be used
	decided bool
	seen    []string // the commits handed over before the list arrived
	i       int      // index of the next commit
}

// reached tells whether hash, the first log's next commit, is where the
// second log takes over. A first log that differs from the list, or that
// is past the cut when the list arrives, drops the second log.
func (w *splitWatch) reached(hash string) bool {
	s := w.split
	if s == nil {
		return false
	}
	if !w.decided {
		select {
		case <-s.ready:
			w.decided = true
			if s.tail == nil || w.i > s.at || !slices.Equal(w.seen, s.order[:w.i]) {
				w.drop()
				return false
			}
			w.seen = nil
		default:
			w.seen = append(w.seen, hash)
			w.i++
			return false
		}
	}
	if w.i >= len(s.order) || s.order[w.i] != hash {
		w.drop()
		return false
	}
	if w.i == s.at {
		if s.tailFailed() {
			// The first log still runs: it prints the rest.
			w.drop()
			return false
		}
		return true
	}
	w.i++
	return false
}

// tailFailed tells whether the second log has already ended with an
// error; it does not wait for one that still prints.
func (s *logSplit) tailFailed() bool {
	return s.spool.ended() && s.tail.wait() != nil
}

func (w *splitWatch) drop() {
	w.split.cancel()
	w.split = nil
}

// follows tells whether hash is the next listed commit, in the second log.
func (w *splitWatch) follows(hash string) bool {
	s := w.split
	if w.i >= len(s.order) || s.order[w.i] != hash {
		return false
	}
	w.i++
	return true
}

// done tells whether the second log printed every listed commit.
func (w *splitWatch) done() bool { return w.i == len(w.split.order) }

// spool reads a pipe into memory in the background, up to a limit, so
// that the git printing into it need not wait for the reader.
type spool struct {
	f      *os.File
	mu     sync.Mutex
	cond   sync.Cond
	chunks [][]byte
	held   int
	err    error // the pipe's end (io.EOF) or failure
	closed bool
}

func newSpool(f *os.File, limit int) *spool {
	s := &spool{f: f}
	s.cond.L = &s.mu
	go s.fill(limit)
	return s
}

func (s *spool) fill(limit int) {
	var block []byte
	for {
		if cap(block)-len(block) < 64<<10 {
			block = make([]byte, 0, spoolBlock)
		}
		n, err := s.f.Read(block[len(block):cap(block)])
		s.mu.Lock()
		if n > 0 {
			s.chunks = append(s.chunks, block[len(block):len(block)+n:len(block)+n])
			block = block[:len(block)+n]
			s.held += n
		}
		if err != nil {
			s.err = err
		}
		s.cond.Broadcast()
		for s.held >= limit && !s.closed {
			s.cond.Wait()
		}
		stop := s.err != nil || s.closed
		s.mu.Unlock()
		if stop {
			return
		}
	}
}

// Read hands over what was read, waiting while git prints.
func (s *spool) Read(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.chunks) == 0 && s.err == nil && !s.closed {
		s.cond.Wait()
	}
	if len(s.chunks) == 0 {
		if s.closed {
			return 0, os.ErrClosed
		}
		return 0, s.err
	}
	n := copy(p, s.chunks[0])
	if n == len(s.chunks[0]) {
		s.chunks[0] = nil
		s.chunks = s.chunks[1:]
	} else {
		s.chunks[0] = s.chunks[0][n:]
	}
	s.held -= n
	s.cond.Broadcast()
	return n, nil
}

// ended tells whether the pipe has ended: git closed it, or failed.
func (s *spool) ended() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err != nil
}

// close stops the filling; the pipe itself is closed with its process.
func (s *spool) close() {
	s.mu.Lock()
	s.closed = true
	s.cond.Broadcast()
	s.mu.Unlock()
}
