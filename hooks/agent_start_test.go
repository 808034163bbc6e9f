package hooks

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClipText(t *testing.T) {
	if got := clipText("ééé", 6); got != "ééé" {
		t.Errorf("a text within the bound changed: %q", got)
	}
	got := clipText(strings.Repeat("é", 10), 8)
	if len(got) > 8 || !strings.HasSuffix(got, "...") || !utf8.ValidString(got) {
		t.Errorf("clipText = %q", got)
	}
}
