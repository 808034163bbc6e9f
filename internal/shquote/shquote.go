// Package shquote quotes words for a POSIX shell, for the commands
// remnant-guard prints as hints and writes into hook scripts.
package shquote

import "strings"

// Quote quotes s for a POSIX shell when it needs it.
func Quote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Arg quotes a path for a command line a hint prints; "path:line" needs
// no quotes.
func Arg(p string) string {
	if p != "" && strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/:@+,=-") == "" && p[0] != '-' {
		return p
	}
	return Quote(p)
}
