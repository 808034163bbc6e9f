package secrets

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
)

// Ignore is a parsed .remnant-guard-ignore file: fingerprints of findings
// to drop, each optionally limited to paths matching a glob. A file with a
// "salt" line holds sealed fingerprints (see Sealer); one without is from
// before sealing, and its fingerprints are matched as they are.
type Ignore struct {
	entries map[string][]string // fingerprint -> globs; nil slice = anywhere
	sealer  *Sealer             // nil for a file without a salt
	// scopes say which findings some entry could match, by rule and path,
	// so that only those cost a slow hash (see cost.go).
	scopes []scope
	cost   *sealCost
}

// IgnoreError reports a bad line of an ignore file.
type IgnoreError struct {
	File string
	Line int
	Msg  string
}

func (e *IgnoreError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

var fingerprintRe = validate.LazyRegexp(`^[0-9a-f]{32}$`)

// ParseIgnore reads an ignore file: one fingerprint per line, optionally
// followed by a path glob (path.Match syntax, "**" for any depth); "#"
// starts a comment; blank lines are skipped. name is used in errors.
func ParseIgnore(name string, data []byte) (*Ignore, error) {
	ig := &Ignore{entries: map[string][]string{}}
	for i, raw := range ignoreLines(data) {
		fields := ignoreFields(raw)
		if len(fields) == 0 {
			continue
		}
		if fields[0] == "salt" {
			if err := ig.setSalt(fields); err != nil {
				return nil, &IgnoreError{File: name, Line: i + 1, Msg: err.Error()}
			}
			continue
		}
		if err := ig.add(fields); err != nil {
			return nil, &IgnoreError{File: name, Line: i + 1, Msg: err.Error()}
		}
		ig.addScope(commentRule(raw), fields[1:])
	}
	ig.cost = newSealCost(len(ig.entries))
	return ig, nil
}

// ParseSalt returns the salt line's value of an ignore file, "" when it has
// none; a bad one is left to ParseIgnore to report.
func ParseSalt(data []byte) string {
	for _, raw := range ignoreLines(data) {
		if f := ignoreFields(raw); len(f) == 2 && f[0] == "salt" {
			return f[1]
		}
	}
	return ""
}

// ignoreLines splits an ignore file into lines, without the byte-order
// mark an editor may have saved at its start.
func ignoreLines(data []byte) [][]byte {
	return bytes.Split(bytes.TrimPrefix(data, []byte("\ufeff")), []byte("\n"))
}

// ignoreFields is a line's fields, its comment left out: ParseIgnore and
// ParseSalt read a line the same way.
func ignoreFields(raw []byte) []string {
	line := string(raw)
	if j := strings.IndexByte(line, '#'); j >= 0 {
		line = line[:j]
	}
	return strings.Fields(line)
}

func (ig *Ignore) setSalt(fields []string) error {
	if ig.sealer != nil {
		return fmt.Errorf("a second salt line")
	}
	salt, err := hex.DecodeString(strings.Join(fields[1:], ""))
	if err != nil || len(fields) != 2 {
		return fmt.Errorf("want \"salt\" and %d hex digits", 2*saltLen)
	}
	ig.sealer, err = NewSealer(salt)
	return err
}

// Sealer returns the sealer of the file's salt, nil for a file without one.
func (ig *Ignore) Sealer() *Sealer {
	if ig == nil {
		return nil
	}
	return ig.sealer
}

// Legacy tells whether the file holds fingerprints but no salt: it was
// written before fingerprints were sealed, and its fingerprints confirm a
// guessed secret to whoever can read the file.
func (ig *Ignore) Legacy() bool { return ig != nil && ig.sealer == nil && len(ig.entries) > 0 }

func (ig *Ignore) add(fields []string) error {
	fp := strings.ToLower(fields[0])
	switch {
	case !fingerprintRe().MatchString(fp):
		return notFingerprint(fields[0])
	case len(fields) > 2:
		return fmt.Errorf("want a fingerprint and at most one path glob, got %d fields", len(fields))
	case len(fields) == 1:
		ig.entries[fp] = nil
		return nil
	}
	glob := fields[1]
	if _, err := path.Match(strings.ReplaceAll(glob, "**", "*"), ""); err != nil {
		return fmt.Errorf("bad path glob %q: %v", glob, err)
	}
	if globs, ok := ig.entries[fp]; !ok || globs != nil {
		ig.entries[fp] = append(globs, glob)
	}
	return nil
}

// pathLine is a path and a line number as findings print them: "x.env:3".
var pathLine = validate.LazyRegexp(`^(.+):([1-9][0-9]*)$`)

// pathLike is text made only of the characters of paths and globs, with a
// path's separator or an extension, or a glob's wildcard.
var pathLike = validate.LazyRegexp(`^[A-Za-z0-9._/*?\[\]{}@+-]+$`)

// mayBeKey tells text that could be a key pasted where a fingerprint
// goes: a run of 24 letters and digits, or a word of 12 or more that mixes
// upper case, lower case and digits, as keys do and file names seldom do.
func mayBeKey(s string) bool {
	words := strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
	for _, w := range words {
		if len(w) >= 24 || len(w) >= 12 && strings.ContainsAny(w, "abcdefghijklmnopqrstuvwxyz") &&
			strings.ContainsAny(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && strings.ContainsAny(w, "0123456789") {
			return true
		}
	}
	return false
}

// notFingerprint is the error for an entry that does not start with a
// fingerprint. A path and line, or a path glob, is said back as typed
// (paths are not secrets), with how to write what was meant; anything
// else is shortened, as it may be a secret pasted by mistake.
func notFingerprint(s string) error {
	p, m := s, pathLine().FindStringSubmatch(s)
	if m != nil {
		p = m[1]
	}
	shown := !mayBeKey(s) && pathLike().MatchString(p) && (m != nil || strings.ContainsAny(p, "/*?."))
	switch {
	case shown && m != nil:
		return fmt.Errorf("%q is a path and line, not a fingerprint: run remnant-guard allow %s, which writes the fingerprint of the finding there, limited to %s", s, s, p)
	case shown:
		return fmt.Errorf("%q is a path, not a fingerprint: an entry is a fingerprint, then optionally a path glob it is limited to (FINGERPRINT %s); remnant-guard allow PATH:LINE writes one", s, s)
	}
	return fmt.Errorf("%q is not a fingerprint (32 hex digits)", shorten(s))
}

// shorten keeps error messages from echoing a long value that may be a
// secret pasted by mistake.
func shorten(s string) string {
	if len(s) > 8 {
		return s[:4] + "..."
	}
	return s
}

// Match reports whether f is ignored.
func (ig *Ignore) Match(f validate.Finding) bool {
	if ig == nil || len(ig.entries) == 0 || f.Fingerprint == "" {
		return false
	}
	fp := f.Fingerprint
	if ig.sealer != nil {
		var ok bool
		if fp, ok = ig.seal(f); !ok {
			return false
		}
	}
	globs, ok := ig.entries[fp]
	if !ok {
		return false
	}
	if globs == nil {
		return true
	}
	for _, g := range globs {
		if globMatch(g, f.Path) {
			return true
		}
	}
	return false
}

// globMatch matches slash-separated paths; "**" spans directories.
func globMatch(glob, p string) bool {
	if !strings.Contains(glob, "**") {
		ok, _ := path.Match(glob, p)
		return ok
	}
	return globRegexp(glob).MatchString(p)
}

// globRegexp is the regexp of a glob with "**".
func globRegexp(glob string) *regexp.Regexp {
	re := "^" + strings.ReplaceAll(regexp.QuoteMeta(glob), `\*\*`, ".*") + "$"
	re = strings.ReplaceAll(re, `\*`, "[^/]*")
	re = strings.ReplaceAll(re, `\?`, "[^/]")
	return regexp.MustCompile(re)
}

// FormatIgnoreLine is the ignore-file line for f: its fingerprint (sealed
// by the caller), then a comment with the rule and position. It never holds
// the secret, nor a control of the path (textsafe.Escape). The fingerprint
// applies in every path; add a glob after it to limit it.
func FormatIgnoreLine(f validate.Finding) string {
	where := textsafe.Escape(f.Path) // one line, nothing for a terminal to interpret
	return fmt.Sprintf("%s # %s at %s:%d", f.Fingerprint, f.RuleID, where, f.Line)
}

// IgnoreEntry is one entry of an ignore file as written: its line, its
// fingerprint, its path glob ("" for every path), the rule its comment
// names ("" when it names none, see FormatIgnoreLine) and the comment.
type IgnoreEntry struct {
	Line                          int
	Fingerprint, Glob, Rule, Note string
}

// IgnoreEntries lists the entries of an ignore file ParseIgnore accepts,
// in order; the salt line and lines that are no entry are left out.
func IgnoreEntries(data []byte) []IgnoreEntry {
	var out []IgnoreEntry
	for i, raw := range ignoreLines(data) {
		fields := ignoreFields(raw)
		if len(fields) == 0 || fields[0] == "salt" || len(fields) > 2 || !fingerprintRe().MatchString(strings.ToLower(fields[0])) {
			continue
		}
		e := IgnoreEntry{Line: i + 1, Fingerprint: strings.ToLower(fields[0]), Rule: commentRule(raw)}
		if len(fields) == 2 {
			e.Glob = fields[1]
		}
		if _, note, ok := strings.Cut(string(raw), "#"); ok {
			e.Note = strings.TrimSpace(note)
		}
		out = append(out, e)
	}
	return out
}
