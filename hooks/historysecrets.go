package hooks

import (
	"bytes"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// scanSecrets runs the secret rules on the lines a commit adds, and on
// the names of the files and submodules it adds; the findings name it.
func (hc *historyCheck) scanSecrets(c gitutil.CommitChanges) error {
	if hc.engine == nil {
		return nil
	}
	commit := c.Hash
	hc.batch.Reset()
	clear(hc.names)
	hc.batch.Commit = commit // for allowlists and ignore entries that name commits
	if err := hc.secretBatch(c.Changes, c.Parents); err != nil {
		return err
	}
	for _, p := range c.Gitlinks {
		if !hc.cfg.ScanExcluded(p) {
			hc.names[hc.batch.Len()] = p
			hc.batch.AddFile("")
			hc.batch.AddLine(1, nameText(p))
		}
	}
	hc.scanBatch()
	hc.add(hc.pending, commit)
	hc.pending = hc.pending[:0]
	return nil
}

// batchBytes is the text a commit's batch gathers before it is scanned:
// a commit that adds more is scanned in parts, so that its lines are not
// all held at once. batchKeep is the most a batch keeps for the next
// commit; past it, its memory is given back.
const (
	batchBytes = 8 << 20
	batchKeep  = 4 << 20
)

// scanBatch scans the files of hc.batch, keeps their findings, and
// empties it for more files of the same commit. Files are scanned alike
// in one batch or several: each is judged by its own lines.
func (hc *historyCheck) scanBatch() {
	commit := hc.batch.Commit
	for i, found := range hc.engine.ScanBatch(&hc.batch) {
		if path, ok := hc.names[i]; ok {
			var masked string
			if found, masked = nameFindings(found, path); masked != "" {
				hc.masked[path] = masked
			}
		}
		hc.add(found, commit)
	}
	if hc.batch.Size() > batchKeep {
		hc.batch = secrets.LineBatch{}
	}
	hc.batch.Reset()
	hc.batch.Commit = commit
	clear(hc.names)
}

// wantsLines tells whether the lines a change of path to a blob holding
// data adds are needed by the secret scan: whether, read from the commit's
// patch, they could lead to anything secretBatch reports. Content with a
// NUL byte (binary, UTF-16) or over [ci] max_file_size is always read
// through the patch; a path the scan leaves out never is.
func (hc *historyCheck) wantsLines(path string, data []byte) bool {
	switch {
	case hc.engine == nil || hc.cfg.ScanExcluded(path):
		return false
	case int64(len(data)) > hc.cfg.CI.MaxFileSize, bytes.IndexByte(data, 0) >= 0:
		return true
	}
	return hc.engine.MayFind(path, data)
}

// secretBatch gathers the lines each change adds in hc.batch for the
// secret scan. A new or renamed file is scanned even without lines, for
// the rules that judge a file by its name. Content with NUL bytes is
// scanned byte for byte, after decoding when it is UTF-16; content over
// [ci] max_file_size is reported as not scanned. Content git showed only
// as "Binary files differ" (a merge's combined diff does so whatever
// --text says) is read from the blobs.
func (hc *historyCheck) secretBatch(changes []gitutil.FileChange, parents []string) error {
	for _, fc := range changes {
		if hc.batch.Size() >= batchBytes {
			hc.scanBatch()
		}
		if fc.Status == 'D' || hc.cfg.ScanExcluded(fc.Path) {
			continue
		}
		if scansName(fc.Change) {
			hc.names[hc.batch.Len()] = fc.Path
			hc.batch.AddFile("")
			hc.batch.AddLine(1, nameText(fc.Path))
		}
		// Past the read limit, what the file's patch went on to add is
		// unknown, even when no added line came before it.
		size := fc.AddedBytes
		if size > hc.cfg.CI.MaxFileSize || fc.Truncated {
			hc.unscanned(fc.Path, sizeReason(size, hc.cfg.CI.MaxFileSize, fc.Truncated))
			continue
		}
		if fc.Binary && len(fc.Added) == 0 && fc.Hash != "" {
			if err := hc.addUnshown(fc, parents); err != nil {
				return err
			}
			continue
		}
		if len(fc.Added) == 0 && fc.Status != 'A' && fc.Status != 'R' && fc.Status != 'C' {
			continue
		}
		if fc.Binary {
			done, err := hc.addUTF16(fc)
			if err != nil {
				return err
			}
			if done {
				continue
			}
		}
		hc.batch.AddFile(fc.Path)
		for _, l := range fc.Added {
			hc.batch.AddLine(l.Number, l.Text)
		}
		hc.noteMarks(fc.Path, fc.Added)
	}
	return nil
}

// noteMarks records, for ci over a range, that lines added to path may
// hold an allow comment.
func (hc *historyCheck) noteMarks(path string, added []gitutil.Line) {
	if hc.marked == nil {
		return
	}
	for _, l := range added {
		if secrets.Marked(l.Text) {
			if c := hc.marked[path]; len(c) == 0 || c[len(c)-1] != hc.batch.Commit {
				hc.marked[path] = append(c, hc.batch.Commit)
			}
			return
		}
	}
}

// addUTF16 adds the lines a change adds to a UTF-16 file, decoded, to
// hc.batch; done is false when the file is not recognisably UTF-16. Such
// content is then also decoded in both byte orders: UTF-16 without a byte
// order mark whose text is not ASCII shows no pattern of NUL bytes to be
// recognised by, and the change under review chooses what its files hold.
func (hc *historyCheck) addUTF16(fc gitutil.FileChange) (done bool, err error) {
	hashes := []string{fc.Hash}
	if fc.OldHash != "" && fc.Status != 'A' {
		hashes = append(hashes, fc.OldHash)
	}
	blobs, err := hc.repo.ReadBlobs(hashes)
	if err != nil {
		return false, err
	}
	cur := blobs[fc.Hash]
	old, hasOld := blobs[fc.OldHash]
	hasOld = hasOld && fc.Status != 'A'
	if big, ok := utf16Order(cur); ok {
		var was []byte
		if hasOld {
			was = old
			if ob, ok := utf16Order(old); ok {
				was = decodeUTF16(old, ob)
			}
		}
		hc.addDecoded(fc.Path, was, decodeUTF16(cur, big))
		return true, nil
	}
	for _, big := range []bool{false, true} {
		var was []byte
		if hasOld {
			was = decodeUTF16(old, big)
		}
		hc.addDecoded(fc.Path, was, decodeUTF16(cur, big))
	}
	return false, nil
}

// addDecoded adds the lines of text that old does not have to hc.batch.
func (hc *historyCheck) addDecoded(path string, old, text []byte) {
	if hc.batch.Size() >= batchBytes {
		hc.scanBatch()
	}
	hc.batch.Grow(len(text))
	hc.batch.AddFile(path)
	for _, l := range judge.AddedLines(old, text) {
		hc.batch.AddLine(l.Number, l.Text)
	}
}
