package remnant

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
		fmt.Fprintln(os.Stderr, "note: ../shared is absent beside the repository: the test that reads Remnant's own template skips (go test -v names it)")
	}
	os.Exit(m.Run())
}
