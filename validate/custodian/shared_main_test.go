package custodian

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestMain says once, on stderr, when ../shared (the reference data kept
// beside the repository, not part of a clone) is absent, and which tests
// skip for it: visible without -v when the package is tested on its own
// (.ci/run says it for a whole run).
func TestMain(m *testing.M) {
	if _, err := os.Stat(filepath.Join("..", "..", "..", "shared")); err != nil {
		fmt.Fprintln(os.Stderr, "note: ../shared is absent beside the repository: the differential tests against the reference MemoryCustodian CLIs and the template tests skip (go test -v names them)")
	}
	os.Exit(m.Run())
}
