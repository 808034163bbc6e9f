package validate

import "strings"

// Redact hides what could be a secret in text quoted into a message: every
// run of 16 or more token characters (letters, digits, _ + / . -) that
// holds both letters and digits (judged between slashes) is cut to its
// first 4 characters, as secret findings are. Words, dates, paths and
// names pass unchanged.
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
