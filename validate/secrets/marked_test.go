package secrets

import "testing"

// Marked is true on every marker, for its line or the next, and false on
// code that only says "allow".
func TestMarked(t *testing.T) {
	// The markers as users write them, not the tables Marked reads: a
	// marker dropped from a table fails here.
	for _, m := range []string{"remnant-guard:allow", "gitleaks:allow", "pragma: allowlist secret",
		"remnant-guard:allow-next-line", "pragma: allowlist nextline secret"} {
		if line := "key = value  # " + m; !Marked([]byte(line)) {
			t.Errorf("Marked(%q) = false", line)
		}
	}
	for _, line := range []string{"if allowed { return }", "allowList := []string{}", "no marker here"} {
		if Marked([]byte(line)) {
			t.Errorf("Marked(%q) = true", line)
		}
	}
}
