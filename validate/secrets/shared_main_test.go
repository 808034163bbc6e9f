package secrets

import (
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/sharednote"
)

// TestMain says once, on stderr, when ../shared is absent and which tests
// skip for it.
func TestMain(m *testing.M) {
	sharednote.Main(m, "../..", "the corpus measurements (recall, false flags) and the detect-secrets data test")
}
