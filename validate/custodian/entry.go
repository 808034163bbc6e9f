package custodian

import (
	"strings"
	"sync"
)

// Entry is a decision or tombstone unit split into its labelled parts.
// Hand-written entries vary: `Decision:` / `Reason:` / `Reasoning:` /
// `Why:` / `Rationale:` / `Scope:` labels, inline or on their own line
// with text or bullets below, possibly in bold; unlabelled text before the
// first label is the decision text.
type Entry struct {
	// Title is the heading without a leading "YYYY-MM-DD - " date or a
	// "Tombstone:" prefix; for a bullet unit, its first line.
	Title  string
	Date   string
	Text   string
	Reason string
	Scope  string
}

var entryLabels = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"decision": "text", "reason": "reason", "reasoning": "reason",
		"why": "reason", "rationale": "reason", "scope": "scope",
	}
})

// ParseEntry splits a unit into an Entry.
func ParseEntry(u Unit) Entry {
	var e Entry
	body := u.Body()
	if u.Heading == "" {
		first, _ := bulletText(firstLine(u.Text), 1)
		e.Title = first
		body = first + "\n" + body
	} else {
		e.Title, e.Date = splitTitle(u.Heading)
	}
	parts := map[string][]string{}
	field := "text"
	for _, l := range strings.Split(body, "\n") {
		if name, rest, ok := labelLine(l); ok {
			field = name
			l = rest
		}
		if !isBlank(l) {
			parts[field] = append(parts[field], strings.TrimSpace(l))
		}
	}
	e.Text = strings.Join(parts["text"], "\n")
	e.Reason = strings.Join(parts["reason"], "\n")
	e.Scope = strings.Join(parts["scope"], "\n")
	return e
}

// HasReason reports whether the entry gives a reason: a reason label with
// text, or decision text that says "because", "so that" or "due to".
func (e Entry) HasReason() bool {
	if e.Reason != "" {
		return true
	}
	t := strings.ToLower(e.Text)
	for _, w := range []string{"because", "so that", "due to", " — "} {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// labelLine recognizes "Label:" or "**Label:** rest" at the start of a
// line, with an optional leading "- ".
func labelLine(l string) (name, rest string, ok bool) {
	t := strings.TrimSpace(l)
	t = strings.TrimPrefix(t, "- ")
	t = strings.TrimLeft(t, "*_")
	i := strings.IndexByte(t, ':')
	if i <= 0 {
		return "", "", false
	}
	key := strings.ToLower(strings.TrimRight(t[:i], "*_ "))
	name, ok = entryLabels()[key]
	if !ok {
		return "", "", false
	}
	rest = strings.TrimLeft(t[i+1:], "*_")
	return name, strings.TrimSpace(rest), true
}

// splitTitle strips a "Tombstone:" prefix and a leading ISO date with its
// separator (" - ", " — ", ": ") from a heading.
func splitTitle(h string) (title, date string) {
	h = strings.TrimSpace(h)
	if len(h) >= 10 && isISODate(h[:10]) {
		date = h[:10]
		h = strings.TrimSpace(h[10:])
		for _, sep := range []string{"-", "—", ":", "–"} {
			h = strings.TrimSpace(strings.TrimPrefix(h, sep))
		}
	}
	if k := strings.IndexByte(h, ':'); k >= 0 && strings.EqualFold(strings.TrimSpace(h[:k]), "tombstone") {
		h = strings.TrimSpace(h[k+1:])
	}
	return h, date
}

func isISODate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i, c := range s {
		if i == 4 || i == 7 {
			continue
		}
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
