package custodian

import (
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/sharednote"
)

// TestMain says once, on stderr, when ../shared is absent and which tests
// skip for it.
func TestMain(m *testing.M) {
	sharednote.Main(m, "../..", "the differential tests against the reference MemoryCustodian CLIs and the template tests")
}
