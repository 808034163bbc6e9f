package validate

import (
	"math"
	"strings"
)

// Redact hides what could be a secret in text quoted into a message,
// whether or not a secret rule flagged it: every run of 16 or more token
// characters (letters, digits, _ + / . -) that holds both letters and
// digits (judged between slashes), and every run holding something shaped
// like a key (see keyShaped), is cut to its first 4 characters, as secret
// findings are. Words, dates, paths and names pass unchanged.
func Redact(s string) string {
	var b strings.Builder
	run := -1
	flush := func(end int) {
		if run >= 0 {
			b.WriteString(redactRun(s[run:end]))
			run = -1
		}
	}
	for i := 0; i < len(s); i++ {
		if isTokenByte(s[i]) {
			if run < 0 {
				run = i
			}
			continue
		}
		flush(i)
		b.WriteByte(s[i])
	}
	flush(len(s))
	return b.String()
}

func isTokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '_' || c == '+' || c == '/' || c == '.' || c == '-'
}

// redactRun cuts a run that holds a secret-like part; the parts of a path
// (between slashes) are judged one by one, so src/d001/f1001.go passes.
func redactRun(r string) string {
	if keyShaped(r) {
		return r[:4] + "…"
	}
	for _, part := range strings.Split(r, "/") {
		if secretLike(part) && !entryID(strings.TrimRight(part, ".")) {
			return r[:4] + "…"
		}
	}
	return r
}

func secretLike(s string) bool {
	return len(s) >= 16 && strings.ContainsAny(s, "0123456789") &&
		strings.ContainsAny(strings.ToLower(s), "abcdefghijklmnopqrstuvwxyz")
}

// entryID reports a MemoryCustodian Entry ID (MC-DEC-20261008-68bfcfb4):
// a public identifier, not a secret.
func entryID(s string) bool {
	p := strings.Split(s, "-")
	if len(p) != 4 || p[0] != "MC" || len(p[1]) < 3 || len(p[1]) > 5 || len(p[2]) != 8 || len(p[3]) != 8 {
		return false
	}
	return strings.Trim(p[1], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" && strings.Trim(p[2], "0123456789") == "" &&
		strings.Trim(p[3], "0123456789abcdef") == ""
}

// keyShaped reports a run holding a stretch of base64 characters (letters,
// digits, + and /) shaped like a key that no keyword announces: 40 of them
// with upper and lower case letters and digits, as an AWS secret access
// key is, with characters as varied as random text's (over 4.3 bits a
// character, where paths stay near 4), or a part between slashes of 24 or
// more with both cases that looks random: cases and digits mixed
// (randomMix), and characters as varied as random text's of its length.
// Words, paths and CamelCase names have long runs of one case, or too few
// distinct characters.
func keyShaped(r string) bool {
	start := 0
	for i := 0; i <= len(r); i++ {
		if i < len(r) && isBase64Byte(r[i]) {
			continue
		}
		s := r[start:i]
		if len(s) == 40 && hasBoth(s) && strings.ContainsAny(s, "0123456789") && entropy(s) > 4.3 {
			return true
		}
		for _, part := range strings.Split(s, "/") {
			if len(part) >= 24 && hasBoth(part) && randomMix(part) &&
				entropy(part) > math.Log2(float64(min(len(part), 64)))-1 {
				return true
			}
		}
		start = i + 1
	}
	return false
}

// randomMix reports whether less than two thirds of s is in runs of 4 or
// more lower case letters, upper case letters or digits: true of 99 % of
// random text of letters, false of most words and CamelCase names (whose
// words of 4 letters or more make such runs).
func randomMix(s string) bool {
	inRuns, run := 0, 0
	for i := 0; i <= len(s); i++ {
		if i > 0 && i < len(s) && class(s[i]) != 0 && class(s[i]) == class(s[i-1]) {
			run++
			continue
		}
		if run >= 4 {
			inRuns += run
		}
		run = 1
	}
	return 3*inRuns < 2*len(s)
}

// class is 1 for a lower case letter, 2 for an upper case one, 3 for a
// digit and 0 for anything else.
func class(c byte) int {
	switch {
	case 'a' <= c && c <= 'z':
		return 1
	case 'A' <= c && c <= 'Z':
		return 2
	case '0' <= c && c <= '9':
		return 3
	}
	return 0
}

func isBase64Byte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '/'
}

// hasBoth reports whether s holds upper and lower case ASCII letters.
func hasBoth(s string) bool {
	return strings.ContainsAny(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && strings.ContainsAny(s, "abcdefghijklmnopqrstuvwxyz")
}

// entropy is the Shannon entropy of s's bytes, in bits a byte.
func entropy(s string) float64 {
	var n [256]int
	for i := 0; i < len(s); i++ {
		n[s[i]]++
	}
	h := 0.0
	for _, c := range n {
		if c > 0 {
			p := float64(c) / float64(len(s))
			h -= p * math.Log2(p)
		}
	}
	return h
}
