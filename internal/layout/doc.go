// Package layout holds no code: its test checks that the packages of the
// module depend on each other only downwards, as ARCHITECTURE.md draws
// them.
package layout
