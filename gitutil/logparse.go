package gitutil

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// The parser of the log output LogEach reads: raw records for each
// commit's files, and the added lines of its patch.

// parseLog splits the log output into commits: "\x01<hash>\0<parents>\0",
// raw records, then the patch text up to the next marker at a line start.
func parseLog(out []byte) ([]CommitChanges, error) {
	var commits []CommitChanges
	p := &logParser{data: out, marker: string(logMarker)}
	for p.pos < len(p.data) {
		c, err := p.commit()
		if err != nil {
			return nil, err
		}
		commits = append(commits, c)
	}
	return commits, nil
}

type logParser struct {
	data   []byte
	pos    int
	marker string // the commit marker with the run's nonce
	trunc  string // the line that stands for dropped hunk lines, or ""
	// one tells that data holds a single commit's output (a chunk of
	// splitCommits, which starts one at each marker): its patch runs to
	// the end.
	one bool
	nul bool // the patch being read holds a NUL byte

	raw   []FileChange // the records of the commit being read
	lines []Line       // the lines they add, in record order
	spans [][2]int     // each record's lines in lines
	// renames tells that a merge's record is added or deleted against
	// some parent (CommitChanges.renames).
	renames bool
}

// field reads up to the next NUL.
func (p *logParser) field() (string, error) {
	i := bytes.IndexByte(p.data[p.pos:], 0)
	if i < 0 {
		return "", &parseError{what: "log: unterminated field"}
	}
	s := string(p.data[p.pos : p.pos+i])
	p.pos += i + 1
	return s, nil
}

func (p *logParser) commit() (CommitChanges, error) {
	if !bytes.HasPrefix(p.data[p.pos:], []byte(p.marker)) {
		return CommitChanges{}, &parseError{what: "log: commit marker"}
	}
	p.pos += len(p.marker)
	hash, err := p.field()
	if err != nil || !isHash(hash) {
		return CommitChanges{}, &parseError{what: "log: commit hash"}
	}
	parents, err := p.field()
	if err != nil {
		return CommitChanges{}, err
	}
	c := CommitChanges{Hash: hash, Parents: strings.Fields(parents)}
	p.skip("\x00\n")
	if err := p.rawRecords(max(len(c.Parents), 1)); err != nil {
		return CommitChanges{}, err
	}
	p.skip("\x00\n")
	if err := p.attachPatch(p.patchText()); err != nil {
		return CommitChanges{}, err
	}
	c.Changes = p.changes()
	c.renames = p.renames
	for _, fc := range p.raw {
		if fc.Mode == modeGitlink && (fc.OldMode != modeGitlink || fc.Status == 'R' || fc.Status == 'C') {
			c.Gitlinks = append(c.Gitlinks, fc.Path)
		}
	}
	return c, nil
}

// changes hands over the records read, with their lines, in slices of
// their own: the parser's are reused for the next commit.
func (p *logParser) changes() []FileChange {
	var out []FileChange
	var lines []Line
	if len(p.lines) > 0 {
		lines = make([]Line, len(p.lines))
		copy(lines, p.lines)
	}
	for i, fc := range p.raw {
		sp := p.spans[i]
		fc.Added = lines[sp[0]:sp[1]:sp[1]]
		if sp[0] == sp[1] {
			fc.Added = nil
		}
		if fc, ok := cleanChange(fc); ok {
			if out == nil {
				out = make([]FileChange, 0, len(p.raw)-i)
			}
			out = append(out, fc)
		}
	}
	return out
}

// cleanChange drops submodule entries, which have no blob content, and the
// "Subproject commit" lines of a submodule replaced by a file.
func cleanChange(fc FileChange) (FileChange, bool) {
	sub := fc.Mode == modeGitlink || fc.OldMode == modeGitlink
	var keep bool
	if fc.Change, keep = normalize(fc.Change); !keep {
		return fc, false
	}
	if sub {
		lines := fc.Added[:0:0]
		for _, l := range fc.Added {
			if !bytes.HasPrefix(l.Text, []byte("Subproject commit ")) {
				lines = append(lines, l)
			} else {
				fc.AddedBytes -= int64(len(l.Text)) + 1
			}
		}
		fc.Added = lines
	}
	if fc.Status == 'D' {
		fc.Added, fc.Binary, fc.AddedBytes = nil, false, 0
	}
	return fc, true
}

func (p *logParser) skip(chars string) {
	for p.pos < len(p.data) && strings.IndexByte(chars, p.data[p.pos]) >= 0 {
		p.pos++
	}
}

// rawRecords reads ":meta\0path\0[path\0]" records; a merge with n
// parents has n colons and one path.
func (p *logParser) rawRecords(n int) error {
	p.raw, p.lines, p.spans, p.renames = p.raw[:0], p.lines[:0], p.spans[:0], false
	for p.pos < len(p.data) && p.data[p.pos] == ':' {
		meta, err := p.field()
		if err != nil {
			return err
		}
		var fc FileChange
		paths := 1
		if n == 1 {
			fc.Change, paths, err = parseLogRaw(meta)
		} else {
			fc.Change, err = parseCombinedHeader(meta, n)
			if err != nil {
				return err
			}
			fc.combined = true
			fc.olds = combinedOlds(meta, n)
			// a path added or deleted against some parent
			status := meta[strings.LastIndexByte(meta, ' ')+1:]
			p.renames = p.renames || strings.Trim(status, "M") != ""
		}
		if err != nil {
			return err
		}
		if fc.Path, err = p.field(); err != nil {
			return err
		}
		if paths == 2 {
			fc.OldPath = fc.Path
			if fc.Path, err = p.field(); err != nil {
				return err
			}
		}
		p.raw = append(p.raw, fc)
		p.spans = append(p.spans, [2]int{})
	}
	return nil
}

// parseCombinedHeader reads "::<mode>... <hash>... <status per parent>":
// n parent modes and the result's, n parent hashes and the result's.
func parseCombinedHeader(h string, n int) (Change, error) {
	bad := func() error { return &parseError{what: "combined raw line " + strconv.Quote(h)} }
	f := strings.Split(strings.TrimLeft(h, ":"), " ")
	if len(f) != 2*(n+1)+1 || len(f[2*(n+1)]) != n {
		return Change{}, bad()
	}
	oldMode, err1 := strconv.ParseUint(f[0], 8, 32)
	mode, err2 := strconv.ParseUint(f[n], 8, 32)
	if err1 != nil || err2 != nil || !isHash(f[n+1]) || !isHash(f[2*n+1]) {
		return Change{}, bad()
	}
	status := f[2*(n+1)]
	c := Change{Status: 'M', OldMode: uint32(oldMode), Mode: uint32(mode),
		OldHash: nonZero(f[n+1]), Hash: nonZero(f[2*n+1])}
	switch {
	case strings.Trim(status, "A") == "":
		c.Status, c.OldHash, c.OldMode = 'A', "", 0
	case strings.Trim(status, "D") == "":
		c.Status = 'D'
	}
	return c, nil
}

// combinedOlds lists the parents' blobs of a combined raw header that
// parseCombinedHeader accepted, one for each parent ("" where the parent
// has none, or has a submodule there: no blob).
func combinedOlds(h string, n int) []string {
	f := strings.Split(strings.TrimLeft(h, ":"), " ")
	out := make([]string, n)
	for i, x := range f[n+1 : 2*n+1] {
		if f[i] != "160000" {
			out[i] = nonZero(x)
		}
	}
	return out
}

// patchText returns the patch of the current commit: up to the next line
// that starts with the commit marker, or to the end of a single commit's
// output.
func (p *logParser) patchText() []byte {
	start := p.pos
	rest := p.data[start:]
	if bytes.HasPrefix(rest, []byte(p.marker)) {
		return nil
	}
	i := -1
	if !p.one {
		i = bytes.Index(rest, []byte("\n"+p.marker))
	}
	if i < 0 {
		p.pos = len(p.data)
		return rest
	}
	p.pos = start + i + 1
	return rest[:i+1]
}

// attachPatch reads the patch text of one commit and gives each raw record
// the lines its section adds. Sections are matched to records by their
// "diff --git a/P b/Q" or "diff --cc P" header, in order: a type change has
// two sections, and a merge shows no section for a path one parent already
// had. A section's lines are collected in p.lines, its span in p.spans; the
// lines' text aliases the log output.
func (p *logParser) attachPatch(text []byte) error {
	cur, cols, next, lastAdd := -1, 0, 0, false
	// Most patches hold no NUL byte: then no line is looked at for one.
	p.nul = bytes.IndexByte(text, 0) >= 0
	for len(text) > 0 {
		var line []byte
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			line, text = text, nil
		}
		switch {
		case cols > 0 && len(line) > 0 && (line[0] == '+' || line[0] == '-' || line[0] == ' ' || line[0] == '\\'):
			// A hunk line, most of a patch: no other line starts so.
			if err := p.readHunkLine(cur, line, cols, &next, &lastAdd); err != nil && !p.cutShort(text) {
				return err
			}
		case bytes.HasPrefix(line, []byte("diff --")):
			j := findSection(p.raw, max(cur, 0), line)
			if j < 0 {
				return &parseError{what: "log: patch header " + strconv.Quote(string(line))}
			}
			if j != cur { // a type change shows one record in two sections
				p.endSection(cur)
				p.spans[j][0] = len(p.lines)
				p.raw[j].AddedBytes = 0
			}
			cur, cols, lastAdd = j, 0, false
		case cur < 0:
			return &parseError{what: "log: patch text before a header"}
		case len(line) > 0 && line[0] == truncMarker && p.trunc != "" && string(line) == p.trunc:
			p.raw[cur].Truncated, cols = true, 0
		case bytes.HasPrefix(line, []byte("@@")):
			n, start, err := hunkHeader(line)
			if err != nil {
				if p.cutShort(text) {
					cols = 0
					continue
				}
				return err
			}
			cols, next = n, start
		case cols > 0:
			if !p.cutShort(text) {
				return &parseError{what: "log: hunk line"}
			}
		case bytes.HasPrefix(line, []byte("Binary files ")):
			p.raw[cur].Binary = true
		}
	}
	p.endSection(cur)
	return nil
}

// cutShort tells whether the line before rest was cut short by the
// section limit: the truncation line follows it. Such a line (a hunk
// header, or a line of a combined diff shorter than its columns) need not
// read as a whole one: the record is marked Truncated either way.
func (p *logParser) cutShort(rest []byte) bool {
	t := p.trunc
	return t != "" && bytes.HasPrefix(rest, []byte(t)) && (len(rest) == len(t) || rest[len(t)] == '\n')
}

// readHunkLine reads one line of a hunk with cols parent columns, of record
// cur: an added line is kept with its number next; next counts the lines
// of the result, lastAdd tells whether the line read was added.
func (p *logParser) readHunkLine(cur int, line []byte, cols int, next *int, lastAdd *bool) error {
	add, ok := hunkLine(line, cols)
	if !ok {
		return &parseError{what: "log: hunk line"}
	}
	if add < 0 { // "\ No newline at end of file", or a removed line
		if line[0] == '\\' && *lastAdd {
			p.raw[cur].AddedBytes--
		}
		*lastAdd = false
		return nil
	}
	*lastAdd = add > 0
	if add > 0 {
		p.raw[cur].AddedBytes += int64(len(line)-cols) + 1
		text := bytes.TrimSuffix(line[cols:], []byte{'\r'})
		if p.nul && !p.raw[cur].Binary && bytes.IndexByte(text, 0) >= 0 {
			p.raw[cur].Binary = true
		}
		p.lines = append(p.lines, Line{Number: *next, Text: text})
	}
	*next++
	return nil
}

// endSection closes the span of lines of record cur, if any. A record
// shown in two sections (a type change) keeps the lines of its last.
func (p *logParser) endSection(cur int) {
	if cur >= 0 {
		p.spans[cur][1] = len(p.lines)
	}
}

// hunkLine classifies a line of a hunk with cols parent columns: 1 for a
// line the result adds (a '+' in every column), 0 for a line it keeps, -1
// for a removed line or a "\ No newline" remark; ok is false for a line
// that is none of these.
func hunkLine(line []byte, cols int) (add int, ok bool) {
	if len(line) < cols {
		return 0, false
	}
	switch line[0] {
	case '\\':
		return -1, true
	case ' ', '+', '-':
	default:
		return 0, false
	}
	plus := 0
	for _, c := range line[:cols] {
		switch c {
		case '-':
			return -1, true
		case '+':
			plus++
		}
	}
	if plus == cols {
		return 1, true
	}
	return 0, true
}

// findSection returns the index of the record, from start on, whose patch
// header is header, or -1.
func findSection(raw []FileChange, start int, header []byte) int {
	for j := start; j < len(raw); j++ {
		if isSectionHeader(raw[j], header) {
			return j
		}
	}
	return -1
}

// isSectionHeader reports whether header is the first line git prints
// for a record's patch, without building it when no path needs quoting.
func isSectionHeader(fc FileChange, header []byte) bool {
	old := fc.Path
	if fc.OldPath != "" {
		old = fc.OldPath
	}
	if needsQuote(fc.Path) || needsQuote(old) {
		return string(header) == sectionHeader(fc)
	}
	if fc.combined {
		rest, ok := bytes.CutPrefix(header, []byte("diff --cc "))
		return ok && string(rest) == fc.Path
	}
	rest, ok := bytes.CutPrefix(header, []byte("diff --git a/"))
	if !ok || len(rest) != len(old)+len(" b/")+len(fc.Path) {
		return false
	}
	return string(rest[:len(old)]) == old && string(rest[len(old):len(old)+3]) == " b/" &&
		string(rest[len(old)+3:]) == fc.Path
}

// sectionHeader is the first line git prints for a record's patch.
func sectionHeader(fc FileChange) string {
	if fc.combined {
		return "diff --cc " + quotePath(fc.Path)
	}
	old := fc.Path
	if fc.OldPath != "" {
		old = fc.OldPath
	}
	return "diff --git " + quotePath("a/"+old) + " " + quotePath("b/"+fc.Path)
}

// hunkHeader reads "@@ -a,b +c,d @@" or a combined "@@@ -a,b -c,d +e,f @@@":
// the number of parent columns, and the first line number of the result.
func hunkHeader(line []byte) (cols, start int, err error) {
	cols = len(line) - len(bytes.TrimLeft(line, "@")) - 1
	if cols < 1 {
		return 0, 0, badHunk(line)
	}
	for rest := line[cols+1:]; len(rest) > 0; {
		i := 0
		for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t') {
			i++
		}
		j := i
		for j < len(rest) && rest[j] > ' ' && rest[j] < 0x80 {
			j++
		}
		if j < len(rest) && rest[j] != ' ' && rest[j] != '\t' {
			return hunkHeaderText(string(line)) // a byte strings.Fields must judge
		}
		f := rest[i:j]
		rest = rest[j:]
		if bytes.HasPrefix(f, []byte("@@")) {
			break
		}
		if len(f) > 0 && f[0] == '+' {
			n, _, _ := bytes.Cut(f[1:], []byte{','})
			start, ok := atoi(n)
			if !ok {
				return 0, 0, badHunk(line)
			}
			return cols, start, nil
		}
	}
	return 0, 0, badHunk(line)
}

func badHunk(line []byte) error {
	return &parseError{what: "log: hunk header " + strconv.Quote(string(line))}
}

// hunkHeaderText is hunkHeader for a header with bytes other than
// printable ASCII, spaces and tabs.
func hunkHeaderText(line string) (cols, start int, err error) {
	cols = len(line) - len(strings.TrimLeft(line, "@")) - 1
	for _, f := range strings.Fields(line[cols+1:]) {
		if strings.HasPrefix(f, "@@") {
			break
		}
		if strings.HasPrefix(f, "+") {
			n, _, _ := strings.Cut(f[1:], ",")
			start, err := strconv.Atoi(n)
			if err != nil {
				return 0, 0, badHunk([]byte(line))
			}
			return cols, start, nil
		}
	}
	return 0, 0, badHunk([]byte(line))
}

// atoi is strconv.Atoi without the string, for the digits git prints.
func atoi(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		n, err := strconv.Atoi(string(b))
		return n, err == nil
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			n, err := strconv.Atoi(string(b))
			return n, err == nil
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// quotePath quotes a path as git's diff headers do with core.quotePath off:
// in double quotes with C escapes when it holds a control character, a
// double quote or a backslash.
func quotePath(p string) string {
	if !needsQuote(p) {
		return p
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c == 0x7f:
			if e := strings.IndexByte("\a\b\t\n\v\f\r", c); e >= 0 {
				b.WriteByte('\\')
				b.WriteByte("abtnvfr"[e])
			} else {
				fmt.Fprintf(&b, "\\%03o", c)
			}
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// needsQuote reports whether git quotes p in a diff header.
func needsQuote(p string) bool {
	for i := 0; i < len(p); i++ {
		if c := p[i]; c < 0x20 || c == '"' || c == '\\' || c == 0x7f {
			return true
		}
	}
	return false
}

// parseLogRaw is parseRawHeader for the common shapes, without building an
// error message for every record; anything unusual goes to parseRawHeader.
func parseLogRaw(h string) (Change, int, error) {
	f := strings.Split(h[1:], " ")
	if len(f) != 5 || len(f[4]) != 1 || !isHash(f[2]) || !isHash(f[3]) {
		return parseRawHeader(h)
	}
	oldMode, err1 := strconv.ParseUint(f[0], 8, 32)
	newMode, err2 := strconv.ParseUint(f[1], 8, 32)
	if err1 != nil || err2 != nil || strings.IndexByte("AMDTU", f[4][0]) < 0 {
		return parseRawHeader(h)
	}
	return Change{Status: f[4][0], OldMode: uint32(oldMode), Mode: uint32(newMode),
		OldHash: nonZero(f[2]), Hash: nonZero(f[3])}, 1, nil
}
