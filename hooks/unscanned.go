package hooks

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/validate"
)

// unscannedRule is the finding for content a history check could not scan.
const unscannedRule = "secret-unscanned"

// unscanned reports a file a history check could not scan: a blocking
// finding, or a skipped entry when [ci] block_skipped is false.
func (hc *historyCheck) unscanned(path, why string) {
	if !hc.cfg.CI.BlockSkipped {
		hc.skip([]validate.Skipped{{Path: path, Reason: why}})
		return
	}
	hc.pending = append(hc.pending, validate.Finding{
		RuleID: unscannedRule, Severity: validate.Error, Path: path,
		Message: "not scanned for secrets: " + why,
		Hint:    "remove the file from the change, or raise [ci] max_file_size in the base branch's .remnant-guard.toml",
	})
}

// utf16Order tells whether data is UTF-16 text and in which byte order:
// a byte order mark, or ASCII-range text with every other byte NUL.
func utf16Order(data []byte) (bigEndian, ok bool) {
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		return false, true
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return true, true
	}
	n := min(len(data), 4096) &^ 1
	if n < 4 {
		return false, false
	}
	var even, odd int
	for i := 0; i < n; i += 2 {
		if data[i] == 0 {
			even++
		}
		if data[i+1] == 0 {
			odd++
		}
	}
	half := n / 2
	switch {
	case odd*10 >= half*9 && even == 0:
		return false, true
	case even*10 >= half*9 && odd == 0:
		return true, true
	}
	return false, false
}

// decodeUTF16 turns UTF-16 text into UTF-8, without its byte order mark;
// an odd last byte and unpaired surrogates become U+FFFD. It decodes unit
// by unit, with no copy of the text in between: history checks decode
// whole blobs.
func decodeUTF16(data []byte, bigEndian bool) []byte {
	n := len(data) / 2
	unit := func(i int) rune {
		a, b := rune(data[2*i]), rune(data[2*i+1])
		if bigEndian {
			return a<<8 | b
		}
		return b<<8 | a
	}
	out := make([]byte, 0, 3*n+3) // at most 3 bytes a unit
	i := 0
	if n > 0 && unit(0) == 0xfeff {
		i = 1
	}
	for ; i < n; i++ {
		u := unit(i)
		switch {
		case u < 0xd800 || u >= 0xe000:
			out = utf8.AppendRune(out, u)
		case u < 0xdc00 && i+1 < n && unit(i+1) >= 0xdc00 && unit(i+1) < 0xe000:
			out = utf8.AppendRune(out, utf16.DecodeRune(u, unit(i+1)))
			i++
		default:
			out = utf8.AppendRune(out, utf8.RuneError)
		}
	}
	if len(data)%2 == 1 {
		out = utf8.AppendRune(out, utf8.RuneError)
	}
	return out
}

// sizeReason says why added content of size bytes (or more, when the
// patch was cut at the section limit) is over the limit.
func sizeReason(size, limit int64, cut bool) string {
	switch {
	case size <= limit:
		return fmt.Sprintf("the commit changes it by more than the %d bytes read of its patch ([ci] max_file_size = %d)", sectionLimit(limit), limit)
	case cut: // the lines past the read limit are not counted
		return fmt.Sprintf("the commit adds at least %d bytes to it, over the limit of %d ([ci] max_file_size)", size, limit)
	}
	return fmt.Sprintf("the commit adds %d bytes to it, over the limit of %d ([ci] max_file_size)", size, limit)
}

// sectionLimit is how much of one file's patch a history check reads:
// twice the limit (a file rewritten shows its old lines and its new), and
// room for the headers. The rest is dropped as git prints it, so that
// memory stays bounded whatever a commit holds.
func sectionLimit(limit int64) int64 {
	return min(limit, 1<<60)*2 + 64<<10
}

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
