package hooks

import (
	"bytes"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
)

// addUnshown adds to hc.batch the lines of a file whose patch git did not
// show ("Binary files differ": a merge's combined diff says so for content
// it takes for binary, by attributes or NUL bytes, even with --text). The
// lines are read from the blobs: those of the commit's file that none of
// its parents' versions has, as a combined diff would show them; UTF-16 is
// decoded, and other content is scanned as it is and decoded in both
// UTF-16 byte orders.
func (hc *historyCheck) addUnshown(fc gitutil.FileChange, parents []string) error {
	sizes, err := hc.repo.BlobSizes([]string{fc.Hash})
	if err != nil {
		return err
	}
	if n := sizes[fc.Hash]; n > hc.cfg.CI.MaxFileSize {
		hc.unscanned(fc.Path, sizeReason(n, hc.cfg.CI.MaxFileSize, false))
		return nil
	}
	cur, err := hc.repo.ReadBlob(fc.Hash)
	if err != nil {
		return err
	}
	olds, err := hc.parentVersions(fc, parents)
	if err != nil {
		return err
	}
	if big, ok := utf16Order(cur); ok {
		var was [][]byte
		for _, o := range olds {
			if ob, ok := utf16Order(o); ok {
				o = decodeUTF16(o, ob)
			}
			was = append(was, o)
		}
		hc.addDecoded(fc.Path, bytes.Join(was, []byte{'\n'}), decodeUTF16(cur, big))
		return nil
	}
	hc.addDecoded(fc.Path, bytes.Join(olds, []byte{'\n'}), cur)
	for _, big := range []bool{false, true} {
		var was [][]byte
		for _, o := range olds {
			was = append(was, decodeUTF16(o, big))
		}
		hc.addDecoded(fc.Path, bytes.Join(was, []byte{'\n'}), decodeUTF16(cur, big))
	}
	return nil
}

// parentVersions reads the file a change compares with in each parent: the
// old blob of an ordinary commit; for a merge, the file (or the file it was
// renamed from) in every parent that has it. A parent's version that
// cannot be named is left out, which only makes more lines count as added.
func (hc *historyCheck) parentVersions(fc gitutil.FileChange, parents []string) ([][]byte, error) {
	if len(parents) < 2 {
		if fc.OldHash == "" || fc.Status == 'A' || strings.Trim(fc.OldHash, "0") == "" {
			return nil, nil
		}
		old, err := hc.repo.ReadBlob(fc.OldHash)
		return [][]byte{old}, err
	}
	var out [][]byte
	for _, p := range parents {
		for _, path := range []string{fc.Path, fc.OldPath} {
			if path == "" || strings.ContainsAny(path, "\n\x00") {
				continue
			}
			data, ok, err := hc.repo.FileAt(p, path)
			if err != nil {
				return nil, err
			}
			if ok {
				out = append(out, data)
				break
			}
		}
	}
	return out, nil
}
