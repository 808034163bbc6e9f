//go:build !race

package remnant

const raceEnabled = false
