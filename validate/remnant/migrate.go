package remnant

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

// MigrateError says why a file cannot be migrated. Line is 1-based, 0 when
// the problem is the whole file.
type MigrateError struct {
	Line int
	Msg  string
}

func (e *MigrateError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// bannerLines is the protocol comment of schema v2, as the template has it.
var bannerLines = []string{
	"<!-- AGENT PROTOCOL: read this file fully before touching code.",
	"     Before your final response: update Done/Failed/State/Next/Blockers,",
	"     roll Done into History (keep 5), append decisions to Decisions.",
	"     Never commit this file. -->",
}

// migratedSections are the sections a v1 file may lack and a migration adds,
// each with an empty body ("None").
var migratedSections = []string{"History", "Decisions", "Map"}

// MigrateRemnant turns a schema v1 REMNANT.md into schema v2 as upstream
// says: it adds the protocol comment, `- version: 2` in Session and the
// missing History, Decisions and Map sections in schema order, and keeps
// every existing line, in order, byte for byte. The one line it may change
// is a Session `version:` bullet with another value, which becomes 2.
// A file already in schema v2 comes back unchanged, with changed false.
func MigrateRemnant(src []byte) (out []byte, changed bool, err error) {
	if f, bad := unreadable("", src, Limits{}); bad {
		return nil, false, &MigrateError{Line: f.Line, Msg: f.Message}
	}
	f := parseRemnantFile(validate.ParseMarkdown(src))
	if f.version == 2 {
		return src, false, nil
	}
	s := f.byName["Session"]
	if s == nil {
		return nil, false, &MigrateError{Msg: "no ## Session section: this is not a Remnant memory file"}
	}
	e := &edits{before: map[int][]string{}, replace: map[int]string{}}
	if _, at := f.bannerLine(); at == 0 {
		e.insert(1, append(append([]string{}, bannerLines...), ""))
	}
	f.migrateVersion(e, s)
	for _, name := range migratedSections {
		if f.byName[name] == nil {
			f.addSection(e, name)
		}
	}
	return e.apply(src), true, nil
}

// migrateVersion sets `version: 2` in Session: it rewrites an existing
// version bullet, or adds one before the first bullet.
func (f *remnantFile) migrateVersion(e *edits, s *section) {
	if k, ok := f.sessionValue("version"); ok {
		line := f.md.Line(k.line)
		i := strings.IndexByte(line, ':')
		e.replace[k.line] = line[:i+1] + " 2"
		return
	}
	at := s.line + 1
	if bs := f.bullets(s); len(bs) > 0 {
		at = bs[0].line
	}
	e.insert(at, []string{"- version: 2"})
}

// addSection inserts an empty section before the first known section that
// comes after it in schema order, or at the end of the file.
func (f *remnantFile) addSection(e *edits, name string) {
	order := indexOf(v2Sections, name)
	for i := range f.sections {
		if s := &f.sections[i]; s.known && s.order > order && f.byName[s.name] == s {
			e.insert(s.line, []string{"## " + name, "- None", ""})
			return
		}
	}
	lines := []string{"## " + name, "- None"}
	if n := len(f.md.Lines()); (n > 0 && strings.TrimSpace(f.md.Lines()[n-1]) != "") || len(e.end) > 0 {
		lines = append([]string{""}, lines...)
	}
	e.end = append(e.end, lines...)
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// edits are line insertions and replacements over a file, by 1-based line.
type edits struct {
	before  map[int][]string // lines inserted before a line
	replace map[int]string   // new text of a line
	end     []string         // lines appended at the end
}

func (e *edits) insert(line int, lines []string) {
	e.before[line] = append(e.before[line], lines...)
}

// apply rebuilds src with the edits, keeping its byte order mark, its line
// endings and every untouched line as it was.
func (e *edits) apply(src []byte) []byte {
	bom := bytes.HasPrefix(src, utf8BOM)
	body := bytes.TrimPrefix(src, utf8BOM)
	eol := "\n"
	if bytes.Contains(body, []byte("\r\n")) {
		eol = "\r\n"
	}
	var b bytes.Buffer
	if bom {
		b.Write(utf8BOM)
	}
	lines := strings.SplitAfter(string(body), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		for _, ins := range e.before[i+1] {
			b.WriteString(ins + eol)
		}
		if r, ok := e.replace[i+1]; ok {
			l = r + l[len(strings.TrimRight(l, "\r\n")):]
		}
		b.WriteString(l)
	}
	if len(e.end) > 0 && len(lines) > 0 && !strings.HasSuffix(lines[len(lines)-1], "\n") {
		b.WriteString(eol)
	}
	for _, l := range e.end {
		b.WriteString(l + eol)
	}
	return b.Bytes()
}
