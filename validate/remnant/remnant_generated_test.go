package remnant

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

func readTestFile(t testing.TB, name string) string {
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const workedExample = "testdata/valid/worked-example/REMNANT.md"

func TestWorkedExampleEncodings(t *testing.T) {
	src := readTestFile(t, workedExample)
	crlf := strings.ReplaceAll(src, "\n", "\r\n")
	for name, in := range map[string]string{
		"lf": src, "crlf": crlf, "bom": "\uFEFF" + src, "bom+crlf": "\uFEFF" + crlf,
	} {
		if fs := CheckRemnant("REMNANT.md", []byte(in), DefaultLimits(), testNow); len(fs) != 0 {
			t.Errorf("%s: want no findings, got %+v", name, fs)
		}
	}
}

// TestPositionsSurviveEncodings: a finding has the same position whatever
// the line endings and BOM.
func TestPositionsSurviveEncodings(t *testing.T) {
	src := strings.Replace(readTestFile(t, workedExample), "- agent: claude-code", "- agent: röbot", 1)
	want := CheckRemnant("REMNANT.md", []byte(src), DefaultLimits(), testNow)
	if len(want) != 1 || want[0].Line != 10 || want[0].Column != 10 {
		t.Fatalf("want one finding at 10:10, got %+v", want)
	}
	for _, in := range []string{strings.ReplaceAll(src, "\n", "\r\n"), "\uFEFF" + src} {
		got := CheckRemnant("REMNANT.md", []byte(in), DefaultLimits(), testNow)
		if len(got) != 1 || got[0].Line != want[0].Line || got[0].Column != want[0].Column {
			t.Errorf("got %+v, want position %d:%d", got, want[0].Line, want[0].Column)
		}
	}
}

func TestUnreadableFiles(t *testing.T) {
	big := bytes.Repeat([]byte("- a line of a very long handoff\n"), 5<<20/32+1)
	tests := map[string]struct {
		src  []byte
		word string
	}{
		"empty":      {nil, "empty"},
		"blank":      {[]byte(" \n\t\r\n"), "empty"},
		"bom only":   {[]byte("\uFEFF\n"), "empty"},
		"5 MB":       {big, "limit"},
		"binary":     {[]byte("# Remnant - x\n\x00\x01\x02PNG"), "NUL"},
		"not utf-8":  {[]byte("# Remnant - x\n\xff\xfe caf\xe9\n"), "UTF-8"},
		"utf-16 bom": {[]byte("\xff\xfe#\x00 \x00"), "UTF-16"},
		"utf-16be":   {[]byte("\x00#\x00 \x00R\x00e\x00m\x00\n"), "UTF-16"},
		"cr only":    {[]byte("# Remnant - x\r\r## Session\r- version: 2\r"), "CR-only"},
	}
	for name, tt := range tests {
		fs := CheckRemnant("REMNANT.md", tt.src, DefaultLimits(), testNow)
		// Refused before it is parsed: a parse allocates for every line
		// (thousands of objects for 1 MiB), a refusal a handful.
		if objects, _ := heapcost.Cost(func() { CheckRemnant("REMNANT.md", tt.src, DefaultLimits(), testNow) }); objects > 64 {
			t.Errorf("%s: %d objects allocated: the file was parsed, not refused", name, objects)
		}
		if len(fs) != 1 || fs[0].RuleID != RuleRemnantParse || !strings.Contains(fs[0].Message, tt.word) {
			t.Errorf("%s: want one remnant-parse finding about %q, got %+v", name, tt.word, fs)
		}
	}
}

func TestUnreadablePosition(t *testing.T) {
	fs := CheckRemnant("REMNANT.md", []byte("# Remnant - x\n\nab\xffc\n"), DefaultLimits(), testNow)
	if len(fs) != 1 || fs[0].Line != 3 || fs[0].Column != 3 {
		t.Errorf("want one finding at 3:3, got %+v", fs)
	}
}

func TestFutureDate(t *testing.T) {
	src := readTestFile(t, workedExample)
	for date, bad := range map[string]bool{
		"2026-05-07T11:00:00Z": false, "2026-05-07T13:00:00Z": true, "2026-05-07": false,
		"2026-05-08": true, "2026-05-05T14:00": false, "2026-05-05T14:00:00+02:00": false,
		"2026-05-05T14:00:00.123Z": false, "2026-5-5": true, "May 5": true,
	} {
		in := strings.Replace(src, "2026-05-05T14:00:00Z", date, 1)
		fs := CheckRemnant("REMNANT.md", []byte(in), DefaultLimits(), testNow)
		if fired(fs, RuleRemnantSession) != bad {
			t.Errorf("date %s: want session finding %v, got %+v", date, bad, fs)
		}
	}
	if fs := CheckRemnant("REMNANT.md", []byte(strings.Replace(src, "2026-05-05T14:00:00Z", "2030-01-01", 1)), DefaultLimits(), time.Time{}); len(fs) != 0 {
		t.Errorf("zero now must skip the future check, got %+v", fs)
	}
}

func TestKindOf(t *testing.T) {
	for name, want := range map[string]Kind{
		"REMNANT.md": KindRemnant, "sub/remnant.md": KindRemnant, `a\Remnant.MD`: KindRemnant,
		"REMNANT.template.md": KindTemplate, "AGENTS.md": KindAgents, "CLAUDE.md": KindPointer,
		"x/GEMINI.md": KindPointer, "README.md": KindUnknown, "REMNANT.md.bak": KindUnknown,
	} {
		if got := KindOf(name); got != want {
			t.Errorf("KindOf(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestDefaultLimits(t *testing.T) {
	want := Limits{MaxLines: 150, MaxHistory: 5, MaxStateBullets: 6, MaxFileSize: 1 << 20}
	if got := DefaultLimits(); got != want {
		t.Errorf("DefaultLimits() = %+v", got)
	}
}

// largeInputs are inputs just under the size limit, built to hit every
// per-line scan, at 1/eighth of their size.
var largeInputs = map[string]func(eighth int) string{
	"comments":  func(e int) string { return strings.Repeat("<!--\n", 25000*e) + "-->\n" },
	"backticks": func(e int) string { return strings.Repeat("``a", 37500*e) },
	"emails":    func(e int) string { return strings.Repeat("a@b.cc ", 17500*e) },
	"phones":    func(e int) string { return strings.Repeat("+1 234 567 8901 ", 7500*e) },
	"bullets":   func(e int) string { return "## State\n" + strings.Repeat("- x\n", 31250*e) },
	"headings":  func(e int) string { return strings.Repeat("## Session\n- date: x\n", 5625*e) },
}

// TestLargeInputsStayFast: the large inputs are checked with work linear
// in their size, and have findings. The work is measured by what the
// check allocates at an eighth of the size and at the full size (about 8
// times as much when linear, 64 when quadratic), not by a time, which a
// loaded machine stretches. Work that allocates nothing (the scan for NUL
// bytes and invalid UTF-8, say) is not counted: for it, the guard against
// a hang stands in, a minute for what takes milliseconds. Files without
// the marks of a REMNANT.md ("comments", "bullets") are only read as far
// as the marks are looked for. BenchmarkLargeInputs times them.
func TestLargeInputsStayFast(t *testing.T) {
	for name, text := range largeInputs {
		small, large := []byte(text(1)), []byte(text(8))
		heapcost.Finishes(t, "checking "+name, func() {
			heapcost.CheckLinear(t, name,
				func() { CheckRemnant("REMNANT.md", small, DefaultLimits(), testNow) },
				func() { CheckRemnant("REMNANT.md", large, DefaultLimits(), testNow) })
		})
		if fs := CheckRemnant("REMNANT.md", large, DefaultLimits(), testNow); len(fs) == 0 {
			t.Errorf("%s: no findings", name)
		}
	}
}

// BenchmarkLargeInputs checks each large input at its full size.
func BenchmarkLargeInputs(b *testing.B) {
	for name, text := range largeInputs {
		src := []byte(text(8))
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				CheckRemnant("REMNANT.md", src, DefaultLimits(), testNow)
			}
		})
	}
}

// TestMessagesDoNotEchoSecrets: a token pasted as a value is cut in messages.
func TestMessagesDoNotEchoSecrets(t *testing.T) {
	token := "ghp_" + strings.Repeat("A1b2C3d4E5", 4)
	src := strings.Replace(readTestFile(t, workedExample), "- agent: claude-code", "- agent: "+token, 1)
	src = strings.Replace(src, "# Remnant - remnant", "# "+token, 1)
	fs := CheckRemnant("REMNANT.md", []byte(src), DefaultLimits(), testNow)
	if len(fs) != 2 {
		t.Fatalf("want 2 findings, got %+v", fs)
	}
	for _, f := range fs {
		if strings.Contains(f.Message+f.Hint, token[:5]) {
			t.Errorf("message shows more than 4 leading characters of the token: %s", f.Message)
		}
	}
}
