package secrets

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

// FuzzScan checks that scanning never panics and that every finding lies
// inside the input.
func FuzzScan(f *testing.F) {
	for _, d := range BuiltinRulesWithExamples() {
		for _, ex := range d.TP {
			f.Add(examplePath(d), ex)
		}
	}
	f.Add("a.yaml", "kind: Secret\ndata:\n  k: |\n")
	f.Add("x", "-----BEGIN RSA PRIVATE KEY-----\n-----END")
	e := builtinEngine(f)
	f.Fuzz(func(t *testing.T, path, src string) {
		fs, skipped := e.ScanFile(path, []byte(src))
		lines := bytes.Split([]byte(src), []byte("\n"))
		for _, fd := range fs {
			if fd.Line == 0 {
				continue
			}
			if fd.Line < 1 || fd.Line > len(lines) || fd.EndLine < fd.Line || fd.EndLine > len(lines) {
				t.Fatalf("%s: line %d-%d outside %d lines", fd.RuleID, fd.Line, fd.EndLine, len(lines))
			}
			n := utf8.RuneCount(lines[fd.Line-1])
			if fd.Column < 1 || fd.Column > n {
				t.Fatalf("%s: column %d outside line of %d", fd.RuleID, fd.Column, n)
			}
			if m := utf8.RuneCount(lines[fd.EndLine-1]); fd.EndColumn < 1 || fd.EndColumn > m {
				t.Fatalf("%s: end column %d outside line of %d", fd.RuleID, fd.EndColumn, m)
			}
		}
		var ls []Line
		for i, l := range lines {
			ls = append(ls, Line{Number: i + 1, Text: l})
		}
		if got := e.ScanLines(path, ls); skipped == nil && len(got) != len(fs) {
			t.Fatalf("ScanLines found %d, ScanFile %d", len(got), len(fs))
		}
	})
}
