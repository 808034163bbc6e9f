//go:build race

package hooks

// sampleEvery thins the texts the slowest comparisons run on: the race
// detector slows every engine build tenfold.
const sampleEvery = 10
