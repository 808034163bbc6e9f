// Package tomlcheck holds what remnant-guard's TOML readers share besides
// the decoder: a pre-check that bounds a document before it is decoded
// (size, nesting, dotted-key length), and KeyLine, which finds the line
// of a key so that an error can name it.
//
// It is pure: it reads bytes and returns lines and errors.
package tomlcheck
