package custodian

import "strings"

// coreFiles are the files every memory directory must have besides
// manifest.md (whose absence is custodian-manifest-missing).
var coreFiles = []string{"brief.md", "decisions.md", "constraints.md", "do-not-use.md", "inbox.md"}

// scaffoldLines are the placeholder lines of upstream's brief.md template.
var scaffoldLines = []string{
	"- TODO: Describe what this project does and who it serves.",
	"- TODO: Describe the current product or engineering priorities.",
	"- TODO: Name the runtime, architecture, and external boundaries that matter across tasks.",
}

func (c *checker) coreFiles() {
	for _, name := range coreFiles {
		if _, ok := c.mem.Files[name]; !ok {
			c.add(RuleCoreFileMissing, name, 0, 0, "core memory file %s is missing", name)
		}
	}
}

// briefScaffold reports a brief.md that still holds any of upstream's
// scaffold placeholder lines, once, at the first of them.
func (c *checker) briefScaffold() {
	f, ok := c.mem.Files["brief.md"]
	if !ok {
		return
	}
	first, n := 0, 0
	for i, l := range f.Lines {
		for _, s := range scaffoldLines {
			if strings.TrimSpace(l) == s {
				if n == 0 {
					first = i + 1
				}
				n++
			}
		}
	}
	if n > 0 {
		c.add(RuleBriefScaffold, "brief.md", first, 1, "brief.md is still upstream's scaffold (%d of %d placeholder lines left)", n, len(scaffoldLines))
	}
}

func (c *checker) budgets() {
	b := newBudgets(c.opt, c.mem.Manifest)
	for _, name := range c.mem.Names(false) {
		limit, ok := b.of(name)
		if !ok {
			continue
		}
		n := EstimateTokens(string(c.mem.Files[name].Src))
		switch {
		case n > limit:
			c.add(RuleOverBudget, name, 0, 0, "%s is about %d tokens, over its %d-token budget", name, n, limit)
		case n*100 >= limit*nearBudgetPercent:
			c.add(RuleNearBudget, name, 0, 0, "%s is about %d tokens, %d%% of its %d-token budget", name, n, n*100/limit, limit)
		}
	}
}
