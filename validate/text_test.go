package validate

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

func TestReadText(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		d      Dialect
		lines  []string
		starts []int
		utf8   bool
	}{
		{"empty", "", CommonMark, []string{}, []int{}, true},
		{"empty python", "", CustodianLines, nil, nil, true},
		{"LF", "a\nb\n", CommonMark, []string{"a", "b"}, []int{0, 2}, true},
		{"LF python", "a\nb\n", CustodianLexing, []string{"a", "b"}, []int{0, 2}, true},
		{"no final LF", "a\n\nb", CustodianLines, []string{"a", "", "b"}, []int{0, 2, 3}, true},
		{"CRLF", "a\r\nb\r\n", CommonMark, []string{"a", "b"}, []int{0, 2}, true},
		{"CRLF python", "a\r\nb\r\n", CustodianLines, []string{"a", "b"}, []int{0, 2}, true},
		{"lone CR stays in the line", "a\rb\n", CommonMark, []string{"a\rb"}, []int{0}, true},
		{"lone CR ends a line in python", "a\rb\n", CustodianLines, []string{"a", "b"}, []int{0, 2}, true},
		{"BOM dropped", "\ufeffa\n", CommonMark, []string{"a"}, []int{0}, true},
		{"BOM kept in python", "\ufeffa\n", CustodianLines, []string{"\ufeffa"}, []int{0}, true},
		{"U+2028 in a line", "a\u2028b", CommonMark, []string{"a\u2028b"}, []int{0}, true},
		{"U+2028 ends a line in python", "a\u2028b\u2029", CustodianLines, []string{"a", "b"}, []int{0, 4}, true},
		{"VT FF FS GS RS NEL", "a\vb\fc\x1cd\x1de\x1ef\u0085g", CustodianLexing,
			[]string{"a", "b", "c", "d", "e", "f", "g"}, []int{0, 2, 4, 6, 8, 10, 13}, true},
		{"CRLF and BOM as the bullet units read them", "\ufeffa\r\nb\rc", CustodianBullets, []string{"\ufeffa", "b", "c"}, []int{0, 5, 7}, true},
		{"US is no break", "a\x1fb", CustodianLines, []string{"a\x1fb"}, []int{0}, true},
		{"NUL", "a\x00b\n", CustodianLines, []string{"a\x00b"}, []int{0}, true},
		{"invalid UTF-8", "a\xffb\nc", CommonMark, []string{"a\xffb", "c"}, []int{0, 4}, false},
		{"invalid UTF-8 python", "a\xffb\nc", CustodianLines, []string{"a\xffb", "c"}, []int{0, 4}, false},
		{"single LF", "\n", CommonMark, []string{""}, []int{0}, true},
		// Python's "\n".splitlines() is [""]; the custodian dialects have
		// read such a file as having no line, which no rule can tell apart.
		{"single LF python", "\n", CustodianLines, nil, nil, true},
	}
	for _, tc := range tests {
		txt := ReadText([]byte(tc.src), tc.d)
		if !reflect.DeepEqual(txt.Lines(), tc.lines) || !reflect.DeepEqual(txt.offsets(), tc.starts) {
			t.Errorf("%s: ReadText(%q, %v) = %q at %v, want %q at %v", tc.name, tc.src, tc.d, txt.Lines(), txt.offsets(), tc.lines, tc.starts)
		}
		if txt.ValidUTF8() != tc.utf8 {
			t.Errorf("%s: ValidUTF8 = %v, want %v", tc.name, txt.ValidUTF8(), tc.utf8)
		}
		if _, ok := DecodeText([]byte(tc.src), tc.d); ok != tc.utf8 {
			t.Errorf("%s: DecodeText reports UTF-8 %v, want %v", tc.name, ok, tc.utf8)
		}
	}
}

// TestTextAgreesWithItself checks, on generated text, that ReadText,
// DecodeText and SplitLines agree, that every line sits at its offset, and
// that LineAt finds it again.
func TestTextAgreesWithItself(t *testing.T) {
	parts := []string{"a", "é", "\n", "\r", "\r\n", "\v", "\f", "\x1c", "\x1f", "\u0085", "\u2028",
		"\u2029", "\ufeff", "\xff", "\x00", " ", "\t", "```", "<!--", "-->"}
	rng := rand.New(rand.NewSource(7))
	for n := 0; n < 3000; n++ {
		var b strings.Builder
		for k := rng.Intn(12); k > 0; k-- {
			b.WriteString(parts[rng.Intn(len(parts))])
		}
		src := []byte(b.String())
		for _, d := range []Dialect{CommonMark, CustodianLines, CustodianLexing, CustodianBullets} {
			txt := ReadText(src, d)
			s, _ := DecodeText(src, d)
			if s != txt.String() {
				t.Fatalf("%v %q: DecodeText %q, ReadText %q", d, src, s, txt.String())
			}
			if got := SplitLines(s, d); len(got) != len(txt.Lines()) || (len(got) > 0 && !reflect.DeepEqual(got, txt.Lines())) {
				t.Fatalf("%v %q: SplitLines %q, ReadText %q", d, src, got, txt.Lines())
			}
			for l, line := range txt.Lines() {
				at := txt.LineStart(l + 1)
				if !strings.HasPrefix(s[at:], line) {
					t.Fatalf("%v %q: line %d %q is not at offset %d", d, src, l+1, line, at)
				}
				if got := txt.LineAt(at); got != l+1 {
					t.Fatalf("%v %q: LineAt(%d) = %d, want %d", d, src, at, got, l+1)
				}
			}
			if d == CommonMark && !reflect.DeepEqual(MarkdownLines(src), txt.Lines()) {
				t.Fatalf("%q: MarkdownLines %q, ReadText %q", src, MarkdownLines(src), txt.Lines())
			}
		}
	}
}

func TestPythonStrip(t *testing.T) {
	for in, want := range map[string]string{
		"  a b \t": "a b", "\x1c\x1fa\x1e": "a", "\u00a0a\u3000": "a", "\u200ba": "\u200ba", "": "",
	} {
		if got := PythonStrip(in); got != want {
			t.Errorf("PythonStrip(%q) = %q, want %q", in, got, want)
		}
	}
}
