//go:build race

package custodian

// raceEnabled scales the time limits of tests that guard against
// quadratic behaviour: the race detector slows everything down.
const raceEnabled = true
