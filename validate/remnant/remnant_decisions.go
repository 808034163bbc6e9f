package remnant

import (
	"fmt"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/validate"
)

// entrySeparators split Decisions and Map entries.
var entrySeparators = []string{" — ", " -- ", " - "}

// cutSeparator splits s at its first entry separator.
func cutSeparator(s string) (before, after string, ok bool) {
	best, sepLen := -1, 0
	for _, sep := range entrySeparators {
		if i := strings.Index(s, sep); i >= 0 && (best < 0 || i < best) {
			best, sepLen = i, len(sep)
		}
	}
	if best < 0 {
		return s, "", false
	}
	return s[:best], s[best+sepLen:], true
}

// cutLeadingSeparator removes the entry separator s starts with.
func cutLeadingSeparator(s string) (string, bool) {
	for _, sep := range entrySeparators {
		if rest, ok := strings.CutPrefix(s, sep); ok {
			return rest, true
		}
	}
	return s, false
}

var decisionDate = validate.LazyRegexp(`^\d{4}-\d{2}-\d{2}`)

// parseDecision reads "YYYY-MM-DD — decision — why"; problem says what is
// wrong, "" when nothing is.
func parseDecision(text string) (date time.Time, problem string) {
	m := decisionDate().FindString(text)
	if m == "" {
		return date, "Decisions entry does not start with a YYYY-MM-DD date"
	}
	date, err := time.Parse(time.DateOnly, m)
	if err != nil {
		return date, fmt.Sprintf("Decisions date %s is not a calendar date", m)
	}
	rest, ok := cutLeadingSeparator(text[len(m):])
	if !ok {
		return date, "Decisions entry has no separator after the date"
	}
	what, why, ok := cutSeparator(" " + rest)
	switch {
	case !ok:
		return date, "Decisions entry has no \" — why\" part"
	case strings.TrimSpace(what) == "":
		return date, "Decisions entry has an empty decision"
	case strings.TrimSpace(why) == "":
		return date, "Decisions entry has an empty why"
	}
	return date, ""
}

func (c *checker) checkDecisions() {
	s := c.f.byName["Decisions"]
	if s == nil {
		return
	}
	var prev time.Time
	for _, b := range c.f.bullets(s) {
		if isNone(b.text) {
			continue
		}
		date, problem := parseDecision(strings.Join(strings.Fields(b.full), " "))
		if problem != "" {
			c.add(RuleRemnantDecisionFormat, b.line, b.col, problem).Hint = "write `- YYYY-MM-DD — decision — why`"
			continue
		}
		c.checkDecisionDate(b, date, prev)
		if date.After(prev) {
			prev = date
		}
	}
}

func (c *checker) checkDecisionDate(b bullet, date, prev time.Time) {
	if date.Before(prev) {
		c.add(RuleRemnantDecisionOrder, b.line, b.col,
			fmt.Sprintf("Decisions entry dated %s comes after one dated %s; keep Decisions in date order", date.Format(time.DateOnly), prev.Format(time.DateOnly)))
	}
	k, ok := c.f.sessionValue("date")
	if !ok {
		return
	}
	st, _, err := parseSessionDate(k.value)
	if err != nil {
		return
	}
	day := time.Date(st.Year(), st.Month(), st.Day(), 0, 0, 0, 0, time.UTC)
	if date.After(day) {
		c.add(RuleRemnantDecisionFormat, b.line, b.col,
			fmt.Sprintf("Decisions entry is dated %s, after the Session date %s", date.Format(time.DateOnly), day.Format(time.DateOnly)))
	}
}
