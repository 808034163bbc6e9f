package remnant

import (
	"fmt"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/validate"
)

// historyEntry matches "[tag] YYYY-MM-DD (agent, Nm): summary"; the tag is
// optional in v1 files.
var historyEntry = validate.LazyRegexp(`^(\[[^\]]+\]\s+)?(\d{4}-\d{2}-\d{2})\s+\([^,()]+,\s*\d+m\):\s*\S`)

func (c *checker) checkHistory() {
	s := c.f.byName["History"]
	if s == nil {
		return
	}
	var entries []bullet
	for _, b := range c.f.bullets(s) {
		if !isNone(b.text) {
			entries = append(entries, b)
		}
	}
	if n := len(entries); c.lim.MaxHistory > 0 && n > c.lim.MaxHistory {
		b := entries[c.lim.MaxHistory]
		c.add(RuleRemnantHistory, b.line, b.col,
			fmt.Sprintf("History has %d entries; keep the last %d and drop the oldest", n, c.lim.MaxHistory))
	}
	var prev time.Time
	for _, b := range entries {
		d, ok := c.historyDate(b)
		if ok && d.Before(prev) {
			c.add(RuleRemnantHistory, b.line, b.col, "History is not oldest first: this entry is older than the one above")
		}
		if ok {
			prev = d
		}
	}
}

// historyDate checks the form of one entry and returns its date.
func (c *checker) historyDate(b bullet) (time.Time, bool) {
	m := historyEntry().FindStringSubmatch(b.text)
	want := "`- [tag] YYYY-MM-DD (agent, Nm): summary`"
	if c.f.version == 1 {
		want = "`- YYYY-MM-DD (agent, Nm): summary`"
	}
	if m == nil || (c.f.version == 2 && m[1] == "") {
		c.add(RuleRemnantHistory, b.line, b.col, "History entry is not "+want)
		return time.Time{}, false
	}
	d, err := time.Parse(time.DateOnly, m[2])
	if err != nil {
		c.add(RuleRemnantHistory, b.line, b.col+strings.Index(b.text, m[2]),
			fmt.Sprintf("History date %s is not a calendar date", m[2]))
		return time.Time{}, false
	}
	return d, true
}

func (c *checker) checkStateSize() {
	s := c.f.byName["State"]
	if c.f.version != 2 || s == nil || c.lim.MaxStateBullets <= 0 {
		return
	}
	bs := c.f.bullets(s)
	if len(bs) > c.lim.MaxStateBullets {
		b := bs[c.lim.MaxStateBullets]
		c.add(RuleRemnantStateSize, b.line, b.col,
			fmt.Sprintf("State has %d bullets; the protocol allows %d", len(bs), c.lim.MaxStateBullets)).Hint =
			"State is a snapshot: replace it each session instead of appending"
	}
}

func (c *checker) checkLength() {
	n := len(c.f.md.Lines())
	if c.lim.MaxLines > 0 && n > c.lim.MaxLines {
		c.add(RuleRemnantLength, c.lim.MaxLines+1, 1,
			fmt.Sprintf("file has %d lines; keep it under %d", n, c.lim.MaxLines)).Hint =
			"compress Done and State first; never drop Decisions"
	}
}
