package hooks

import (
	"fmt"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
)

// chunkBytes bounds the content of one chunk of changes held in memory.
const chunkBytes = 8 << 20

// sizer is a content source that can tell a blob's size without reading it.
type sizer interface {
	sizes(hashes []string) (map[string]int64, error)
}

func (s *stagedSource) sizes(hashes []string) (map[string]int64, error) {
	return s.repo.BlobSizes(hashes)
}

// readSizes learns the size of every blob the changes need before any is
// read, so that one over the limits is never loaded: a 1 GiB file staged
// costs a header read, not a gigabyte.
func (cc *changeCheck) readSizes(changes []gitutil.Change, src contentSource) error {
	sz, ok := src.(sizer)
	if !ok {
		return nil
	}
	hashes := hashesOf(changes, cc.engine != nil)
	if len(hashes) == 0 {
		return nil
	}
	m, err := sz.sizes(hashes)
	if err != nil {
		return err
	}
	cc.sizes = m
	return nil
}

// readLimit is the largest blob read: the larger of the memory and the
// secret size limits, plus the byte that tells a file is over it.
func (cc *changeCheck) readLimit() int64 {
	return max(cc.cfg.Limits.MaxFileSize, cc.cfg.Secrets.MaxFileSize)
}

// tooLarge tells whether a blob is over the read limit, and its size.
func (cc *changeCheck) tooLarge(hash string) (int64, bool) {
	n, ok := cc.sizes[hash]
	return n, ok && n > cc.readLimit()
}

// readable drops the blobs over the read limit.
func (cc *changeCheck) readable(hashes []string) []string {
	out := hashes[:0]
	for _, h := range hashes {
		if _, large := cc.tooLarge(h); !large {
			out = append(out, h)
		}
	}
	return out
}

// chunkEnd is where the chunk starting at start ends: after chunk changes,
// or once the blobs it reads add up to chunkBytes.
func (cc *changeCheck) chunkEnd(changes []gitutil.Change, start int) int {
	var total int64
	end := start
	for end < len(changes) && end-start < chunk {
		var n int64
		for _, h := range []string{changes[end].Hash, changes[end].OldHash} {
			if size, ok := cc.sizes[h]; ok && size <= cc.readLimit() {
				n += size
			}
		}
		if end > start && total+n > chunkBytes {
			break
		}
		total += n
		end++
	}
	return end
}

// tooLargeMemory is the finding for a memory file over its size limit,
// told from its size alone.
func tooLargeMemory(path string, size, limit int64) validate.Finding {
	return validate.Finding{
		RuleID: remnant.RuleRemnantParse, Severity: validate.Error, Path: path,
		Message: fmt.Sprintf("file is %d bytes, over the %d-byte limit; a memory file is a short Markdown handoff", size, limit),
	}
}

func (s *commitSource) sizes(hashes []string) (map[string]int64, error) {
	return s.repo.BlobSizes(hashes)
}

// boundedTree refuses a memory directory holding a blob over safefile.MaxReadLimit,
// before anything of it is read: memory files are small, and the whole
// directory is held in memory to be judged.
func boundedTree(repo *gitutil.Repo, dir string, lists ...[]gitutil.TreeEntry) error {
	var hashes []string
	for _, list := range lists {
		for _, e := range list {
			hashes = append(hashes, e.Hash)
		}
	}
	if len(hashes) == 0 {
		return nil
	}
	sizes, err := repo.BlobSizes(hashes)
	if err != nil {
		return err
	}
	for _, list := range lists {
		for _, e := range list {
			if n := sizes[e.Hash]; n > safefile.MaxReadLimit {
				return fmt.Errorf("%s: %d bytes, over the limit of %d bytes for a file of the memory directory %s", e.Path, n, safefile.MaxReadLimit, dir)
			}
		}
	}
	return nil
}
