package secrets

import (
	"fmt"
	"unicode/utf8"
)

// revealMin is the shortest secret of which any characters are shown;
// revealMax is how many leading characters are shown at most.
const (
	revealMin = 16
	revealMax = 4
)

// message names the rule and the secret's length, and at most four leading
// characters of a secret of 16 or more characters; never the secret.
func message(description, secret string) string {
	n := utf8.RuneCountInString(secret)
	if n < revealMin {
		return fmt.Sprintf("%s (%d chars)", description, n)
	}
	return fmt.Sprintf("%s (%d chars, starts %q)", description, n, prefixRunes(secret, revealMax))
}

func prefixRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

const hint = "remove the secret and rotate it; if it is not one, add a remnant-guard:allow comment or its fingerprint to .remnant-guard-ignore"

const pathHint = "do not commit key stores; if this file holds no secret, add its fingerprint to .remnant-guard-ignore"
