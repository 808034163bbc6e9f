// Package config reads .remnant-guard.toml into plain data: Load and
// Parse check every key, type, glob and limit against what remnant-guard
// supports (an *Error names the file and line), fill in the defaults, and
// record as Problems the findings about the file itself and the files
// beside it (one that is not a regular file). A Config is never changed
// by a run: what a run builds from it (the secret engine, the sealed
// fingerprints) belongs to the run.
package config
