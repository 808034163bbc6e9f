package gitutil

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"os/exec"
	"strings"
	"sync"
)

// Merges are read apart from the rest of a history. A merge's combined
// diff (--cc) shows only the paths whose content differs from every
// parent's, yet with rename detection git computes it by diffing the
// merge against each parent in full first: for the merge of a branch that
// lived while the main line moved on (a pull request), that is a rename
// search over everything the main line did meanwhile, and on such
// histories it is most of the log's cost. So the main log prints merges
// without a diff (--diff-merges=off), and the merges of the range are
// printed by logs of their own (mergeLog), with --cc and without rename
// detection, as the main log reaches them. Rename detection pairs an
// added path with a deleted one; in a merge whose paths that differ from
// every parent are each modified against every parent (the common case:
// both sides changed a file), it can pair none of them, so the combined
// diff is the same without it. A merge with a path that is added or
// deleted against some parent (Renames) is read again with rename
// detection, alone. Either way each merge is handed over exactly as `git
// log --cc -M` prints it.

// mergeDiffers tells whether some path of merge differs from every parent's
// entry at the same path (content, mode, or presence): whether its combined
// diff can show anything. It judges the merges the range's list does not
// have, so that only those with a combined diff cost a git log. It errs on
// the side of yes: a commit or tree it cannot read makes the answer yes,
// so that git is asked.
func (r *Repo) mergeDiffers(merge string, parents []string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	names := append([]string{merge}, parents...)
	objs, err := r.objects(names)
	if err != nil {
		return true
	}
	trees := make([]string, len(objs))
	for i, o := range objs {
		_, tree, err := parseCommit(o.hash, o.data)
		if o.kind != "commit" || err != nil || !isHash(tree) {
			return true
		}
		trees[i] = tree
	}
	differs, err := r.treeDiffersFromAll(trees[0], trees[1:], 0)
	return err != nil || differs
}

// replaceRefs tells whether the repository has a replace ref. git may read
// a commit through it (core.useReplaceRefs in the repository's config
// outweighs GIT_NO_REPLACE_OBJECTS), while mergeDiffers reads the objects
// as stored: with one, every merge the list does not have is left to git.
// It asks git once; a failure counts as yes.
func (l *LogProcess) replaceRefs() bool {
	if !l.replaceAsked {
		l.replaceAsked = true
		out, err := l.repo.run("for-each-ref", "--count=1", "--format=x", "refs/replace/")
		l.replaced = err != nil || len(bytes.TrimSpace(out)) > 0
	}
	return l.replaced
}

// mergeTreeDepth bounds the descent of treeDiffersFromAll; past it the
// answer is yes.
const mergeTreeDepth = 256

// treeDiffersFromAll tells whether a path below tree m differs from the
// same path below every tree of ps ("" for a parent that has nothing
// there). The trees are walked side by side in git's order, without
// decoding them. The caller holds r.mu.
func (r *Repo) treeDiffersFromAll(m string, ps []string, depth int) (bool, error) {
	for _, p := range ps {
		if p == m {
			return false, nil
		}
	}
	if depth > mergeTreeDepth {
		return true, nil
	}
	names := []string{m}
	for _, p := range ps {
		if p != "" {
			names = append(names, p)
		}
	}
	objs, err := r.objects(names)
	if err != nil {
		return true, err
	}
	hl := r.hashLen()
	cur := make([]treeCursor, len(ps)+1)
	for i, j := 0, 0; i < len(cur); i++ {
		if i > 0 && ps[i-1] == "" {
			continue // nothing there: an empty tree
		}
		if objs[j].kind != "tree" {
			return true, nil
		}
		cur[i] = treeCursor{data: objs[j].data, hashLen: hl}
		j++
		if !cur[i].next() {
			return true, nil
		}
	}
	sub := make([]string, len(ps))
	for {
		// The smallest name of the current entries, in git's order.
		low := -1
		for i := range cur {
			if cur[i].ok && (low < 0 || cur[i].less(&cur[low])) {
				low = i
			}
		}
		if low < 0 {
			return false, nil
		}
		key := cur[low]
		mHas := cur[0].ok && cur[0].same(&key)
		differs := true
		for i := 1; i < len(cur); i++ {
			pHas := cur[i].ok && cur[i].same(&key)
			if pHas == mHas && (!mHas || cur[i].equal(&cur[0])) {
				differs = false
			}
			sub[i-1] = ""
			if pHas && cur[i].isTree() {
				sub[i-1] = hex.EncodeToString(cur[i].hash)
			}
		}
		if differs {
			if !mHas || !cur[0].isTree() {
				return true, nil
			}
			d, err := r.treeDiffersFromAll(hex.EncodeToString(cur[0].hash), sub, depth+1)
			if d || err != nil {
				return true, err
			}
		}
		for i := range cur {
			if cur[i].ok && cur[i].same(&key) && !cur[i].next() {
				return true, nil
			}
		}
	}
}

// treeCursor walks the entries of a tree object in place.
type treeCursor struct {
	data    []byte
	hashLen int
	ok      bool   // an entry is current
	mode    []byte // of the current entry
	name    []byte
	hash    []byte
}

// next moves to the next entry; false when the tree is damaged.
func (c *treeCursor) next() bool {
	c.ok = false
	if len(c.data) == 0 {
		return true
	}
	sp := bytes.IndexByte(c.data, ' ')
	nul := bytes.IndexByte(c.data, 0)
	if sp <= 0 || nul < sp || nul+1+c.hashLen > len(c.data) {
		return false
	}
	c.mode, c.name, c.hash = c.data[:sp], c.data[sp+1:nul], c.data[nul+1:nul+1+c.hashLen]
	c.data = c.data[nul+1+c.hashLen:]
	c.ok = true
	return true
}

func (c *treeCursor) isTree() bool { return string(c.mode) == "40000" }

// less orders entries as git sorts a tree: by name, a tree's name read
// with a slash after it.
func (c *treeCursor) less(o *treeCursor) bool {
	n := min(len(c.name), len(o.name))
	if d := bytes.Compare(c.name[:n], o.name[:n]); d != 0 {
		return d < 0
	}
	return c.endByte(n) < o.endByte(n)
}

// endByte is the byte at i of the name as git sorts it: past the name, a
// slash for a tree and nothing (0) for anything else.
func (c *treeCursor) endByte(i int) int {
	switch {
	case i < len(c.name):
		return int(c.name[i])
	case i == len(c.name) && c.isTree():
		return '/'
	}
	return 0
}

// same tells whether o's current entry has the same name and kind
// (tree or not) as c's.
func (c *treeCursor) same(o *treeCursor) bool {
	return bytes.Equal(c.name, o.name) && c.isTree() == o.isTree()
}

// equal tells whether o's current entry is c's: mode and object alike.
func (c *treeCursor) equal(o *treeCursor) bool {
	return bytes.Equal(c.mode, o.mode) && bytes.Equal(c.hash, o.hash)
}

// mergeLog prints the combined diffs of a range's merges, in the order the
// main log reaches them: segments of the listed merges, each printed by a
// `git log --cc --no-renames --no-walk=unsorted --stdin`, one after the
// other, and read one merge at a time. A merge the list does not have, or
// any difference between the logs, falls back to a git log of the merge
// alone.
type mergeLog struct {
	ready chan struct{} // closed once listed and hashes are set

	mu      sync.Mutex
	stopped bool
	lister  *exec.Cmd     // the rev-list listing the merges, while it runs
	proc    *logProc      // the segment's log being read
	done    chan struct{} // closed when the goroutine reading the segments has ended; nil: not started
	broken  bool          // the segments are not read any more

	listed map[string]bool // the range's merges; nil: not listed
	hashes []string        // the same, in the order of the main log

	items chan mergeItem // the merges the logs print, one at a time
	ack   chan struct{}  // the reader may go on past the item handed over
	quit  chan struct{}  // closed when the reading ends early
	alone int            // merges read alone (counted for the tests)
}

// mergeItem is a merge a segment's log printed, or why there is none.
type mergeItem struct {
	c   CommitChanges
	err error
}

func newMergeLog() *mergeLog {
	return &mergeLog{ready: make(chan struct{}), quit: make(chan struct{})}
}

// segmentMax bounds the merges of one segment's log.
const segmentMax = 256

// listMergesMax bounds the merges listed apart, when the range is too long
// for the main list; past it each merge is judged alone.
const listMergesMax = 1 << 17

// prepare takes the range's merges from the range's list, or lists them
// when the range could not be; it is called once, after the range is
// listed.
func (m *mergeLog) prepare(r *Repo, revs []string, hashes []string, ok bool) {
	defer close(m.ready)
	if !ok {
		if hashes, ok = m.list(r, revs); !ok {
			return
		}
	}
	listed := make(map[string]bool, len(hashes))
	for _, h := range hashes {
		listed[h] = true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.stopped {
		m.listed, m.hashes = listed, hashes
	}
}

// list lists the merges of revs with the main log's walk.
func (m *mergeLog) list(r *Repo, revs []string) ([]string, bool) {
	args := append(append([]string{"rev-list", "--merges"}, rangeWalk(revs)...), "--")
	cmd, out := startLister(r, args, &m.mu, &m.stopped, &m.lister)
	if cmd == nil {
		return nil, false
	}
	var hashes []string
	ok := true
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if h := sc.Text(); isHash(h) && len(hashes) < listMergesMax {
			hashes = append(hashes, h)
			continue
		}
		ok = false
		cmd.Process.Kill()
		break
	}
	return hashes, endLister(cmd, out, sc, &m.mu, &m.lister) && ok
}

// startSegment starts the log of the merges hashes.
func startSegment(r *Repo, marker string, hashes []string) (*logProc, error) {
	args := swapArg(logArgs([]string{"--no-walk=unsorted", "--stdin"}, marker), "-M", "--no-renames")
	return r.startLogProc(args, strings.NewReader(strings.Join(hashes, "\n")+"\n"))
}

// takeMerge hands over merge c, printed without a diff by the main log, as
// its combined diff shows it.
func (l *LogProcess) takeMerge(c CommitChanges, fn func(CommitChanges) error) error {
	m := l.merges
	if m != nil {
		<-m.ready
	}
	if m == nil || m.listed == nil || !m.listed[c.Hash] {
		if !l.replaceRefs() && !l.repo.mergeDiffers(c.Hash, c.Parents) {
			return fn(c)
		}
		return l.mergeAlone(c, fn)
	}
	m.mu.Lock()
	start, broken := m.done == nil, m.broken
	if start && !broken {
		m.items, m.ack, m.done = make(chan mergeItem), make(chan struct{}), make(chan struct{})
	}
	m.mu.Unlock()
	if broken {
		return l.mergeAlone(c, fn)
	}
	if start {
		go m.read(l)
	}
	it, ok := <-m.items
	if !ok || it.err != nil || it.c.Hash != c.Hash {
		m.close() // the reader, waiting for the hand-back, sees it and ends
		return l.mergeAlone(c, fn)
	}
	if it.c.renames {
		m.handBack()
		return l.mergeAlone(c, fn)
	}
	err := fn(it.c)
	m.handBack()
	return err
}

// handBack lets the reader go on past the merge it handed over, unless
// the reading has ended meanwhile.
func (m *mergeLog) handBack() {
	select {
	case m.ack <- struct{}{}:
	case <-m.quit:
	}
}

// read reads the segments' logs in turn and hands each merge over,
// waiting until it is done with. A merge is handed over once the next one
// is read, or once its git has ended well: output cut short by a git that
// failed is never taken for a whole merge.
func (m *mergeLog) read(l *LogProcess) {
	defer close(m.done)
	defer close(m.items)
	hand := func(it mergeItem) bool {
		select {
		case m.items <- it:
		case <-m.quit:
			return false
		}
		select {
		case <-m.ack:
			return true
		case <-m.quit:
			return false
		}
	}
	for from := 0; from < len(m.hashes); from += segmentMax {
		seg := m.hashes[from:min(from+segmentMax, len(m.hashes))]
		m.mu.Lock()
		var p *logProc
		err := errSwitch
		if !m.broken {
			p, err = startSegment(l.repo, l.marker, seg)
			m.proc = p
		}
		m.mu.Unlock()
		if err == errSwitch {
			return
		}
		if err != nil {
			hand(mergeItem{err: err})
			return
		}
		var pending *CommitChanges
		err = l.read(p, p.out, nil, func(c CommitChanges) error {
			if pending != nil && !hand(mergeItem{c: *pending}) {
				return errSwitch
			}
			kept := keepLines(c)
			pending = &kept
			return nil
		})
		if err == nil {
			err = p.wait()
		}
		p.kill()
		switch {
		case err == errSwitch:
			return
		case err != nil:
			hand(mergeItem{err: err})
			return
		case pending != nil && !hand(mergeItem{c: *pending}):
			return
		}
	}
}

// close stops the reading of the segments; later merges are read alone. It
// is safe to call more than once.
func (m *mergeLog) close() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closeLocked()
}

func (m *mergeLog) closeLocked() {
	if !m.broken {
		m.broken = true
		close(m.quit)
	}
}

// stop ends the listing and the log being read, and keeps another
// segment's log from starting; wait waits for them to end.
func (m *mergeLog) stop() {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.noListingLocked()
	if m.proc != nil { // the reader waits for it once git stops printing
		m.proc.cmd.Process.Kill()
	}
	m.closeLocked()
}

// noListing keeps a listing of the merges from starting, and ends one
// that runs, once the log is read to the end and no merge is left to read
// apart; the merges' reader is left to end on its own. Safe on nil.
func (m *mergeLog) noListing() {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.noListingLocked()
}

func (m *mergeLog) noListingLocked() {
	m.stopped = true
	if m.lister != nil {
		m.lister.Process.Kill()
	}
}

// wait waits, after stop, until the listing and the reader have ended,
// their git waited for. The listing is started once the range is listed:
// the caller has waited for that (logSplit.cancel).
func (m *mergeLog) wait() {
	if m == nil {
		return
	}
	<-m.ready
	m.mu.Lock()
	done := m.done
	m.mu.Unlock()
	if done != nil {
		<-done
	}
}

// mergeAlone reads merge c's combined diff, with rename detection, from a
// git log of its own.
func (l *LogProcess) mergeAlone(c CommitChanges, fn func(CommitChanges) error) error {
	if l.merges != nil {
		l.merges.mu.Lock()
		l.merges.alone++
		l.merges.mu.Unlock()
	}
	p, err := l.repo.startLogProc(logArgs([]string{"--no-walk", c.Hash}, l.marker), nil)
	if err != nil {
		return err
	}
	defer p.kill()
	got := false
	err = l.read(p, p.out, nil, func(m CommitChanges) error {
		if got || m.Hash != c.Hash {
			return &CommandError{Args: p.args, Err: &parseError{what: "log: commit " + short(m.Hash) + " not asked for"}}
		}
		got = true
		return fn(m)
	})
	if err == nil {
		err = p.wait()
	}
	if err == nil && !got {
		err = &CommandError{Args: p.args, Err: &parseError{what: "log: commit " + short(c.Hash) + " missing"}}
	}
	return err
}
