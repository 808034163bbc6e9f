package remnant

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/validate"
)

// sessionKey is one "- key: value" bullet of the Session section. A bullet
// without a colon has an empty key.
type sessionKey struct {
	key, value string
	line, col  int // position of the bullet text
	valueCol   int
}

var sessionKeys = []string{"version", "date", "agent", "duration"}

var agents = []string{"claude-code", "codex", "gemini-cli", "antigravity", "other"}

func parseSession(md *validate.Markdown, s *section) []sessionKey {
	f := &remnantFile{md: md}
	var out []sessionKey
	for _, b := range f.bullets(s) {
		k := sessionKey{line: b.line, col: b.col}
		if i := strings.IndexByte(b.text, ':'); i > 0 {
			k.key = strings.ToLower(strings.TrimSpace(b.text[:i]))
			v := b.text[i+1:]
			k.value = strings.TrimSpace(v)
			lead := len(v) - len(strings.TrimLeft(v, " \t"))
			k.valueCol = b.col + validate.RuneCol(b.text, i+1+lead) - 1
		}
		out = append(out, k)
	}
	return out
}

func (f *remnantFile) sessionValue(key string) (sessionKey, bool) {
	for _, k := range f.session {
		if k.key == key {
			return k, true
		}
	}
	return sessionKey{}, false
}

var errDateFormat = errors.New("not an ISO 8601 date")

// parseSessionDate accepts a calendar date (2026-05-05), an RFC 3339 time
// with Z or an offset, or a local date and time without zone
// (2026-05-05T14:00 or 2026-05-05T14:00:00), read as UTC.
func parseSessionDate(s string) (t time.Time, dateOnly bool, err error) {
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, true, nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04", "2006-01-02T15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, false, nil
		}
	}
	return time.Time{}, false, errDateFormat
}

func (c *checker) checkSession() {
	s := c.f.byName["Session"]
	if s == nil {
		return
	}
	seen := map[string]bool{}
	for _, k := range c.f.session {
		c.checkSessionKey(k, seen)
	}
	for _, key := range sessionKeys {
		if !seen[key] && c.sessionKeyRequired(key) {
			c.add(RuleRemnantSession, s.line, s.col, fmt.Sprintf("Session has no `%s` key", key))
		}
	}
}

func (c *checker) sessionKeyRequired(key string) bool {
	return c.f.version == 2 || key == "date"
}

func (c *checker) checkSessionKey(k sessionKey, seen map[string]bool) {
	if k.key == "" {
		c.add(RuleRemnantSession, k.line, k.col, "Session bullet is not `- key: value`")
		return
	}
	if seen[k.key] {
		c.add(RuleRemnantSession, k.line, k.col, fmt.Sprintf("Session key `%s` is repeated", clip(k.key)))
		return
	}
	seen[k.key] = true
	if msg := c.sessionValueProblem(k); msg != "" {
		col := k.valueCol
		if !slices.Contains(sessionKeys, k.key) {
			col = k.col // an unknown key is reported where the key is
		}
		c.add(RuleRemnantSession, k.line, col, msg)
	}
}

func (c *checker) sessionValueProblem(k sessionKey) string {
	switch k.key {
	case "version":
		if c.f.version == 2 && k.value != "2" {
			return fmt.Sprintf("Session version is %s; the protocol wants `version: 2`", short(k.value))
		}
	case "date":
		return c.dateProblem(k.value)
	case "agent":
		if !slices.Contains(agents, k.value) {
			return fmt.Sprintf("Session agent %s is not one of %s", short(k.value), strings.Join(agents, ", "))
		}
	case "duration":
		if n, err := strconv.Atoi(k.value); err != nil || n < 0 || strings.HasPrefix(k.value, "+") {
			return fmt.Sprintf("Session duration %s is not a whole number of minutes (0 or more)", short(k.value))
		}
	default:
		return fmt.Sprintf("Session key `%s` is unknown; the keys are %s", clip(k.key), strings.Join(sessionKeys, ", "))
	}
	return ""
}

func (c *checker) dateProblem(v string) string {
	t, _, err := parseSessionDate(v)
	if err != nil {
		return fmt.Sprintf("Session date %s is not ISO 8601 (like 2026-05-05 or 2026-05-05T14:00:00Z)", short(v))
	}
	if !c.now.IsZero() && t.After(c.now.Add(24*time.Hour)) {
		return fmt.Sprintf("Session date %s is more than a day in the future", short(v))
	}
	return ""
}
