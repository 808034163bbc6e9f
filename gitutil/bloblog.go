package gitutil

import (
	"bytes"
	"errors"
	"strings"
)

// BlobLog reads a range's history blob first: one `git log --raw` (no
// patches) lists what each commit changes, each blob a commit introduces
// is read once from the object database and shown to a filter, and only
// the commits with a blob the filter wants lines of are printed as
// patches, by a `git log -p --no-walk` over just those commits. Every
// commit is handed over exactly as LogProcess hands it over, raw records
// and added lines alike; a commit whose blobs the filter passes has the
// same records, with no added lines.
//
// The filter must want the lines of any blob whose added lines could
// lead to a finding: reading a commit's patch is the only way its lines
// are known. A change over the section limit is always printed as a
// patch, so that Truncated and AddedBytes keep their meaning.
type BlobLog struct {
	repo     *Repo
	revs     []string
	marker   string
	raw      *logProc
	err      error
	finished bool
	limit    int64
	wants    func(path string, data []byte) bool
}

// blobWindow bounds the commits held while their patches are read, and
// blobPatches the commits of one patch run.
const (
	blobWindow  = 2048
	blobPatches = 512
)

// StartBlobLog starts the raw log of revs (git rev-list syntax), oldest
// first, parents before children, as StartLog does. SetWants must be
// called before Each; Stop when the log is no longer needed.
func (r *Repo) StartBlobLog(revs ...string) *BlobLog {
	l := &BlobLog{repo: r, revs: revs, marker: newMarker()}
	l.raw, l.err = r.startLogProc(rawLogArgs(rangeWalk(revs), l.marker), nil)
	return l
}

// rawLogArgs are logArgs without the patch: the same records.
func rawLogArgs(walk []string, marker string) []string {
	var out []string
	for _, a := range logArgs(walk, marker) {
		if a != "-p" && a != "-U0" {
			out = append(out, a)
		}
	}
	return out
}

// SetSectionLimit is LogProcess.SetSectionLimit.
func (l *BlobLog) SetSectionLimit(limit int64) { l.limit = limit }

// SetWants sets the filter: wants tells whether the lines that a change
// of path to a blob holding data adds are needed.
func (l *BlobLog) SetWants(wants func(path string, data []byte) bool) { l.wants = wants }

// HasParent is LogProcess.HasParent: the range is listed by git rev-list
// when asked.
func (l *BlobLog) HasParent(hash string) (has, known bool) {
	s := &logSplit{}
	_, parents := s.list(l.repo, l.revs)
	return parents[hash], parents != nil
}

// Stop ends git if it still runs; it is safe to call more than once.
func (l *BlobLog) Stop() { l.raw.kill() }

// pendingCommit is a commit of the window: its raw records, and whether
// its patch is needed.
type pendingCommit struct {
	c     CommitChanges
	patch bool
}

// Each calls fn for each commit, oldest first, as LogProcess.Each does.
func (l *BlobLog) Each(fn func(CommitChanges) error) error {
	if l.err != nil || l.finished {
		return l.err
	}
	l.finished = true
	if l.wants == nil {
		l.wants = func(string, []byte) bool { return true }
	}
	boundary, err := l.repo.shallowCommits()
	if err != nil {
		l.Stop()
		return err
	}
	var window []pendingCommit
	patches := 0
	parser := &logParser{marker: l.marker, one: true}
	err = splitCommits(l.raw.out, l.marker, func(chunk []byte) error {
		parser.data, parser.pos = chunk, 0
		c, err := parser.commit()
		if err == nil && parser.pos != len(chunk) {
			err = &parseError{what: "log: trailing output"}
		}
		if err != nil {
			return &CommandError{Args: l.raw.args, Err: err}
		}
		if boundary[c.Hash] {
			return &ShallowError{Commit: c.Hash}
		}
		need, err := l.needsPatch(c)
		if err != nil {
			return err
		}
		window = append(window, pendingCommit{c, need})
		if need {
			patches++
		}
		if len(window) >= blobWindow || patches >= blobPatches {
			err = l.flush(window, fn)
			window, patches = window[:0], 0
		}
		return err
	})
	var pe *parseError
	if errors.As(err, &pe) {
		if gerr := l.raw.failure(l.raw.out); gerr != nil {
			err = gerr
		}
	}
	if err == nil {
		err = l.flush(window, fn)
	}
	if err == nil {
		err = l.raw.wait()
	}
	if err != nil {
		l.Stop()
	}
	return err
}

// flush hands over the commits of window in order, reading the patches
// of those that need them from one git log.
func (l *BlobLog) flush(window []pendingCommit, fn func(CommitChanges) error) error {
	var hashes []string
	for _, p := range window {
		if p.patch {
			hashes = append(hashes, p.c.Hash)
		}
	}
	i := 0
	// emitUntil hands over the commits before the next one that needs
	// its patch.
	emitUntil := func() error {
		for ; i < len(window) && !window[i].patch; i++ {
			if err := fn(window[i].c); err != nil {
				return err
			}
		}
		return nil
	}
	if len(hashes) > 0 {
		walk := []string{"--no-walk=unsorted", "--stdin"}
		p, err := l.repo.startLogProc(logArgs(walk, l.marker), strings.NewReader(strings.Join(hashes, "\n")+"\n"))
		if err != nil {
			return err
		}
		defer p.kill()
		lp := &LogProcess{repo: l.repo, marker: l.marker, limit: l.limit}
		err = lp.read(p, p.out, nil, func(c CommitChanges) error {
			if err := emitUntil(); err != nil {
				return err
			}
			if i >= len(window) || window[i].c.Hash != c.Hash {
				return &CommandError{Args: p.args, Err: &parseError{what: "log: commit " + short(c.Hash) + " not asked for"}}
			}
			i++
			return fn(c)
		})
		if err != nil {
			return err
		}
		if err := p.wait(); err != nil {
			return err
		}
	}
	if err := emitUntil(); err != nil {
		return err
	}
	if i < len(window) { // a commit git was asked for and did not print
		return &CommandError{Args: []string{"log", "--no-walk"}, Err: &parseError{what: "log: commit " + short(window[i].c.Hash) + " missing"}}
	}
	return nil
}

// needsPatch tells whether the lines a commit adds are needed: a blob it
// introduces that the filter wants, or a change whose patch could pass the
// section limit.
func (l *BlobLog) needsPatch(c CommitChanges) (bool, error) {
	var hashes []string
	for _, fc := range c.Changes {
		if fc.Status == 'D' || fc.Hash == "" || fc.Mode == modeGitlink {
			continue
		}
		hashes = append(hashes, fc.Hash)
		for _, h := range fc.olds {
			if h != "" {
				hashes = append(hashes, h)
			}
		}
		if len(fc.olds) == 0 && fc.OldHash != "" && fc.OldMode != modeGitlink {
			hashes = append(hashes, fc.OldHash)
		}
	}
	if len(hashes) == 0 {
		return false, nil
	}
	sizes, err := l.repo.BlobSizes(hashes)
	if err != nil {
		return false, err
	}
	var read []string
	for _, fc := range c.Changes {
		if fc.Status == 'D' || fc.Hash == "" || fc.Mode == modeGitlink {
			continue
		}
		if l.limit > 0 && sizes[fc.Hash] > l.limit {
			return true, nil
		}
		read = append(read, fc.Hash)
	}
	blobs, err := l.repo.ReadBlobs(read)
	if err != nil {
		return false, err
	}
	for _, fc := range c.Changes {
		data, ok := blobs[fc.Hash]
		if !ok || fc.Status == 'D' {
			continue
		}
		if l.limit > 0 && patchBound(fc, data, sizes) > l.limit {
			return true, nil
		}
		if l.wants(fc.Path, data) {
			return true, nil
		}
	}
	return false, nil
}

// patchBound is an upper bound on the bytes of hunk lines the patch of fc
// can show (what the section limit counts): every line of the new blob
// and of each parent's blob shown once, each with its prefix and line
// end, and a header for each hunk (at most one more than the new lines,
// as hunks are separated by unchanged lines), function name included.
func patchBound(fc FileChange, data []byte, sizes map[string]int64) int64 {
	olds := fc.olds
	if len(olds) == 0 && fc.OldHash != "" && fc.OldMode != modeGitlink {
		olds = []string{fc.OldHash}
	}
	cols := int64(max(len(olds), 1))
	lines := int64(bytes.Count(data, []byte{'\n'})) + 1
	// 192 a parent: a submodule's "Subproject commit" line, the ends of file.
	total := int64(len(data)) + lines*(cols+1) + (lines+1)*(200+60*cols) + 192*(cols+1)
	for _, h := range olds {
		n := sizes[h]
		total += n + (n+1)*(cols+1)
	}
	return total
}
