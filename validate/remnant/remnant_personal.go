package remnant

import (
	"regexp"
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

var (
	emailAddr = validate.LazyRegexp(`[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}`)
	// phoneIntl is a number written with a leading + and 8 to 15 digits.
	phoneIntl = validate.LazyRegexp(`(?:^|[\s(:;,])(\+\d[\d \-().]{6,18}\d)`)
	// phoneNANP is a North American number such as (555) 123-4567.
	phoneNANP = validate.LazyRegexp(`(?:^|[\s:;,])(\(\d{3}\) ?\d{3}[-.]\d{4}|\d{3}[-.]\d{3}[-.]\d{4})\b`)
	// chatTurn is a line that starts a turn of a chat transcript.
	chatTurn = validate.LazyRegexp(`^(?:[-*>]\s*)?(?:\*\*)?(User|Human|Me|Assistant|AI|Claude|ChatGPT|Gemini|Codex)(?:\*\*)?:(?:\*\*)?\s`)
)

// placeholderDomains are mail domains that never belong to a person.
var placeholderDomains = []string{"example.com", "example.org", "example.net", ".example", ".test", ".invalid", ".localhost", "noreply.github.com"}

var noreplyLocal = []string{"noreply", "no-reply", "donotreply", "do-not-reply", "git"}

func (c *checker) checkPersonalData() {
	for i, line := range c.f.md.Lines() {
		c.personalLine(i+1, line)
	}
	c.checkChat()
}

func (c *checker) personalLine(l int, line string) {
	if strings.IndexByte(line, '@') >= 0 {
		c.emails(l, line)
	}
	if n := digits(line); n >= 8 {
		c.phones(l, line, n >= 10)
	}
}

func (c *checker) emails(l int, line string) {
	cur := newColCursor(line)
	for _, m := range emailAddr().FindAllStringIndex(line, -1) {
		if isPersonalEmail(line[m[0]:m[1]]) {
			c.add(RuleRemnantPersonalData, l, cur.at(m[0]), "e-mail address in a memory file").Hint =
				"name the role or team instead of a person's address"
		}
	}
}

func (c *checker) phones(l int, line string, ten bool) {
	for i, re := range []func() *regexp.Regexp{phoneIntl, phoneNANP} {
		intl := i == 0
		if (intl && strings.IndexByte(line, '+') < 0) || (!intl && !ten) {
			continue
		}
		cur := newColCursor(line)
		for _, m := range re().FindAllStringSubmatchIndex(line, -1) {
			if !intl || isPhoneDigits(line[m[2]:m[3]]) {
				c.add(RuleRemnantPersonalData, l, cur.at(m[2]), "phone number in a memory file").Hint =
					"leave contact details out of agent memory"
			}
		}
	}
}

func isPersonalEmail(addr string) bool {
	local, domain, _ := strings.Cut(strings.ToLower(addr), "@")
	for _, d := range placeholderDomains {
		if domain == strings.TrimPrefix(d, ".") || strings.HasSuffix(domain, d) || strings.HasSuffix(domain, "."+d) {
			return false
		}
	}
	for _, n := range noreplyLocal {
		if local == n || strings.HasPrefix(local, n+"+") {
			return false
		}
	}
	return !strings.Contains(local, "noreply")
}

// isPhoneDigits wants 8 to 15 digits, as in E.164.
func isPhoneDigits(s string) bool {
	n := digits(s)
	return n >= 8 && n <= 15
}

func digits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			n++
		}
	}
	return n
}

// checkChat reports a chat transcript: turns by both a person and an
// assistant. It is reported once, at the first turn.
func (c *checker) checkChat() {
	first, person, bot := 0, false, false
	for i, line := range c.f.md.Lines() {
		if strings.IndexByte(line, ':') < 0 {
			continue
		}
		m := chatTurn().FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		if first == 0 {
			first = i + 1
		}
		switch m[1] {
		case "User", "Human", "Me":
			person = true
		default:
			bot = true
		}
	}
	if person && bot {
		line := c.f.md.Line(first)
		col := validate.RuneCol(line, len(line)-len(strings.TrimLeft(line, " \t")))
		c.add(RuleRemnantPersonalData, first, col, "chat transcript in a memory file").Hint =
			"write a summary of the decisions, not the conversation"
	}
}
