package validate

import (
	"bytes"
	"sort"
	"strings"
	"unicode/utf8"
)

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// normalize drops a leading UTF-8 byte order mark and turns CRLF line endings
// into LF. Line numbers and rune columns stay those of the original input.
func normalize(src []byte) []byte {
	src = bytes.TrimPrefix(src, utf8BOM)
	if bytes.IndexByte(src, '\r') < 0 {
		return src
	}
	return bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
}

// splitLF cuts text into lines at LF and returns the byte offset at which
// each line starts. A final LF does not open a line. When dropCR is set, a
// CR that ends a line is dropped (CommonMark reads CRLF as LF).
func splitLF(s string, dropCR bool) (lines []string, starts []int) {
	n := strings.Count(s, "\n") + 1
	lines = make([]string, 0, n)
	starts = make([]int, 0, n)
	off := 0
	for off < len(s) {
		starts = append(starts, off)
		i := strings.IndexByte(s[off:], '\n')
		if i < 0 {
			i = len(s) - off
		}
		l := s[off : off+i]
		if dropCR {
			l = strings.TrimSuffix(l, "\r")
		}
		lines = append(lines, l)
		off += i + 1
	}
	return lines, starts
}

// lineAt returns the 1-based line holding byte offset off.
func lineAt(starts []int, off int) int {
	return sort.Search(len(starts), func(i int) bool { return starts[i] > off })
}

// RuneCol turns a byte offset inside line into a 1-based rune column.
func RuneCol(line string, byteOff int) int {
	if byteOff > len(line) {
		byteOff = len(line)
	}
	if byteOff < 0 {
		byteOff = 0
	}
	return utf8.RuneCountInString(line[:byteOff]) + 1
}
