package textsafe

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"plain text, é and … and \\ stay", "plain text, é and … and \\ stay"},
		{"a\x1b[2Jb", `a\x1b[2Jb`},
		{"\x1b]0;title\a", `\x1b]0;title\x07`},
		{"\x1b]52;c;aGk=\a", `\x1b]52;c;aGk=\x07`},
		{"one\ntwo\r\tthree", `one\ntwo\r\tthree`},
		{"nul\x00del\x7f", `nul\x00del\x7f`},
		{"c1 \u0085 \u009b \u0080", `c1 \u0085 \u009b \u0080`},
		{"bidi\u202etxt.exe", `bidi\u202etxt.exe`},
		{"\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u2028\u2029",
			`\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u2028\u2029`},
		{"bad \xff\xc3 utf8", `bad \xff\xc3 utf8`},
		{"\xc2\x85 is C1, \x85 alone is a bad byte", `\u0085 is C1, \x85 alone is a bad byte`},
		{"\ufffd and \u200b pass", "\ufffd and \u200b pass"},
	} {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestEscapeTextKeepsLines(t *testing.T) {
	in := "line one\n\tline two \x1b[31mred\r\nthree\r"
	want := `line one` + "\n\t" + `line two \x1b[31mred` + "\r\n" + `three\r`
	if got := EscapeText(in); got != want {
		t.Errorf("EscapeText = %q, want %q", got, want)
	}
}

func TestEscapeStream(t *testing.T) {
	keep := func(s string) int {
		for _, k := range []string{"\x1b[31m", "\x1b[0m"} {
			if strings.HasPrefix(s, k) {
				return len(k)
			}
		}
		return 0
	}
	in := "\x1b[31merror\x1b[0m: a\x1b[32mb\rc\r\nd\x1b"
	want := "\x1b[31merror\x1b[0m: a\\x1b[32mb\\rc\r\nd\\x1b"
	if got := EscapeStream(in, keep); got != want {
		t.Errorf("EscapeStream = %q, want %q", got, want)
	}
	if got := EscapeStream("\u202e\n", keep); got != "\\u202e\n" {
		t.Errorf("EscapeStream(bidi) = %q", got)
	}
}

// TestEscapeAllocatesNothingForPlainText keeps the common case free: the
// output of every run passes through the rule.
func TestEscapeAllocatesNothingForPlainText(t *testing.T) {
	plain := strings.Repeat("docs/memory/decisions.md:12:1: warning: … [rule-id]\n", 20)
	if n := testing.AllocsPerRun(100, func() { _ = EscapeStream(plain, nil); _ = Escape(plain[:40]) }); n != 0 {
		t.Errorf("%v allocations for plain text, want 0", n)
	}
}

func TestUnsafe(t *testing.T) {
	if Unsafe("docs/a b.md") || !Unsafe("a\tb") || !Unsafe("a\u2067") || !Unsafe("\xfe") {
		t.Error("Unsafe disagrees with Escape")
	}
}

// unescape undoes Escape for text without backslashes: it shows that
// Escape loses nothing there.
func unescape(t *testing.T, s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			i++
			continue
		}
		switch s[i+1] {
		case 'n':
			b.WriteByte('\n')
			i += 2
		case 'r':
			b.WriteByte('\r')
			i += 2
		case 't':
			b.WriteByte('\t')
			i += 2
		case 'x':
			v, err := strconv.ParseUint(s[i+2:i+4], 16, 8)
			if err != nil {
				t.Fatalf("bad escape in %q", s)
			}
			b.WriteByte(byte(v))
			i += 4
		case 'u':
			v, err := strconv.ParseUint(s[i+2:i+6], 16, 32)
			if err != nil {
				t.Fatalf("bad escape in %q", s)
			}
			b.WriteRune(rune(v))
			i += 6
		default:
			t.Fatalf("unknown escape in %q", s)
		}
	}
	return b.String()
}

func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "plain", "a\x1b[2Jb", "\x1b]52;c;aGk=\a", "bidi\u202etxt", "\xff\xc2\x85\u2066", "\r\n\t\x00\x7f", "é\\x1b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{Escape(s), EscapeText(s), EscapeStream(s, nil)} {
			if !utf8.ValidString(out) {
				t.Fatalf("escaped %q is not UTF-8: %q", s, out)
			}
			for _, r := range out {
				if r < 0x20 && r != '\n' && r != '\t' && r != '\r' || r == 0x7f || unsafeRune(r) {
					t.Fatalf("escaped %q holds %U: %q", s, r, out)
				}
			}
		}
		out := Escape(s)
		if Unsafe(out) {
			t.Fatalf("Escape(%q) = %q is still unsafe", s, out)
		}
		if len(out) > 6*len(s) {
			t.Fatalf("Escape(%q) grew %d to %d bytes", s, len(s), len(out))
		}
		if !strings.Contains(s, `\`) {
			if back := unescape(t, out); back != s {
				t.Fatalf("Escape(%q) = %q reads back as %q", s, out, back)
			}
		}
		if !Unsafe(s) && out != s {
			t.Fatalf("safe %q changed to %q", s, out)
		}
	})
}

// benchReport is what a hook run prints: findings lines of plain text.
var benchReport = strings.Repeat("docs/memory/decisions.md:12:1: warning: decision \"Export notes as Markdown\" gives no reason [custodian-decision-no-reason]\n"+
	"    add `Reason: ...` so later readers know when to revisit it\n", 20)

func BenchmarkEscapeStreamPlain(b *testing.B) {
	b.SetBytes(int64(len(benchReport)))
	for b.Loop() {
		_ = EscapeStream(benchReport, nil)
	}
}

func BenchmarkEscapeStreamHostile(b *testing.B) {
	s := strings.Repeat("a\x1b[2Jb\u202ec\xff ", len(benchReport)/12)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		_ = EscapeStream(s, nil)
	}
}
