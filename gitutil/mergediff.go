package gitutil

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"io"
	"os/exec"
	"strings"
	"sync"
)

// Merges are read apart from the rest of a history. A merge's combined
// diff (--cc) shows only the paths whose content differs from every
// parent's, yet git computes it by diffing the merge against each parent
// in full, with rename detection: for the merge of a branch that lived
// while the main line moved on, that is a diff of everything the main line
// did meanwhile, and on real histories it is close to half of the log's
// cost. The main log therefore prints merges without a diff
// (--diff-merges=off), and a merge goes to a `git log --cc` of its own only
// when a walk of its tree and its parents' trees finds a path that differs
// from every parent (mergeDiffers): any other merge's combined diff is
// empty, by the definition of --cc, so the merge is handed over with no
// changes, exactly as the combined diff would have it. The walk descends
// only into directories that differ from every parent's, so a merge
// costs a few tree reads.

// mergeDiffers tells whether some path of merge differs from every parent's
// entry at the same path (content, mode, or presence). It errs on the side
// of yes: a commit or tree it cannot read makes the answer yes, so that
// git is asked.
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
		t, ok := commitTree(o)
		if !ok {
			return true
		}
		trees[i] = t
	}
	differs, err := r.treeDiffersFromAll(trees[0], trees[1:], 0)
	return err != nil || differs
}

// commitTree reads the tree a commit object names on its first line.
func commitTree(o object) (string, bool) {
	if o.kind != "commit" || !bytes.HasPrefix(o.data, []byte("tree ")) {
		return "", false
	}
	line, _, _ := bytes.Cut(o.data[len("tree "):], []byte{'\n'})
	if len(line) != 40 && len(line) != 64 {
		return "", false
	}
	if _, err := hex.DecodeString(string(line)); err != nil {
		return "", false
	}
	return string(line), true
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

// mergeLog reads the combined diffs of a range's merges from one git log,
// in the order the main log reaches them. The range's list (logsplit.go)
// names its merges; each is judged by mergeDiffers in the background, and
// those with a path that differs from every parent are printed by a `git
// log --cc --no-walk=unsorted --stdin`, read one merge at a time as the
// main log reaches it. A merge the list does not name, or any difference
// between the two logs, falls back to a git log of the merge alone.
type mergeLog struct {
	ready chan struct{} // closed once listed, want and proc are set

	mu      sync.Mutex
	stopped bool
	passer  *exec.Cmd // the git judging the merges, while it runs

	listed   map[string]bool // the range's merges; nil: not listed
	by       string          // who judged them: "git" or "process"
	want     map[string]bool // the merges the segments' logs print
	segments []segment       // the logs to read, in order
	repo     *Repo
	marker   string
	proc     *logProc // the segment's log being read

	items  chan mergeItem // the commits proc prints, one at a time
	ack    chan struct{}  // the reader may go on past the item handed over
	quit   chan struct{}  // closed when the reading ends early
	reader bool           // the goroutine reading proc runs
	broken bool           // proc is not used any more
}

// mergeItem is a commit proc printed, or why there is none.
type mergeItem struct {
	c   CommitChanges
	err error
}

func newMergeLog() *mergeLog {
	return &mergeLog{ready: make(chan struct{}), quit: make(chan struct{})}
}

// mergePassMin is the fewest merges judged by git (mergePass) instead of
// in process: git's walk of many trees at once costs less than reading
// them here, and runs alongside.
const mergePassMin = 64

// prepare judges the merges the list names and sets out the logs of
// those that need a combined diff; it is called once, after the range is
// listed.
func (m *mergeLog) prepare(r *Repo, revs []string, merges [][]string, ok bool, marker string) {
	defer close(m.ready)
	if !ok {
		return
	}
	listed := make(map[string]bool, len(merges))
	for _, f := range merges {
		listed[f[0]] = true
	}
	var judged []judgedMerge
	done := false
	by := "git"
	if len(merges) >= mergePassMin {
		judged, done = m.pass(r, revs, listed)
	}
	if !done {
		by = "process"
		judged = judged[:0]
		for _, f := range merges {
			if m.isStopped() {
				return
			}
			if r.mergeDiffers(f[0], f[1:]) {
				judged = append(judged, judgedMerge{hash: f[0]})
			}
		}
	}
	want := make(map[string]bool, len(judged))
	for _, j := range judged {
		want[j.hash] = true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.stopped {
		return
	}
	m.listed, m.want, m.by = listed, want, by
	m.segments = segmentMerges(judged)
	m.repo, m.marker = r, marker
}

// judgedMerge is a merge with a path that differs from every parent.
// modified is true when every such path is modified against every parent
// (neither added nor deleted): rename detection pairs only added paths
// with deleted ones, so it changes nothing in such a merge's combined
// diff, and the diff is read without it. Rename detection against a
// parent whose side is far behind is most of what a merge costs git.
type judgedMerge struct {
	hash     string
	modified bool
}

// segment is a run of merges, in order, read by one git log: without
// rename detection when renames is false.
type segment struct {
	hashes  []string
	renames bool
}

// segmentMax bounds the merges of one segment.
const segmentMax = 256

// segmentMerges cuts judged into segments: runs of merges read without
// rename detection, and runs of merges read with it.
func segmentMerges(judged []judgedMerge) []segment {
	var out []segment
	for _, j := range judged {
		if n := len(out); n == 0 || out[n-1].renames == j.modified || len(out[n-1].hashes) == segmentMax {
			out = append(out, segment{renames: !j.modified})
		}
		out[len(out)-1].hashes = append(out[len(out)-1].hashes, j.hash)
	}
	return out
}

// start starts the git log of seg.
func (seg segment) start(r *Repo, marker string) (*logProc, error) {
	args := logArgs([]string{"--no-walk=unsorted", "--stdin"}, marker)
	if !seg.renames {
		for i, a := range args {
			if a == "-M" {
				args[i] = "--no-renames"
			}
		}
	}
	return r.startLogProc(args, strings.NewReader(strings.Join(seg.hashes, "\n")+"\n"))
}

func (m *mergeLog) isStopped() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stopped
}

// pass asks git which merges of the range have a path that differs from
// every parent's: the raw combined diff without rename detection lists
// exactly those paths, from one walk of all the trees at once. The merges
// that have one come back in the order of the walk; ok is false when git
// failed, was stopped, or named a merge the list does not have.
func (m *mergeLog) pass(r *Repo, revs []string, listed map[string]bool) (judged []judgedMerge, ok bool) {
	args := append(append([]string{"log", "--merges"}, rangeWalk(revs)...),
		"--diff-merges=cc", "--raw", "--no-renames", "--no-abbrev", "--no-color", "-z", "--format=%x01%H", "--")
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = r.TopLevel, r.env
	var out io.ReadCloser
	var err error
	m.mu.Lock()
	if !m.stopped {
		if out, err = cmd.StdoutPipe(); err == nil {
			if err = cmd.Start(); err == nil {
				m.passer = cmd
			}
		}
	}
	started := m.passer != nil
	m.mu.Unlock()
	if !started {
		return nil, false
	}
	judged, ok = parsePass(bufio.NewReaderSize(out, 64<<10), listed)
	if !ok {
		cmd.Process.Kill()
	}
	io.Copy(io.Discard, out)
	if err := cmd.Wait(); err != nil {
		ok = false
	}
	m.mu.Lock()
	m.passer = nil
	m.mu.Unlock()
	return judged, ok
}

// parsePass reads the output of pass: for each merge "\x01<hash>" and its
// raw combined records, "::<modes> <hashes> <a status for each parent>"
// and the path, all NUL-terminated.
func parsePass(rd *bufio.Reader, listed map[string]bool) ([]judgedMerge, bool) {
	var judged []judgedMerge
	var cur *judgedMerge
	paths := 0
	end := func() {
		if cur != nil && paths > 0 {
			judged = append(judged, *cur)
		}
	}
	for {
		tok, err := rd.ReadBytes(0)
		if err == io.EOF && len(tok) == 0 {
			end()
			return judged, true
		}
		if err != nil {
			return nil, false
		}
		tok = bytes.TrimPrefix(tok[:len(tok)-1], []byte{'\n'})
		switch {
		case len(tok) == 0:
		case tok[0] == 1:
			end()
			h := string(tok[1:])
			if !listed[h] {
				return nil, false
			}
			cur, paths = &judgedMerge{hash: h, modified: true}, 0
		case tok[0] == ':' && cur != nil:
			if _, err := rd.ReadBytes(0); err != nil { // the path
				return nil, false
			}
			f := bytes.Fields(tok)
			if status := f[len(f)-1]; len(status) == 0 || strings.Trim(string(status), "M") != "" {
				cur.modified = false
			}
			paths++
		default:
			return nil, false
		}
	}
}

// take hands over merge c, printed without a diff by the main log, as
// the combined diff shows it. read reads a log's output as the main log's
// reader does.
func (l *LogProcess) takeMerge(c CommitChanges, fn func(CommitChanges) error) error {
	m := l.merges
	if m != nil {
		<-m.ready
	}
	if m == nil || m.listed == nil || !m.listed[c.Hash] {
		if !l.repo.mergeDiffers(c.Hash, c.Parents) {
			return fn(c)
		}
		return l.mergeAlone(c, fn)
	}
	if !m.want[c.Hash] {
		return fn(c)
	}
	m.mu.Lock()
	start, broken := !m.reader, m.broken
	if start && !broken {
		m.reader = true
		m.items, m.ack = make(chan mergeItem), make(chan struct{})
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
	err := fn(it.c)
	m.ack <- struct{}{}
	return err
}

// read reads the segments' logs in turn and hands each commit over,
// waiting until it is done with. A commit is handed over once the next one
// is read, or once its git has ended well: output cut short by a git that
// failed is never taken for a whole commit.
func (m *mergeLog) read(l *LogProcess) {
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
	for _, seg := range m.segments {
		m.mu.Lock()
		var p *logProc
		err := errSwitch
		if !m.broken {
			p, err = seg.start(m.repo, m.marker)
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

// close stops proc; later merges are read alone. It is safe to call more
// than once.
func (m *mergeLog) close() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.broken {
		m.broken = true
		close(m.quit)
	}
}

// stop ends the judging and the log being read; it waits for neither.
func (m *mergeLog) stop() {
	if m == nil {
		return
	}
	m.mu.Lock()
	if m.stopped {
		m.mu.Unlock()
		return
	}
	m.stopped = true
	if m.passer != nil {
		m.passer.Process.Kill()
	}
	if m.proc != nil { // the reader ends it once git stops printing
		m.proc.cmd.Process.Kill()
	}
	m.mu.Unlock()
	m.close()
}

// mergeAlone reads merge c's combined diff from a git log of its own.
func (l *LogProcess) mergeAlone(c CommitChanges, fn func(CommitChanges) error) error {
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
