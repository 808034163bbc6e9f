package custodian

import (
	"io/fs"
	"sort"
	"strings"
	"unicode/utf8"
)

// coreFiles are the files every memory directory must have besides
// manifest.md (whose absence is custodian-manifest-missing).
var coreFiles = []string{"brief.md", "decisions.md", "constraints.md", "do-not-use.md", "inbox.md"}

// scaffoldMarkers are texts of upstream's brief.md templates: a brief that
// still contains one is a scaffold.
var scaffoldMarkers = []string{
	"TODO: Describe what this project does and who it serves.",
	"TODO: Describe the current product or engineering priorities.",
	"TODO: Name the runtime, architecture, and external boundaries that matter across tasks.",
	"This project uses MemoryCustodian to maintain local, plain-text project memory.",
}

func (c *checker) coreFiles() {
	names := coreFiles
	if c.protocol.atLeast(v06) {
		names = append(names[:len(names):len(names)], "subjects.md")
	}
	for _, name := range names {
		if !isFile(c.mem.FS, name) {
			c.add(RuleCoreFileMissing, name, 0, 0, "core memory file %s is missing", name)
		}
	}
}

// utf8Files reports memory files (archive/ aside) and agent entry files
// that are not valid UTF-8: the reference cannot read them.
func (c *checker) utf8Files(agents map[string][]byte) {
	for _, name := range c.mem.Names(false) {
		if f := c.mem.Files[name]; !f.UTF8 {
			c.add(RuleNotUTF8, name, invalidLine(f.Src), 1, "%s is not valid UTF-8 text", name)
		}
	}
	names := make([]string, 0, len(agents))
	for n := range agents {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if !utf8.Valid(agents[n]) {
			c.addAt(RuleNotUTF8, n, invalidLine(agents[n]), 1, "%s is not valid UTF-8 text", n)
		}
	}
}

// invalidLine is the 1-based line of the first invalid UTF-8 byte.
func invalidLine(src []byte) int {
	line := 1
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && n == 1 {
			return line
		}
		if src[i] == '\n' {
			line++
		}
		i += n
	}
	return line
}

// briefScaffold reports a brief.md that still holds text of upstream's
// scaffold, once, at the first such line.
func (c *checker) briefScaffold() {
	f, ok := c.mem.Files["brief.md"]
	if !ok || !f.UTF8 {
		return
	}
	first, n := 0, 0
	for _, s := range scaffoldMarkers {
		i := strings.Index(f.Text, s)
		if i < 0 {
			continue
		}
		if l := strings.Count(f.Text[:i], "\n") + 1; n == 0 || l < first {
			first = l
		}
		n++
	}
	if n > 0 {
		c.add(RuleBriefScaffold, "brief.md", first, 1, "brief.md is still upstream's scaffold (%d placeholder text(s) left); describe the project's purpose, direction and system context", n)
	}
}

func (c *checker) budgets() {
	b := newBudgets(c.opt)
	for _, name := range c.mem.Names(false) {
		limit, ok := b.of(name)
		f := c.mem.Files[name]
		if !ok || !f.UTF8 {
			continue
		}
		n := EstimateTokens(f.Text)
		switch {
		case n > limit:
			c.add(RuleOverBudget, name, 0, 0, "%s is about %d tokens, over its %d-token budget", name, n, limit)
		case n*100 >= limit*nearBudgetPercent:
			c.add(RuleNearBudget, name, 0, 0, "%s is about %d tokens, %d%% of its %d-token budget", name, n, n*100/limit, limit)
		}
		c.longDecisions(name, f)
	}
}

// longDecisions reports decision entries over maxDecisionTokens in a
// budgeted file: `## ` sections (at column 0) with a line that is exactly
// `Decision:`, counted whole, as the reference counts them.
func (c *checker) longDecisions(name string, f *File) {
	lines := pyLines(strings.TrimRightFunc(f.Text, isPySpace))
	var starts []int
	for i, l := range lines {
		if strings.HasPrefix(l, "## ") {
			starts = append(starts, i)
		}
	}
	for k, s := range starts {
		end := len(lines)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		decision := false
		for _, l := range lines[s+1 : end] {
			if pyStrip(l) == "Decision:" {
				decision = true
			}
		}
		if !decision {
			continue
		}
		if n := EstimateTokens(strings.Join(lines[s:end], "\n")); n > maxDecisionTokens {
			title := pyStrip(lines[s][3:])
			c.add(RuleDecisionTooLong, name, s+1, 1, "decision %q is about %d tokens, over the %d-token limit for one entry", short(title), n, maxDecisionTokens)
		}
	}
}

// isFile tells whether name exists and is not a directory: a directory
// where a core file belongs leaves the file missing, as upstream judges it.
func isFile(fsys fs.FS, name string) bool {
	if fsys == nil || !fs.ValidPath(name) {
		return false
	}
	fi, err := fs.Stat(fsys, name)
	return err == nil && !fi.IsDir()
}
