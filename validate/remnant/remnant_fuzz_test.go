package remnant

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/remnant-guard/remnant-guard/validate"
)

// FuzzCheckRemnant checks that no input panics and that every finding lies
// inside the file.
func FuzzCheckRemnant(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "*", "*.md"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	for _, r := range RemnantRules() {
		f.Add([]byte(r.Bad))
	}
	f.Add([]byte("\uFEFF# Remnant - x\r\n## Session\r\n- date:\r\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		lines := fuzzLines(src)
		all := CheckRemnant("REMNANT.md", src, DefaultLimits(), testNow)
		all = append(all, CheckTemplate("REMNANT.template.md", src, DefaultLimits())...)
		all = append(all, CheckPointer("CLAUDE.md", src, src, DefaultLimits())...)
		for _, fd := range all {
			checkPosition(t, fd, lines)
		}
		doc := ParseRemnant(src)
		for _, m := range doc.Map {
			checkPosition(t, validate.Finding{Line: m.Line, Column: m.Column}, lines)
		}
	})
}

// fuzzLines cuts src into lines as a user's editor shows them.
func fuzzLines(src []byte) []string {
	s := strings.TrimPrefix(string(src), "\uFEFF")
	lines := strings.Split(s, "\n")
	if strings.HasSuffix(s, "\n") {
		lines = lines[:len(lines)-1]
	}
	for i := range lines {
		lines[i] = strings.TrimSuffix(lines[i], "\r")
	}
	return lines
}

func checkPosition(t *testing.T, f validate.Finding, lines []string) {
	t.Helper()
	if f.Line < 0 || f.Line > len(lines)+1 {
		t.Fatalf("line %d outside 0..%d: %+v", f.Line, len(lines)+1, f)
	}
	if f.Line == 0 {
		if f.Column != 0 {
			t.Fatalf("whole-file finding with column %d: %+v", f.Column, f)
		}
		return
	}
	max := 1
	if f.Line <= len(lines) {
		max = utf8.RuneCountInString(lines[f.Line-1]) + 1
	}
	if f.Column < 1 || f.Column > max {
		t.Fatalf("column %d outside 1..%d on line %d: %+v", f.Column, max, f.Line, f)
	}
}

func BenchmarkCheckRemnant(b *testing.B) {
	src, err := os.ReadFile(workedExample)
	if err != nil {
		b.Fatal(err)
	}
	lim := DefaultLimits()
	b.ReportAllocs()
	for b.Loop() {
		CheckRemnant("REMNANT.md", src, lim, testNow)
	}
}
