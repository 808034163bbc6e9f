package validate

import (
	"math/rand/v2"
	"testing"
)

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
		"packages/ReactNativeWebView/android/src/main/java/com/reactnativecommunity/webview/RNCWebViewManager.java": "packages/ReactNativeWebView/android/src/main/java/com/reactnativecommunity/webview/RNCWebViewManager.java",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRedactRandomKeys: keys no rule announces, drawn at random, are cut
// (a fixed seed: the count is the same on every run).
func TestRedactRandomKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	draw := func(alphabet string, n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	for _, c := range []struct {
		alphabet string
		n, want  int
	}{
		{letters + "0123456789+/", 40, 995}, // AWS secret access keys
		{letters, 32, 950},                  // no digit: cut by their shape alone
		{letters + "0123456789", 24, 990},
	} {
		cut := 0
		for range 1000 {
			key := draw(c.alphabet, c.n)
			if got := Redact("## AWS " + key); got == "## AWS "+key[:4]+"…" {
				cut++
			}
		}
		if cut < c.want {
			t.Errorf("%d of 1000 random keys of %d characters cut, want %d or more", cut, c.n, c.want)
		}
	}
}
