package secrets

import "github.com/remnant-guard/remnant-guard/validate"

// Line is one line of a file, such as an added line of a diff. Number is
// 1-based; Text has no trailing newline.
type Line struct {
	Number int
	Text   []byte
}

// ScanLines scans only the given lines of the file at path, in the order
// given. A rule spanning several lines (a private key block) sees the
// following given lines; a key's BEGIN line is reported even when its END
// line is not among them.
func (e *Engine) ScanLines(path string, lines []Line) []validate.Finding {
	found := e.scanPath(path)
	if len(lines) == 0 {
		return found
	}
	size := 0
	for _, l := range lines {
		size += len(l.Text) + 1
	}
	t := text{path: path, data: make([]byte, 0, size), numbers: make([]int, len(lines))}
	for i, l := range lines {
		if i > 0 {
			t.data = append(t.data, '\n')
		}
		t.data = append(t.data, l.Text...)
		t.numbers[i] = l.Number
	}
	return append(found, e.scanText(&t)...)
}
