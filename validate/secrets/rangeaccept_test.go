package secrets

import (
	"bytes"
	"testing"
)

// TestIgnoreEntries reads entries as allow writes them, and the ones it
// does not: no glob, no rule in the comment, a comment without "at".
func TestIgnoreEntries(t *testing.T) {
	data := []byte("\ufeff# header\nsalt 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff\n" +
		"0123456789ABCDEF0123456789abcdef fixtures/gh.txt # secret-github-pat at fixtures/gh.txt:1\n" +
		"0123456789abcdef0123456789abcdef # secret-generic at a.env:3\n" +
		"fedcba9876543210fedcba9876543210 docs/* # accepted by hand\n" +
		"not-a-fingerprint x\n")
	got := IgnoreEntries(data)
	want := []IgnoreEntry{
		{Line: 3, Fingerprint: "0123456789abcdef0123456789abcdef", Glob: "fixtures/gh.txt", Rule: "secret-github-pat", Note: "secret-github-pat at fixtures/gh.txt:1"},
		{Line: 4, Fingerprint: "0123456789abcdef0123456789abcdef", Rule: "secret-generic", Note: "secret-generic at a.env:3"},
		{Line: 5, Fingerprint: "fedcba9876543210fedcba9876543210", Glob: "docs/*", Note: "accepted by hand"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d entries, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestUnmarked blanks every allow marker in place and names the lines
// they cover; scanning the result finds what the markers hid, on those
// lines.
func TestUnmarked(t *testing.T) {
	in := []byte("a = 1 # remnant-guard:allow\nb = 2\n# remnant-guard:allow-next-line\nc = 3 // gitleaks:allow\nd = 4\n")
	out, allowed := Unmarked(in)
	if len(out) != len(in) || bytes.Count(out, []byte("\n")) != bytes.Count(in, []byte("\n")) {
		t.Fatalf("lines or length changed:\n%q\n%q", in, out)
	}
	for _, m := range append(append([][]byte{}, allowMarkers...), allowNextMarkers...) {
		if bytes.Contains(out, m) {
			t.Errorf("%q is still there: %q", m, out)
		}
	}
	for line, want := range map[int]bool{1: true, 2: false, 3: false, 4: true, 5: false} {
		if allowed[line] != want {
			t.Errorf("line %d allowed = %v, want %v", line, allowed[line], want)
		}
	}
	if out, allowed := Unmarked([]byte("x = 1\n")); allowed != nil || string(out) != "x = 1\n" {
		t.Errorf("no marker: got %q, %v", out, allowed)
	}
	// What a marker hid is found once it is blanked, on its line.
	e, err := NewEngine(BuiltinRules(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	token := "ghp_" + "8r6Jk2LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq"
	src := []byte("x = 1\ntoken = " + token + " # remnant-guard:allow\n")
	if found, _ := e.ScanFile("a.txt", src); len(found) != 0 {
		t.Fatalf("the marker did not hide the token: %v", found)
	}
	out, allowed = Unmarked(src)
	found, _ := e.ScanFile("a.txt", out)
	if len(found) != 1 || found[0].Line != 2 || !allowed[2] || found[0].RuleID != "secret-github-pat" {
		t.Fatalf("got %+v, allowed %v", found, allowed)
	}
}
