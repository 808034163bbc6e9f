package hooks

import (
	"bytes"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// PrePush checks the commits a push sends, as CI does, with the
// configuration of the working tree. It catches commits made with
// --no-verify.
//
// remote is the name or URL git gives the hook: the commits of a new
// branch are those that none of that remote's tracking branches, nor any
// remote commit the push names, already has.
func PrePush(opt Options, remote string, updates []PushUpdate) (*report.Report, error) {
	defer historyGC()()
	repo, cfg, files, err := openHistory(opt)
	if err != nil {
		return nil, err
	}
	defer repo.Close()
	hc, err := newHistoryCheck(repo, cfg, opt, files, "HEAD")
	if err != nil {
		return nil, err
	}
	have, err := remoteHas(repo, remote, updates)
	if err != nil {
		return nil, err
	}
	for _, u := range updates {
		if done, err := hc.pushedObject(u); err != nil || done {
			if err != nil {
				return nil, err
			}
			continue
		}
		revs, base, err := u.revs(repo, have)
		if err != nil || revs == nil {
			if err != nil {
				return nil, err
			}
			continue
		}
		log := startLog(repo, revs...)
		err = hc.run(log, base, u.LocalSHA)
		log.stop()
		if err != nil {
			return nil, err
		}
	}
	return hc.report(), nil
}

// pushedObject scans what a pushed ref holds when it names a tree or a
// blob (directly or through a tag) rather than a commit: git sends such an
// object and everything under it, and no commit's patch shows it. The
// content of each file is scanned whole; the findings name the object. done
// is false for a commit (or a deletion), which the log checks.
func (hc *historyCheck) pushedObject(u PushUpdate) (done bool, err error) {
	if isZeroHash(u.LocalSHA) {
		return false, nil
	}
	kind, hash, ok, err := hc.repo.Peel(u.LocalSHA)
	if err != nil || !ok || kind == "commit" || hc.done[hash] {
		return ok && kind != "commit", err
	}
	hc.done[hash] = true
	entries := []gitutil.TreeEntry{{Path: u.RemoteRef, Mode: 0100644, Hash: hash}}
	if kind == "tree" {
		if entries, err = hc.repo.ListTree(hash, ""); err != nil {
			return true, err
		}
		links, err := hc.repo.TreeGitlinks(hash)
		if err != nil {
			return true, err
		}
		if err := hc.scanSecrets(gitutil.CommitChanges{Hash: hash, Gitlinks: links}); err != nil {
			return true, err
		}
	} else if kind != "blob" {
		return true, nil
	}
	const chunk = 256
	for len(entries) > 0 {
		n := min(len(entries), chunk)
		changes, err := hc.objectChanges(entries[:n])
		if err != nil {
			return true, err
		}
		hc.rep.Checked += len(changes)
		if err := hc.scanSecrets(gitutil.CommitChanges{Hash: hash, Changes: changes}); err != nil {
			return true, err
		}
		entries = entries[n:]
	}
	return true, nil
}

// objectChanges reads files of a pushed tree as files added whole; a file
// over [ci] max_file_size is added without its lines, for the scan to
// report as not scanned.
func (hc *historyCheck) objectChanges(entries []gitutil.TreeEntry) ([]gitutil.FileChange, error) {
	hashes := make([]string, len(entries))
	for i, e := range entries {
		hashes[i] = e.Hash
	}
	sizes, err := hc.repo.BlobSizes(hashes)
	if err != nil {
		return nil, err
	}
	var small []string
	for _, h := range hashes {
		if sizes[h] <= hc.cfg.CI.MaxFileSize {
			small = append(small, h)
		}
	}
	blobs, err := hc.repo.ReadBlobs(small)
	if err != nil {
		return nil, err
	}
	out := make([]gitutil.FileChange, len(entries))
	for i, e := range entries {
		fc := gitutil.FileChange{Change: gitutil.Change{Status: 'A', Path: e.Path, Mode: e.Mode, Hash: e.Hash}}
		data, ok := blobs[e.Hash]
		fc.AddedBytes = int64(len(data))
		if !ok {
			fc.AddedBytes = sizes[e.Hash]
		}
		for n, l := range judge.SplitLines(data) {
			fc.Added = append(fc.Added, gitutil.Line{Number: n + 1, Text: l})
		}
		fc.Binary = bytes.IndexByte(data, 0) >= 0
		out[i] = fc
	}
	return out, nil
}
