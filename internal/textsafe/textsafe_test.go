package textsafe

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	if got := Clip("short", 10); got != "short" {
		t.Errorf("Clip kept %q, want it whole", got)
	}
	long := strings.Repeat("é", 100) // 200 bytes
	got := Clip(long, 51)
	if !utf8.ValidString(got) || !strings.HasSuffix(got, "… (200 bytes)") || len(got) > 51+len("… (200 bytes)") {
		t.Errorf("Clip(200 bytes, 51) = %q", got)
	}
}

func TestQuote(t *testing.T) {
	if got := Quote("a\x1b[2Jb"); got != `"a\x1b[2Jb"` {
		t.Errorf("Quote = %s", got)
	}
	got := Quote(strings.Repeat("k", 80<<10))
	if len(got) > MaxEcho+40 || !strings.HasSuffix(got, "… (81920 bytes)") {
		t.Errorf("Quote of 80 KiB is %d bytes: %.60s…", len(got), got)
	}
}

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                "plain",
		"two\nlines":           "two lines",
		"a\r\n\tb\x1b[31m\x7f": "a b [31m",
		"\n\n":                 "",
	} {
		if got := OneLine(in); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
	}
}
