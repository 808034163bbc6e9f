//go:build race

package validate

// raceEnabled scales the sizes and time limits of tests that guard against
// quadratic behaviour: the race detector slows everything down.
const raceEnabled = true
