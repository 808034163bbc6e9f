package hooks

import (
	"strings"
	"testing"
)

// TestMaskSecrets checks that what the engine reports is masked, that an
// allow marker on the same line does not unmask it, and that hashes and
// paths pass unchanged.
func TestMaskSecrets(t *testing.T) {
	token := "ghp_" + "8r6Jk2LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq"
	for _, tc := range []struct{ in, want string }{
		{"token " + token + " here", "token ghp_… here"},
		{"::error::token " + token + "%0Aadd a remnant-guard:allow comment", "::error::token ghp_…%0Aadd a remnant-guard:allow comment"},
		{"https://admin:Winter2024!@db.example.com/x", "https://admin:…@db.example.com/x"},
		{"commit 3b300d2e2e2f0c1a3b300d2e2e2f0c1a3b300d2e at src/d002/f2000.go", "commit 3b300d2e2e2f0c1a3b300d2e2e2f0c1a3b300d2e at src/d002/f2000.go"},
		{"plain words only", "plain words only"},
	} {
		if got := MaskSecrets(nil, tc.in); got != tc.want {
			t.Errorf("MaskSecrets(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := MaskSecrets(nil, "a\n"+token+"\nb"); strings.Contains(got, token[4:12]) {
		t.Errorf("a token on its own line is not masked: %q", got)
	}
}
