package secrets

import (
	"slices"

	"github.com/remnant-guard/remnant-guard/validate"
)

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
	found := e.scanPath(path, "")
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

// LineBatch gathers the given lines of several files, such as what one
// commit adds, for ScanBatch to scan in one pass. The zero value is an
// empty batch; Reset empties it and keeps its memory.
type LineBatch struct {
	// Commit is the commit the lines come from, for allowlists and
	// .gitleaksignore entries that name commits; "" for none.
	Commit string

	data    []byte
	numbers []int
	files   []batchFile
}

// batchFile is one file of a batch: its text in data, and the index of
// its first line's number in numbers.
type batchFile struct {
	path       string
	start, end int
	first      int
}

// Reset empties the batch.
func (b *LineBatch) Reset() {
	b.data, b.numbers, b.files, b.Commit = b.data[:0], b.numbers[:0], b.files[:0], ""
}

// AddFile starts the lines of the file at path; AddLine adds to it.
func (b *LineBatch) AddFile(path string) {
	if len(b.files) > 0 {
		b.data = append(b.data, '\n') // files never share a line
	}
	b.files = append(b.files, batchFile{path: path, start: len(b.data), end: len(b.data), first: len(b.numbers)})
}

// AddLine adds line number (1-based) of the file AddFile last started.
func (b *LineBatch) AddLine(number int, text []byte) {
	f := &b.files[len(b.files)-1]
	if len(b.numbers) > f.first {
		b.data = append(b.data, '\n')
	}
	b.data = append(b.data, text...)
	b.numbers = append(b.numbers, number)
	f.end = len(b.data)
}

// Grow makes room for n more bytes of text, so that a large file's lines
// are added without copying what came before again and again.
func (b *LineBatch) Grow(n int) { b.data = slices.Grow(b.data, n+1) }

// Size is the memory the batch holds for its text, in bytes.
func (b *LineBatch) Size() int { return cap(b.data) + 8*cap(b.numbers) }

// Len is the number of files in the batch.
func (b *LineBatch) Len() int { return len(b.files) }

// ScanBatch scans each file of b as ScanLines scans its lines: out[i]
// holds the findings of the i-th file added. One keyword pass covers all
// the files; a file without a keyword is judged by its path alone unless
// a rule without keywords runs.
func (e *Engine) ScanBatch(b *LineBatch) [][]validate.Finding {
	out := make([][]validate.Finding, len(b.files))
	st := e.state()
	defer e.pool.Put(st)
	st.kwHits = e.kw.find(b.data, st.kwHits[:0])
	all, h := st.kwHits, 0
	for i, f := range b.files {
		out[i] = e.scanPath(f.path, b.Commit)
		for h < len(all) && all[h].end <= f.start {
			h++
		}
		from := h
		for h < len(all) && all[h].end <= f.end {
			h++
		}
		hits := inFile(e, all[from:h], f.start)
		last := len(b.numbers)
		if i+1 < len(b.files) {
			last = b.files[i+1].first
		}
		if last == f.first || len(hits) == 0 && len(e.always) == 0 {
			continue
		}
		t := text{path: f.path, commit: b.Commit, data: b.data[f.start:f.end:f.end], numbers: b.numbers[f.first:last:last]}
		out[i] = append(out[i], e.scanHits(st, &t, hits, f.start)...)
	}
	return out
}

// inFile drops the occurrences that begin before start: a keyword
// spanning the newline between two files, which neither file has.
func inFile(e *Engine, hits []kwHit, start int) []kwHit {
	for i, h := range hits {
		if h.end-e.kwLen[h.kw] < start {
			kept := make([]kwHit, 0, len(hits))
			kept = append(kept, hits[:i]...)
			for _, h := range hits[i+1:] {
				if h.end-e.kwLen[h.kw] >= start {
					kept = append(kept, h)
				}
			}
			return kept
		}
	}
	return hits
}
