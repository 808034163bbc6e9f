package remnant

import (
	"fmt"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/validate"
)

// agentsChecks are the rules CheckAgents runs.
var agentsChecks = []func(*checker){
	(*checker).checkMarkers,
	(*checker).checkPersonalData,
}

// CheckAgents checks an AGENTS.md: that it is readable Markdown
// (remnant-parse) and holds no personal data.
func CheckAgents(path string, src []byte, lim Limits) []validate.Finding {
	return runChecks(path, src, lim, time.Time{}, agentsChecks)
}

// Pointer files longer than this many non-blank lines copy the rules.
const (
	maxPointerLines = 15
	sharedLineLen   = 40 // shortest line counted as copied from AGENTS.md
	maxSharedLines  = 3  // copied lines that make a pointer a copy
)

// CheckPointer checks a CLAUDE.md or GEMINI.md in a repository that uses
// Remnant: it must point to AGENTS.md (mention or @-import it) and not copy
// its rules. agents is the content of AGENTS.md, nil when there is none.
func CheckPointer(path string, src, agents []byte, lim Limits) []validate.Finding {
	pointer := func(c *checker) { c.checkPointer(agents) }
	return runChecks(path, src, lim, time.Time{}, []func(*checker){
		(*checker).checkMarkers, pointer, (*checker).checkPersonalData,
	})
}

func (c *checker) checkPointer(agents []byte) {
	if !strings.Contains(string(c.f.md.Text()), "AGENTS.md") {
		c.add(RuleAgentsPointer, 0, 0, "file does not point to AGENTS.md").Hint =
			"write \"Follow `AGENTS.md` in this directory.\" or import it with @AGENTS.md"
	}
	if l, n := c.sharedLines(agents); n >= maxSharedLines {
		c.add(RuleAgentsPointer, l, 1, fmt.Sprintf("file copies %d lines of AGENTS.md; a pointer file should only refer to it", n))
		return
	}
	if n := nonBlank(c.f.md.Lines()); n > maxPointerLines {
		c.add(RuleAgentsPointer, maxPointerLines+1, 1,
			fmt.Sprintf("file has %d non-blank lines; a pointer to AGENTS.md needs a few", n)).Hint =
			"move the rules to AGENTS.md and keep a short pointer here"
	}
}

// sharedLines counts long lines that also appear in agents, and returns
// the first of them.
func (c *checker) sharedLines(agents []byte) (first, n int) {
	if len(agents) == 0 {
		return 0, 0
	}
	set := map[string]bool{}
	lines := validate.MarkdownLines(agents)
	for _, l := range lines {
		if t := strings.TrimSpace(l); len(t) >= sharedLineLen {
			set[t] = true
		}
	}
	for i, l := range c.f.md.Lines() {
		if t := strings.TrimSpace(l); len(t) >= sharedLineLen && set[t] {
			if n == 0 {
				first = i + 1
			}
			n++
		}
	}
	return first, n
}

func nonBlank(lines []string) int {
	n := 0
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}
