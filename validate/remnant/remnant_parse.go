package remnant

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

// unreadable reports a file that must not be parsed at all: too big, empty,
// binary or not UTF-8.
func unreadable(path string, src []byte, lim Limits) (validate.Finding, bool) {
	if lim.MaxFileSize > 0 && int64(len(src)) > lim.MaxFileSize {
		f := newFinding(RuleRemnantParse, path, 0, 0,
			fmt.Sprintf("file is %d bytes, over the %d-byte limit; a memory file is a short Markdown handoff", len(src), lim.MaxFileSize))
		return f, true
	}
	if len(bytes.TrimSpace(bytes.TrimPrefix(src, utf8BOM))) == 0 {
		return newFinding(RuleRemnantParse, path, 0, 0, "file is empty; a memory file needs its title and sections"), true
	}
	body := bytes.TrimPrefix(src, utf8BOM)
	if CROnly(body) && !looksUTF16(body) {
		return newFinding(RuleRemnantParse, path, 0, 0, "file has CR-only line endings (classic Mac OS): save it with LF (or CRLF) line endings"), true
	}
	line, col := firstBad(body)
	if line == 0 {
		return validate.Finding{}, false
	}
	msg := "file is not valid UTF-8 text; save it as UTF-8"
	switch {
	case looksUTF16(body):
		return newFinding(RuleRemnantParse, path, 0, 0, "file is UTF-16 text, not UTF-8: save it as UTF-8"), true
	case bytes.IndexByte(body, 0) >= 0:
		msg = "file holds NUL bytes: it is binary, not Markdown"
	}
	return newFinding(RuleRemnantParse, path, line, col, msg), true
}

// looksUTF16 tells UTF-16 text: a byte order mark, or text whose every
// other byte, in its first 64, is NUL (ASCII-range UTF-16 without a mark).
func looksUTF16(src []byte) bool {
	if bytes.HasPrefix(src, []byte{0xff, 0xfe}) || bytes.HasPrefix(src, []byte{0xfe, 0xff}) {
		return true
	}
	n := min(len(src), 64) &^ 1
	if n < 4 {
		return false
	}
	var even, odd int
	for i := 0; i < n; i += 2 {
		if src[i] == 0 {
			even++
		}
		if src[i+1] == 0 {
			odd++
		}
	}
	return (odd == n/2 && even == 0) || (even == n/2 && odd == 0)
}

// CROnly tells a file whose lines end in a lone CR (classic Mac OS): it
// has a CR and no LF. Its lines cannot be read as Markdown lines.
func CROnly(src []byte) bool {
	return bytes.IndexByte(src, '\r') >= 0 && bytes.IndexByte(src, '\n') < 0
}

// checkMarkers reports merge-conflict markers and a comment that is opened
// but never closed (a truncated file).
func (c *checker) checkMarkers() {
	md := c.f.md
	sep := hasConflictOpenClose(md.Lines())
	for i, line := range md.Lines() {
		if isConflictMarker(line, sep) {
			c.addSpan(RuleRemnantParse, i+1, 1, "unresolved merge-conflict marker",
				"resolve the conflict and keep one version of the text")
		}
	}
	c.checkUnclosedComment()
}

func hasConflictOpenClose(lines []string) bool {
	for _, l := range lines {
		if isConflictMarker(l, false) {
			return true
		}
	}
	return false
}

// isConflictMarker matches "<<<<<<< ", ">>>>>>> " and "||||||| " lines, and
// a lone "=======" when withSep is set.
func isConflictMarker(line string, withSep bool) bool {
	for _, m := range []string{"<<<<<<<", ">>>>>>>", "|||||||"} {
		if line == m || strings.HasPrefix(line, m+" ") {
			return true
		}
	}
	return withSep && strings.TrimRight(line, " \t") == "======="
}

func (c *checker) checkUnclosedComment() {
	md := c.f.md
	lastClose := bytes.LastIndex(md.Text(), []byte("-->"))
	for i, line := range md.Lines() {
		t := strings.TrimLeft(line, " \t")
		if md.Code(i+1) || !strings.HasPrefix(t, "<!--") {
			continue
		}
		off := md.LineStart(i+1) + len(line) - len(t) + 4
		if lastClose >= off {
			continue
		}
		c.add(RuleRemnantParse, i+1, validate.RuneCol(line, len(line)-len(t)),
			"comment opened here is never closed: the file looks truncated").Hint = "close the comment with -->"
		return
	}
}
