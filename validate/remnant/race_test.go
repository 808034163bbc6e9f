//go:build race

package remnant

// raceEnabled scales the time limits of tests that guard against
// quadratic behaviour: the race detector slows everything down.
const raceEnabled = true
