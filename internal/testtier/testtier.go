// Package testtier tells a test which tier of the suite is running.
//
// The contributor's loop is plain `go test ./...`: every package, real git
// repositories, the end-to-end scripts that matter most, a sample of each
// reference sweep, no network and no npm. The full tier adds the real
// coding-agent clients, the whole reference-CLI sweeps, the large-input,
// scale and peak-memory tests and the fuzz seeds; it runs when the
// environment variable REMNANT_GUARD_FULL is set to 1, as .ci/run does
// (with -race). The two tiers together are the whole suite.
package testtier

import (
	"os"
	"testing"
)

// Env is the one switch of the full tier.
const Env = "REMNANT_GUARD_FULL"

// Full reports whether the full tier runs.
func Full() bool { return os.Getenv(Env) == "1" }

// Slow marks a test of the full tier: in the contributor's loop it is
// skipped with a message that names the switch; in the full tier it runs.
func Slow(t testing.TB) {
	t.Helper()
	if !Full() {
		t.Skipf("full tier only: run with %s=1 (CONTRIBUTING.md, \"Tests\")", Env)
	}
}

// Pick returns quick in the contributor's loop and full in the full tier:
// the size of a sweep, the number of generated cases.
func Pick(quick, full int) int {
	if Full() {
		return full
	}
	return quick
}
