//go:build !race

package custodian

const raceEnabled = false
