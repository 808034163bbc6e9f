package secrets

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

// GitleaksIgnore is a parsed .gitleaksignore: gitleaks fingerprints of
// findings to drop, "file:rule:line" in every commit and the working
// tree, or "commit:file:rule:line" in that commit only. The rule is a
// gitleaks rule ID, matched through the rules that find the same secrets.
type GitleaksIgnore struct {
	entries map[string][]gitleaksEntry // file -> entries
}

type gitleaksEntry struct {
	commit string
	rules  map[string]bool // built-in rule IDs; nil: any generic rule
	line   int
}

var hexCommit = validate.LazyRegexp(`^[0-9a-f]{7,40}$`)

// ParseGitleaksIgnore reads a .gitleaksignore. Blank lines and lines
// starting with "#" are skipped; a line that is not a fingerprint is an
// error naming the file and line.
func ParseGitleaksIgnore(name string, data []byte) (*GitleaksIgnore, error) {
	ig := &GitleaksIgnore{entries: map[string][]gitleaksEntry{}}
	for i, raw := range bytes.Split(data, []byte("\n")) {
		line := strings.TrimSpace(string(raw))
		if line == "" || line[0] == '#' {
			continue
		}
		file, ent, err := parseGitleaksFingerprint(line)
		if err != nil {
			return nil, &IgnoreError{File: name, Line: i + 1, Msg: err.Error()}
		}
		ig.entries[file] = append(ig.entries[file], ent)
	}
	return ig, nil
}

func parseGitleaksFingerprint(s string) (string, gitleaksEntry, error) {
	parts := strings.Split(s, ":")
	if len(parts) < 3 {
		return "", gitleaksEntry{}, fmt.Errorf("%q is not a gitleaks fingerprint (file:rule:line or commit:file:rule:line)", shorten(s))
	}
	n, err := strconv.Atoi(parts[len(parts)-1])
	if err != nil || n < 1 {
		return "", gitleaksEntry{}, fmt.Errorf("%q does not end with a line number", shorten(s))
	}
	ent := gitleaksEntry{line: n, rules: mapGitleaksID(parts[len(parts)-2])}
	rest := parts[:len(parts)-2]
	if len(rest) > 1 && hexCommit().MatchString(strings.ToLower(rest[0])) {
		ent.commit = strings.ToLower(rest[0])
		rest = rest[1:]
	}
	file := strings.ReplaceAll(strings.Join(rest, ":"), `\`, "/")
	if file == "" {
		return "", gitleaksEntry{}, fmt.Errorf("%q names no file", shorten(s))
	}
	return file, ent, nil
}

// match reports whether a finding in commit ("" for the working tree or
// the index) is listed.
func (ig *GitleaksIgnore) match(f *validate.Finding, commit string) bool {
	if ig == nil {
		return false
	}
	for _, ent := range ig.entries[f.Path] {
		if ent.line != f.Line {
			continue
		}
		if ent.commit != "" && !commitListed([]string{ent.commit}, commit) {
			continue
		}
		if ent.rules == nil && genericRules()[f.RuleID] || ent.rules[f.RuleID] {
			return true
		}
	}
	return false
}
