package gitutil

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// Line is one line a commit adds: its 1-based number in the file as the
// commit leaves it, and its text without the line ending.
type Line struct {
	Number int
	Text   []byte
}

// FileChange is one path a commit changes, with the lines it adds.
type FileChange struct {
	Change
	Added  []Line
	Binary bool // git judged the content binary: no lines are listed

	combined bool // a merge's record, matched to a "diff --cc" section
}

// CommitChanges is one commit of a range and what it changed: against its
// parent for an ordinary commit; for a merge, the paths and lines that
// differ from every parent (the conflict resolutions), nothing more. For a
// merge, OldHash and OldMode describe the first parent's side.
type CommitChanges struct {
	Hash    string
	Parents []string
	Changes []FileChange
}

// ShallowError reports a shallow clone that lacks a commit the range needs.
type ShallowError struct {
	Commit string // the missing commit, or the commit whose parents are missing
}

func (e *ShallowError) Error() string {
	return fmt.Sprintf("shallow clone: the history needed around %s is not fetched; fetch it all (git fetch --unshallow, or fetch-depth: 0 in actions/checkout)", short(e.Commit))
}

func short(h string) string {
	if len(h) > 12 && isHash(h) {
		return h[:12]
	}
	return h
}

// logMarker starts every commit in the log output.
const logMarker = '\x01'

// logArgs reads the changes of every commit, oldest first, parents before
// children. Every option that user configuration could change is fixed.
func logArgs(revs []string) []string {
	args := []string{"-c", "core.quotePath=false", "log", "--reverse", "--topo-order",
		"--raw", "-p", "-U0", "-M", "--cc", "--root", "-z", "--no-abbrev",
		"--no-color", "--no-ext-diff", "--no-textconv", "--no-relative",
		"--no-show-signature", "--src-prefix=a/", "--dst-prefix=b/",
		"--format=%x01%H%x00%P%x00"}
	return append(append(args, revs...), "--")
}

// Log lists the commits that revs select (git rev-list syntax, e.g.
// "base..head", or "abc", "--not", "--remotes"), oldest first, parents
// before children, with the lines each adds, read from one `git log -p
// -U0 --cc --raw -z`. Paths and hashes come from the raw records; the
// added lines and their numbers from the patch hunks. Merges are shown as
// combined diffs (--cc): a line counts as added only when it is in none of
// the parents. In a shallow clone, a commit of the range whose parents
// were not fetched is a *ShallowError.
func (r *Repo) Log(revs ...string) ([]CommitChanges, error) {
	var out []CommitChanges
	err := r.LogEach(revs, func(c CommitChanges) error {
		out = append(out, c)
		return nil
	})
	return out, err
}

// LogEach is Log calling fn for each commit as git prints it, so that the
// caller's work overlaps git's. An error from fn stops the walk and is
// returned.
func (r *Repo) LogEach(revs []string, fn func(CommitChanges) error) error {
	boundary, err := r.shallowCommits()
	if err != nil {
		return err
	}
	args := logArgs(revs)
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = r.TopLevel, r.env
	stderr := &boundedBuffer{}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return &CommandError{Args: args, Err: err}
	}
	ferr := splitCommits(stdout, func(chunk []byte) error {
		p := &logParser{data: chunk}
		c, err := p.commit()
		if err == nil && p.pos != len(chunk) {
			err = &parseError{what: "log: trailing output"}
		}
		if err != nil {
			return &CommandError{Args: args, Err: err}
		}
		if boundary[c.Hash] {
			return &ShallowError{Commit: c.Hash}
		}
		return fn(c)
	})
	if ferr != nil {
		cmd.Process.Kill()
		io.Copy(io.Discard, stdout)
		cmd.Wait()
		return ferr
	}
	if err := cmd.Wait(); err != nil {
		return &CommandError{Args: args, Err: err, Stderr: stderr.String()}
	}
	return nil
}

// splitCommits reads the log output and hands over one commit's output at
// a time: a marker at the start of the output, or after a newline or NUL,
// followed by a hash and a NUL, starts a commit.
func splitCommits(rd io.Reader, fn func([]byte) error) error {
	const room = 64 << 10
	// Chunks handed out stay valid: the buffer is only written past its
	// length, and a full buffer is replaced, never reused.
	buf := make([]byte, 0, 1<<20)
	start, scanned := 0, 1
	for {
		if cap(buf)-len(buf) < room {
			rest := len(buf) - start
			grown := make([]byte, rest, max(2*rest, 1<<20)+room)
			copy(grown, buf[start:])
			scanned -= start
			buf, start = grown, 0
		}
		n, rerr := rd.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		for {
			b := nextCommit(buf, max(scanned, start+1))
			if b < 0 {
				scanned = max(len(buf)-80, start+1)
				break
			}
			if err := fn(buf[start:b]); err != nil {
				return err
			}
			start, scanned = b, b+1
		}
		if rerr == io.EOF {
			if len(buf) > start {
				return fn(buf[start:])
			}
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}

// nextCommit finds the start of the next commit in data from offset from.
func nextCommit(data []byte, from int) int {
	for i := from; i < len(data); {
		j := bytes.IndexByte(data[i:], logMarker)
		if j < 0 {
			return -1
		}
		i += j
		if prev := data[i-1]; prev == '\n' || prev == 0 {
			end := bytes.IndexByte(data[i+1:min(len(data), i+66)], 0)
			if end < 0 && len(data) < i+66 {
				return -1 // the hash is not all here yet
			}
			if end >= 0 && isHash(string(data[i+1:i+1+end])) {
				return i
			}
		}
		i++
	}
	return -1
}

// IsShallow tells whether the repository is a shallow clone.
func (r *Repo) IsShallow() (bool, error) {
	b, err := r.shallowCommits()
	return len(b) > 0, err
}

// shallowCommits reads the commits whose parents a shallow clone lacks.
func (r *Repo) shallowCommits() (map[string]bool, error) {
	data, err := os.ReadFile(r.GitPath("shallow"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, l := range strings.Fields(string(data)) {
		out[l] = true
	}
	return out, nil
}

// ResolveCommit returns the full hash of the commit rev names; ok is false
// when there is no such commit in the repository.
func (r *Repo) ResolveCommit(rev string) (hash string, ok bool, err error) {
	if rev == "" || strings.ContainsAny(rev, "\n\x00") {
		return "", false, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	objs, err := r.objects([]string{rev + "^{commit}"})
	if err != nil || objs[0].kind != "commit" {
		return "", false, err
	}
	return objs[0].hash, true, nil
}

// FileAt returns the content of path (slash-separated, from the top level)
// in the commit rev; ok is false when there is no file there.
func (r *Repo) FileAt(rev, path string) (data []byte, ok bool, err error) {
	if strings.ContainsAny(path, "\n\x00") || strings.ContainsAny(rev, "\n\x00:") {
		return nil, false, fmt.Errorf("gitutil: cannot look up %q in %q", path, rev)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	objs, err := r.objects([]string{rev + ":" + strings.Trim(path, "/")})
	if err != nil || objs[0].kind != "blob" {
		return nil, false, err
	}
	return objs[0].data, true, nil
}

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

// MergeBase returns the best common ancestor of two commits; ok is false
// when they have none.
func (r *Repo) MergeBase(a, b string) (base string, ok bool, err error) {
	out, err := r.run("merge-base", "--end-of-options", a, b)
	var ce *CommandError
	if errors.As(err, &ce) && exitCode(ce) == 1 {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	base = strings.TrimSpace(string(out))
	if !isHash(base) {
		return "", false, badOutput([]string{"merge-base", a, b}, "merge-base %q", base)
	}
	return base, true, nil
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
