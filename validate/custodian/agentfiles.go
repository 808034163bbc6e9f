package custodian

import (
	"sort"
	"strconv"
	"strings"
)

// minCopiedTokens is the length from which a line shared by an agent entry
// file and memory counts as copied rather than coincidental.
const minCopiedTokens = 8

// agentFiles reports agent entry files (AGENTS.md, CLAUDE.md, GEMINI.md)
// that repeat lines of memory content instead of pointing to the manifest.
// A line counts when, with list markers and surrounding space removed, it
// is at least minCopiedTokens long and equals a line of a memory file
// other than manifest.md and inbox.md.
func (c *checker) agentFiles(files map[string][]byte) {
	if len(files) == 0 {
		return
	}
	memLines := c.memoryLines()
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		c.agentFile(name, files[name], memLines)
		c.agentEntry(name, files[name])
	}
}

// maxAgentTokens is upstream's size for a thin agent entry file.
const maxAgentTokens = 500

// copiedSections are the memory file titles upstream looks for in agent
// entry files.
var copiedSections = []string{"# Decisions", "# Constraints", "# Do Not Use", "# Memory Inbox"}

// agentEntry applies upstream's agent entry file warnings: over 500
// tokens, a memory file title in it, and (GEMINI.md) an import of memory
// files.
func (c *checker) agentEntry(name string, src []byte) {
	text, _ := decodeText(src)
	base := name[strings.LastIndexByte(name, '/')+1:]
	if n := EstimateTokens(text); n > maxAgentTokens {
		c.addAt(RuleAgentFileEntry, name, 0, 0, "%s may be too long for a thin entry file (%d tokens, more than %d)", base, n, maxAgentTokens)
	}
	for _, m := range copiedSections {
		if i := strings.Index(text, m); i >= 0 {
			c.addAt(RuleAgentFileEntry, name, strings.Count(text[:i], "\n")+1, 1, "%s has a %q section: it appears to copy memory content instead of pointing to %s", base, strings.TrimLeft(m, "# "), c.opt.path("manifest.md"))
			break
		}
	}
	if base != "GEMINI.md" {
		return
	}
	for _, imp := range []string{"@./docs/memory/", "@/docs/memory/", "@docs/memory/"} {
		if i := strings.Index(text, imp); i >= 0 {
			c.addAt(RuleAgentFileEntry, name, strings.Count(text[:i], "\n")+1, 1, "GEMINI.md imports memory files; point to the manifest instead")
			break
		}
	}
}

func (c *checker) agentFile(name string, src []byte, memLines map[string]string) {
	first, firstFrom, n := 0, "", 0
	for i, l := range splitLines(src) {
		from, ok := memLines[copyKey(l)]
		if !ok {
			continue
		}
		if n == 0 {
			first, firstFrom = i+1, from
		}
		n++
	}
	if n > 0 {
		c.addAt(RuleAgentFileCopy, name, first, 1, "%s copies %d line(s) of project memory (first from %s) instead of pointing to %s", name, n, firstFrom, c.opt.path("manifest.md"))
	}
}

// memoryLines maps the copy key of every long memory line to where it is.
func (c *checker) memoryLines() map[string]string {
	out := map[string]string{}
	for _, name := range c.mem.Names(false) {
		if name == "manifest.md" || name == "inbox.md" {
			continue
		}
		for i, l := range c.mem.Files[name].Lines {
			k := copyKey(l)
			if _, seen := out[k]; k != "" && !seen {
				out[k] = c.opt.path(name) + ":" + strconv.Itoa(i+1)
			}
		}
	}
	return out
}

// copyKey normalizes a line for comparison; short lines give "".
func copyKey(l string) string {
	t := strings.TrimSpace(l)
	if b, ok := bulletText(t, 0); ok {
		t = b
	}
	t = strings.Join(strings.Fields(t), " ")
	if EstimateTokens(t) < minCopiedTokens {
		return ""
	}
	return t
}
