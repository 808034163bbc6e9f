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
	p := &logParser{data: out}
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
	data []byte
	pos  int
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
	if p.data[p.pos] != logMarker {
		return CommitChanges{}, &parseError{what: "log: commit marker"}
	}
	p.pos++
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
	raw, err := p.rawRecords(max(len(c.Parents), 1))
	if err != nil {
		return CommitChanges{}, err
	}
	p.skip("\x00\n")
	if err := attachPatch(raw, p.patchText()); err != nil {
		return CommitChanges{}, err
	}
	for _, fc := range raw {
		if fc, ok := cleanChange(fc); ok {
			c.Changes = append(c.Changes, fc)
		}
	}
	return c, nil
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
			}
		}
		fc.Added = lines
	}
	if fc.Status == 'D' {
		fc.Added, fc.Binary = nil, false
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
func (p *logParser) rawRecords(n int) ([]FileChange, error) {
	var out []FileChange
	for p.pos < len(p.data) && p.data[p.pos] == ':' {
		meta, err := p.field()
		if err != nil {
			return nil, err
		}
		var fc FileChange
		paths := 1
		if n == 1 {
			fc.Change, paths, err = parseLogRaw(meta)
		} else {
			fc.Change, err = parseCombinedHeader(meta, n)
			fc.combined = true
		}
		if err != nil {
			return nil, err
		}
		if fc.Path, err = p.field(); err != nil {
			return nil, err
		}
		if paths == 2 {
			fc.OldPath = fc.Path
			if fc.Path, err = p.field(); err != nil {
				return nil, err
			}
		}
		out = append(out, fc)
	}
	return out, nil
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

// patchText returns the patch of the current commit: up to the next line
// that starts with the commit marker.
func (p *logParser) patchText() []byte {
	start := p.pos
	rest := p.data[start:]
	if len(rest) > 0 && rest[0] == logMarker {
		return nil
	}
	i := bytes.Index(rest, []byte{'\n', logMarker})
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
// had.
func attachPatch(raw []FileChange, text []byte) error {
	cur, cols, next := -1, 0, 0
	for len(text) > 0 {
		var line []byte
		line, text, _ = bytes.Cut(text, []byte{'\n'})
		switch {
		case bytes.HasPrefix(line, []byte("diff --")):
			j := findSection(raw, max(cur, 0), string(line))
			if j < 0 {
				return &parseError{what: "log: patch header " + strconv.Quote(string(line))}
			}
			cur, cols = j, 0
		case cur < 0:
			return &parseError{what: "log: patch text before a header"}
		case bytes.HasPrefix(line, []byte("@@")):
			n, start, err := hunkHeader(string(line))
			if err != nil {
				return err
			}
			cols, next = n, start
		case cols > 0:
			if len(line) < cols || strings.IndexByte(" +-\\", line[0]) < 0 {
				return &parseError{what: "log: hunk line"}
			}
			if line[0] == '\\' || bytes.IndexByte(line[:cols], '-') >= 0 {
				continue // "\ No newline at end of file", or a removed line
			}
			if bytes.Count(line[:cols], []byte{'+'}) == cols {
				raw[cur].Added = append(raw[cur].Added, Line{Number: next, Text: bytes.TrimSuffix(line[cols:], []byte{'\r'})})
			}
			next++
		case bytes.HasPrefix(line, []byte("Binary files ")):
			raw[cur].Binary = true
		}
	}
	return nil
}

// findSection returns the index of the record, from start on, whose patch
// header is header, or -1.
func findSection(raw []FileChange, start int, header string) int {
	for j := start; j < len(raw); j++ {
		if sectionHeader(raw[j]) == header {
			return j
		}
	}
	return -1
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
func hunkHeader(line string) (cols, start int, err error) {
	bad := func() error { return &parseError{what: "log: hunk header " + strconv.Quote(line)} }
	cols = len(line) - len(strings.TrimLeft(line, "@")) - 1
	if cols < 1 {
		return 0, 0, bad()
	}
	for _, f := range strings.Fields(line[cols+1:]) {
		if strings.HasPrefix(f, "@@") {
			break
		}
		if strings.HasPrefix(f, "+") {
			n, _, _ := strings.Cut(f[1:], ",")
			start, err := strconv.Atoi(n)
			if err != nil {
				return 0, 0, bad()
			}
			return cols, start, nil
		}
	}
	return 0, 0, bad()
}

// quotePath quotes a path as git's diff headers do with core.quotePath off:
// in double quotes with C escapes when it holds a control character, a
// double quote or a backslash.
func quotePath(p string) string {
	if strings.IndexFunc(p, func(r rune) bool { return r < 0x20 || r == '"' || r == '\\' || r == 0x7f }) < 0 {
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
