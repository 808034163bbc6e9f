package custodian

import (
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

// FormalEntry is a structured entry of protocol 0.6 and later:
//
//	## MC-DEC-20260728-a1b2c3d4 — Support Python 3.10+
//
//	Status: active
//	Scope: project
//	Subject: MC-SUBJ-20260729-a1b2c3d4
//	Facet: version-policy
//	Evidence:
//	- repo:pyproject.toml
//
//	Decision:
//	Support Python 3.10+.
type FormalEntry struct {
	File  string
	ID    string
	Type  string // DEC, CON, DNU, PREF, AREA, INBOX, TOMB, SUBJ, REC
	Title string
	Line  int
	// Fields are the scalar and list fields by name, in order of
	// appearance; a field given twice has two values.
	Fields map[string][]Field
	// Problems are the entry's schema problems found while parsing.
	Problems []entryProblem
}

// Field is one field line and what follows it.
type Field struct {
	Name  string
	Value string   // inline value (scalars)
	Items []string // "- " items (list fields)
	Body  string   // text below (bodies)
	Line  int
}

type entryProblem struct {
	line int
	msg  string
}

// One returns the value of a field given once, or "".
func (e *FormalEntry) One(name string) string {
	if fs := e.Fields[name]; len(fs) > 0 {
		if fs[0].Value != "" {
			return fs[0].Value
		}
		return fs[0].Body
	}
	return ""
}

var idPattern = `MC-(DEC|CON|DNU|PREF|AREA|INBOX|TOMB|SUBJ|REC)-[0-9]{8}-[0-9a-f]{8}`

// Entry IDs compare case-insensitively, as upstream matches them.
var (
	entryIDRE = validate.LazyRegexp(`(?i)\b` + idPattern + `\b`)
	// closingHashesRE is a title ending in closing hashes.
	closingHashesRE = validate.LazyRegexp(`(?:^|[ \t])#+$`)
)

// field kinds.
var (
	scalarFields = map[string]bool{"Status": true, "Scope": true, "Subject": true, "Facet": true,
		"Supersedes": true, "Superseded-By": true, "Promoted-From": true, "Promoted-To": true,
		"Exception-To": true, "Candidate-Type": true, "Entry-Type": true, "Provisional-Subject": true,
		"Provisional-Facet": true, "Kind": true, "Canonical-Ref": true, "Merged-Into": true, "Resolution": true}
	listFields = map[string]bool{"Evidence": true, "Aliases": true, "Entries": true, "Merged-From": true}
	bodyFields = map[string]bool{"Reason": true, "Decision": true, "Constraint": true, "Rejected": true,
		"Preference": true, "Rule": true, "Profile": true, "Statement": true, "Promotion-Requirement": true}
)

// ambiguousBullet is upstream's finding for a column-zero bullet after a
// formal Entry's heading with no field after it.
const ambiguousBullet = "ambiguous column-zero bullet follows a formal Entry; indent body bullets or move legacy memory under an explicit heading"

// formalLikeHeadingRE is an H2 that upstream's unit reader takes for a
// formal Entry's: an ID prefix of an Entry type, in any case.
var formalLikeHeadingRE = validate.LazyRegexp(`(?i)^ {0,3}##[ \t]+MC-(?:DEC|CON|DNU|PREF|AREA|INBOX|TOMB)-`)

// isUnitH2 reports an H2 as upstream's unit reader finds them: "##" after
// at most 3 spaces, then a space, a tab or the end of the line.
func isUnitH2(l string) bool {
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 || !strings.HasPrefix(t, "##") {
		return false
	}
	return len(t) == 2 || t[2] == ' ' || t[2] == '\t'
}

// registryOnly are the fields of Subjects and reconciliations, unknown in
// an Entry.
var registryOnly = map[string]bool{"Kind": true, "Canonical-Ref": true, "Aliases": true, "Merged-Into": true,
	"Merged-From": true, "Resolution": true, "Entries": true}

// bodyFence opens a schema 2+ body block.
const bodyFence = "```memory-custodian-body-v1"

// formalFile holds the formal entries of one file and its legacy units.
type formalFile struct {
	entries []*FormalEntry
	legacy  int // legacy H2 units and legacy bullets
	// bulletLines are the 1-based lines of the legacy bullets.
	bulletLines []int
	// malformed are H2 lines that hold an Entry ID but are no canonical
	// Entry heading.
	malformed  []entryProblem
	lexProblem entryProblem
}

// parseFormal reads the formal entries of a file (protocol 0.6+).
// schema is the entry schema (fenced bodies from 2 on).
func parseFormal(f *File, schema int) formalFile {
	lines := f.Lines
	lx := lex(lines)
	var out formalFile
	if lx.Problem != "" {
		out.lexProblem = entryProblem{lx.ProblemLine, lx.Problem}
	}
	vis := lx.Visible(lines)
	follows := fieldsFollow(vis)
	var cur *FormalEntry
	var curField *Field
	// body holds the lines of curField's body, joined into it once the
	// field ends (endField): a body grows line by line, and adding each
	// line to the text so far would copy the text again for each line.
	// body is empty exactly when the body so far is "".
	var body []string
	endField := func() {
		if curField != nil && len(body) > 0 {
			curField.Body = strings.Join(body, "\n")
		}
		curField, body = nil, body[:0]
	}
	inH2 := false
	// pseudo is an H2 that upstream's unit reader takes for a formal
	// Entry's (`## MC-PREF-20261001-LOGO — ...`) without an Entry ID: its
	// first column-zero bullet with no field after it is ambiguous.
	pseudo := false
	for i := 0; i < len(lines); i++ {
		l := vis[i]
		if isUnitH2(l) {
			endField()
			cur, inH2 = nil, true
			pseudo = formalLikeHeadingRE().MatchString(l)
			if id, typ, title, ok := entryHeading(l); ok {
				cur = &FormalEntry{File: f.Name, ID: id, Type: typ, Title: title, Line: i + 1, Fields: map[string][]Field{}}
				out.entries = append(out.entries, cur)
				continue
			}
			if entryIDRE().MatchString(l) && validIDIn(l) {
				out.malformed = append(out.malformed, entryProblem{i + 1, "malformed Entry heading " + quote(short(pyStrip(l))) + "; expected `## <ENTRY_ID> — <title>`"})
			}
			out.legacy++
			continue
		}
		if !lx.Hidden(i+1) && l != "" && l[0] == ' ' && strings.HasPrefix(strings.TrimLeft(l, " "), "## ") && entryIDRE().MatchString(l) {
			out.malformed = append(out.malformed, entryProblem{i + 1, "malformed Entry heading " + quote(short(pyStrip(lines[i]))) + "; expected `## <ENTRY_ID> — <title>`"})
		}
		if cur == nil {
			if !inH2 && isLegacyBullet(l) {
				out.legacy++
				out.bulletLines = append(out.bulletLines, i+1)
			}
			if pseudo && isLegacyBullet(l) && !follows[i] {
				out.malformed = append(out.malformed, entryProblem{i + 1, ambiguousBullet})
				pseudo = false
			}
			continue
		}
		// Schema 2+: a body may be one fenced block right after its field.
		if curField != nil && bodyFields[curField.Name] && schema >= 2 && strings.TrimRight(lines[i], " \t") == bodyFence && len(body) == 0 {
			j := i + 1
			for j < len(lines) && strings.TrimRight(lines[j], " \t") != "```" {
				j++
			}
			if text := strings.Join(lines[i+1:min(j, len(lines))], "\n"); text != "" {
				body = append(body, text)
			}
			i = j
			continue
		}
		if name, rest, ok := fieldLine(l); ok {
			// Upstream keeps trailing blanks: `Status: active ` is not
			// `active`.
			val := strings.TrimLeftFunc(rest, validate.PythonSpace) // `\s*`: a no-break space too
			if pyStrip(val) == "" {
				val = ""
			}
			if !scalarFields[name] && !listFields[name] && !bodyFields[name] || registryOnly[name] && cur.Type != "SUBJ" && cur.Type != "REC" {
				cur.Problems = append(cur.Problems, entryProblem{i + 1, cur.ID + " has unknown field " + name})
				endField()
				continue
			}
			endField() // before the append, which may move the field
			cur.Fields[name] = append(cur.Fields[name], Field{Name: name, Value: val, Line: i + 1})
			fs := cur.Fields[name]
			curField = &fs[len(fs)-1]
			if listFields[name] && val != "" && cur.Type == "SUBJ" {
				// (an Entry's list field may carry a value, which upstream
				// ignores; a Subject's may not)
				cur.Problems = append(cur.Problems, entryProblem{i + 1, cur.ID + " " + name + " block heading must not contain a value"})
			}
			if bodyFields[name] && val != "" {
				body = append(body, val)
			}
			continue
		}
		if curField == nil {
			if pyStrip(l) != "" {
				if isLegacyBullet(l) && !follows[i] {
					cur.Problems = append(cur.Problems, entryProblem{i + 1, ambiguousBullet})
				}
			}
			continue
		}
		switch {
		case listFields[curField.Name]:
			if l == "-" && cur.Type != "SUBJ" {
				continue // not an item, nor the end of the list, to upstream
			}
			if strings.HasPrefix(l, "- ") || l == "-" {
				item := pyStrip(strings.TrimPrefix(l, "-"))
				curField.Items = append(curField.Items, item)
			} else if pyStrip(l) != "" {
				endField()
				if isLegacyBullet(l) && !follows[i] {
					cur.Problems = append(cur.Problems, entryProblem{i + 1, ambiguousBullet})
				}
			} else if len(curField.Items) > 0 {
				endField()
			}
		case scalarFields[curField.Name]:
			// Upstream reads every line up to the next field as the
			// scalar's body, blank lines and, in an Entry, the hidden
			// ones (a comment, a fence, indented code) too: any text there
			// is a continuation. (The registry and the reconciliations
			// have readers of their own, which skip hidden lines.)
			hiddenCounts := cur.Type != "SUBJ" && cur.Type != "REC"
			switch {
			case pyStrip(lines[i]) == "" || l == "" && !hiddenCounts:
			case isLegacyBullet(l) && !follows[i]:
				cur.Problems = append(cur.Problems, entryProblem{i + 1, ambiguousBullet})
				endField()
			default:
				cur.Problems = append(cur.Problems, entryProblem{i + 1, cur.ID + " scalar field " + curField.Name + " has an unexpected visible continuation line"})
			}
		default: // a body runs to the next field line
			if isLegacyBullet(l) && !follows[i] {
				cur.Problems = append(cur.Problems, entryProblem{i + 1, ambiguousBullet})
				continue
			}
			if len(body) > 0 || lines[i] != "" {
				body = append(body, lines[i])
			}
		}
	}
	endField()
	for _, e := range out.entries {
		for name, fs := range e.Fields {
			for k := range fs {
				fs[k].Body = strings.TrimSpace(fs[k].Body)
			}
			e.Fields[name] = fs
		}
	}
	return out
}

func isLegacyBullet(l string) bool {
	return strings.HasPrefix(l, "- ") || strings.HasPrefix(l, "* ") || strings.HasPrefix(l, "+ ")
}

// fieldsFollow reports, for each line, whether a field line follows it
// within the same H2.
func fieldsFollow(vis []string) []bool {
	out := make([]bool, len(vis))
	seen := false
	for j := len(vis) - 1; j >= 0; j-- {
		out[j] = seen
		if isUnitH2(vis[j]) {
			seen = false
		} else if _, _, ok := fieldLine(vis[j]); ok {
			seen = true
		}
	}
	return out
}

func validIDIn(l string) bool { return entryIDRE().FindString(l) != "" }

func quote(s string) string { return "'" + s + "'" }

// fieldLine splits a field line, `Name: value` at column 0, where Name is
// an ASCII letter and then ASCII letters and '-', as upstream's field
// pattern reads it (`^[A-Za-z][A-Za-z-]*:`): `See-also: x`, `reason: x`
// and `https://...` are field lines too, of unknown fields.
func fieldLine(l string) (name, rest string, ok bool) {
	if l == "" || !isASCIILetter(l[0]) {
		return "", "", false
	}
	i := 1
	for i < len(l) && (isASCIILetter(l[i]) || l[i] == '-') {
		i++
	}
	if i < len(l) && l[i] == ':' {
		return l[:i], l[i+1:], true
	}
	return "", "", false
}

// entryTypes are the entry types of Entry IDs.
var entryTypes = []string{"DEC", "CON", "DNU", "PREF", "AREA", "INBOX", "TOMB", "SUBJ", "REC"}

// entryHeading parses a canonical Entry heading, `## <ID> — <title>`:
// the ID (MC-<TYPE>-<YYYYMMDD>-<8 hex digits>, in any case) right after
// "## ", an em dash with one space each side, a title without outer white
// space or closing hashes. typ is the type in upper case.
func entryHeading(l string) (id, typ, title string, ok bool) {
	l = strings.TrimRight(l, " \t")
	rest, found := strings.CutPrefix(l, "## ")
	if !found {
		return "", "", "", false
	}
	sp := strings.IndexAny(rest, " \t")
	if sp <= 0 {
		return "", "", "", false
	}
	id, t := rest[:sp], rest[sp:]
	typ = idType(id)
	t, found = strings.CutPrefix(t, " — ")
	if typ == "" || !found || t == "" || t != strings.TrimSpace(t) || closingHashesRE().MatchString(t) {
		return "", "", "", false
	}
	return id, typ, t, true
}

// idType returns the type, in upper case, of a whole Entry ID in any
// case (MC-<TYPE>-<YYYYMMDD>-<8 hex digits>), or "".
func idType(id string) string {
	if len(id) < 3 || !strings.EqualFold(id[:3], "MC-") {
		return ""
	}
	rest := id[3:]
	dash := strings.IndexByte(rest, '-')
	if dash < 0 {
		return ""
	}
	typ := strings.ToUpper(rest[:dash])
	tail := rest[dash+1:]
	if !contains(entryTypes, typ) || len(tail) != 17 || tail[8] != '-' || !allIn(tail[:8], "0123456789") || !allIn(tail[9:], "0123456789abcdefABCDEF") {
		return ""
	}
	return typ
}

func allIn(s, set string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(set, s[i]) < 0 {
			return false
		}
	}
	return true
}

func isEntryHeading(l string) bool {
	_, _, _, ok := entryHeading(l)
	return ok
}
