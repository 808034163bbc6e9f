package secrets

import "testing"

// Marked is true on every marker, for its line or the next, and false on
// code that only says "allow".
func TestMarked(t *testing.T) {
	for _, m := range append(append([][]byte{}, allowMarkers...), allowNextMarkers...) {
		if line := "key = value  # " + string(m); !Marked([]byte(line)) {
			t.Errorf("Marked(%q) = false", line)
		}
	}
	for _, line := range []string{"if allowed { return }", "allowList := []string{}", "no marker here"} {
		if Marked([]byte(line)) {
			t.Errorf("Marked(%q) = true", line)
		}
	}
}
