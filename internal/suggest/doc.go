// Package suggest finds the name someone most likely meant when they
// typed one that does not exist: a flag, a config key, a command or a
// rule id. It is pure.
package suggest
