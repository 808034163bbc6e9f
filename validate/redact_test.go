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
		"AWS wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY":     "AWS wJal…",
		"key s9qZD4N5ek1WK+5ZZUilRMvR0MEYmhOyrG+UtsCx end": "key s9qZ… end",
		"token zLZePwLyoZDibIscXTerzDWVqbJkFhNa":           "token zLZe…",
		"Documents/ProjectNotes/MeetingSummary":            "Documents/ProjectNotes/MeetingSummary",
		"ThisIsAVeryLongCamelCaseIdentifierName":           "ThisIsAVeryLongCamelCaseIdentifierName",
		"HTTPServerConfigurationXMLParser":                 "HTTPServerConfigurationXMLParser",
		"github.com/remnant-guard/remnant-guard/validate":  "github.com/remnant-guard/remnant-guard/validate",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}
