// Package jsonedit reads JSON keeping every value's byte span, and splices
// items in and out of the original text.
//
// The agents' settings files are edited in place: remnant-guard parses a
// file into values that keep their byte spans, and splices its entries in
// and out of the original text, so that every other key, the key order,
// the indentation and the comments stay as the user wrote them. The
// standard library's encoding/json would rewrite the file in its own order.
// Gemini CLI's settings may hold comments: Parse takes them as white space
// when asked to.
//
// It is pure: it reads and returns bytes, and uses the standard library only.
package jsonedit
