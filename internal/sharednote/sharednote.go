// Package sharednote lets a test package say once, on stderr, that the
// reference data kept beside the repository (../shared, not part of a
// clone) is absent and which of its tests skip for it: visible without -v
// when the package is tested on its own (.ci/run says it for a whole run).
package sharednote

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Main is a TestMain: up is the path from the package's folder to the
// repository's top, skipped says which tests skip without ../shared.
func Main(m *testing.M, up, skipped string) {
	if _, err := os.Stat(filepath.Join(up, "..", "shared")); err != nil {
		fmt.Fprintf(os.Stderr, "note: ../shared is absent beside the repository: %s skip (go test -v names them)\n", skipped)
	}
	os.Exit(m.Run())
}
