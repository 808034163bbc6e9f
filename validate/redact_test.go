package validate

import "testing"

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"AKIAZ3MQ7QLP4XKD2WJN":                             "AKIA…",
		"use ghp_5E73ioBep8VEfGxxrelsAbCdEfGh12345678 now": "use ghp_… now",
		"Export notes as Markdown":                         "Export notes as Markdown",
		"2026-05-05T14:00:00Z":                             "2026-05-05T14:00:00Z",
		"src/internal/storage/store.go":                    "src/internal/storage/store.go",
		"src/d001/f1001.go":                                "src/d001/f1001.go",
		"k=wJalrXUtnFEMI/K7MDENG/bPxRfiCYz3XAMPLEK4Y":      "k=wJal…",
		"abcdefghijklmnopqrstuvwxyz":                       "abcdefghijklmnopqrstuvwxyz",
		"":                                                 "",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}
