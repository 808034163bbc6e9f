// Package doctable keeps tables of the documentation that are made from
// the code, such as the rule tables, true: a test renders the table from
// the code, and Check compares it with the text between two marker
// comments of a Markdown file, or rewrites that text when asked to.
//
// A generated table sits between
//
//	<!-- begin NAME -->
//	<!-- end NAME -->
//
// and is rewritten with `go test -run TestDocRules -update` in the package
// whose test renders it.
package doctable

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// Table renders a Markdown table. Each cell is escaped with Cell.
func Table(header []string, rows [][]string) string {
	var b strings.Builder
	line := func(cells []string) {
		for _, c := range cells {
			b.WriteString("| ")
			b.WriteString(Cell(c))
			b.WriteString(" ")
		}
		b.WriteString("|\n")
	}
	line(header)
	b.WriteString(strings.Repeat("|---", len(header)) + "|\n")
	for _, r := range rows {
		line(r)
	}
	return b.String()
}

// Cell escapes text for a table cell: `|` everywhere, so that every row
// has as many cells as the header, and outside code spans `<`, `*` and
// `_` at a word's edge, which Markdown would take for HTML or emphasis
// (`<project-name>` would vanish, `rules/*.md and areas/*.md` turn
// italic).
func Cell(s string) string {
	var b strings.Builder
	code := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '|':
			b.WriteString(`\|`)
			continue
		case c == '`':
			code = !code
		case code:
		case c == '<':
			b.WriteString("&lt;")
			continue
		case c == '*':
			b.WriteString(`\*`)
			continue
		case c == '_' && (i == 0 || i == len(s)-1 || !word(s[i-1]) || !word(s[i+1])):
			b.WriteString(`\_`)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func word(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// Code renders s as a code span.
func Code(s string) string { return "`" + s + "`" }

// Replace returns doc with the text between the markers of name replaced
// by table, and the text that was there.
func Replace(doc, name, table string) (out, old string, err error) {
	begin, end := "<!-- begin "+name+" -->\n", "<!-- end "+name+" -->"
	i := strings.Index(doc, begin)
	j := strings.Index(doc, end)
	if i < 0 || j < 0 || j < i+len(begin) {
		return "", "", fmt.Errorf("no %q ... %q markers", strings.TrimSpace(begin), end)
	}
	if strings.Count(doc, begin) > 1 || strings.Count(doc, end) > 1 {
		return "", "", fmt.Errorf("the markers of %s are there twice", name)
	}
	i += len(begin)
	return doc[:i] + table + doc[j:], doc[i:j], nil
}

// Check fails t when the table between the markers of name in the file at
// path is not table; with update it rewrites the file instead.
func Check(t testing.TB, path, name, table string, update bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out, old, err := Replace(string(data), name, table)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if old == table {
		return
	}
	if !update {
		t.Errorf("%s: the %s table differs from the code; run go test -run %s -update to rewrite it\n%s",
			path, name, t.Name(), firstDiff(old, table))
		return
	}
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: rewrote the %s table", path, name)
}

// DetailIDs returns the rule IDs of the "- `ID`: ..." bullets that
// follow the generated table name up to the next heading: the
// hand-written details beside the table, so that a test can check each
// names a rule that exists.
func DetailIDs(t testing.TB, path, name string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(data), "<!-- end "+name+" -->\n")
	if !ok {
		t.Fatalf("%s: no end marker of %s", path, name)
	}
	after, _, _ = strings.Cut(after, "\n#")
	var ids []string
	for _, l := range strings.Split(after, "\n") {
		rest, ok := strings.CutPrefix(l, "- `")
		if !ok {
			continue
		}
		if id, _, ok := strings.Cut(rest, "`: "); ok && !strings.ContainsAny(id, " `") {
			ids = append(ids, id)
		}
	}
	return ids
}

// firstDiff names the first line where have and want differ.
func firstDiff(have, want string) string {
	h, w := strings.Split(have, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(h) || i < len(w); i++ {
		var a, b string
		if i < len(h) {
			a = h[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("line %d of the table:\n  docs: %s\n  code: %s", i+1, a, b)
		}
	}
	return ""
}
