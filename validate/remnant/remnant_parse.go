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
	line, col := firstBad(body)
	if line == 0 {
		return validate.Finding{}, false
	}
	msg := "file is not valid UTF-8 text; save it as UTF-8"
	if bytes.IndexByte(body, 0) >= 0 {
		msg = "file holds NUL bytes: it is binary, not Markdown"
	}
	return newFinding(RuleRemnantParse, path, line, col, msg), true
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
