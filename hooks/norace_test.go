//go:build !race

package hooks

const sampleEvery = 1
