package custodian

import (
	"fmt"
	"io/fs"
	"slices"

	"github.com/remnant-guard/remnant-guard/validate"
)

// Check validates the memory directory fsys (rooted at the memory
// directory) and the agent entry files given by repository path (AGENTS.md,
// CLAUDE.md, GEMINI.md: their contents, nil map if none). Finding paths are
// opt.Dir + "/" + file; agent file findings use the map's keys.
func Check(fsys fs.FS, opt Options, agentFiles map[string][]byte) []validate.Finding {
	return check(Load(fsys), opt, agentFiles)
}

func check(mem *Memory, opt Options, agentFiles map[string][]byte) []validate.Finding {
	c := &checker{mem: mem, opt: opt}
	if m := c.mem.Manifest; m != nil && m.UTF8 {
		c.protocol, c.protoProblem = protocolOf(m)
	}
	c.utf8Files(agentFiles)
	c.unreadFiles()
	c.manifest()
	c.coreFiles()
	c.briefScaffold()
	c.budgets()
	c.decisions()
	c.tombstones()
	c.inbox()
	c.duplicates()
	c.machinePaths()
	c.credentials()
	c.privacy()
	c.formal()
	c.entryOrder()
	c.agentFiles(agentFiles)
	return finish(c.out, c.sources(agentFiles))
}

type checker struct {
	mem *Memory
	opt Options
	out []validate.Finding
	// protocol is the protocol the directory is judged by; protoProblem
	// is set when the metadata names none this package judges.
	protocol     version
	protoProblem *routeProblem
}

// add records a finding about the memory file name.
func (c *checker) add(rule, name string, line, col int, format string, args ...any) {
	c.addAt(rule, c.opt.path(name), line, col, format, args...)
}

// addAt records a finding at a repository path.
func (c *checker) addAt(rule, p string, line, col int, format string, args ...any) {
	c.out = append(c.out, newFinding(rule, p, line, col, fmt.Sprintf(format, args...)))
}

func newFinding(rule, p string, line, col int, msg string) validate.Finding {
	r, _ := validate.Find(ruleList(), rule)
	return validate.Finding{
		RuleID: rule, Severity: r.Severity, Path: p,
		Line: line, Column: col, Message: msg, Hint: hints()[rule],
	}
}

// sources maps finding paths to file contents, for suppression directives.
func (c *checker) sources(agentFiles map[string][]byte) map[string][]byte {
	src := make(map[string][]byte, len(c.mem.Files)+len(agentFiles))
	for name, f := range c.mem.Files {
		src[c.opt.path(name)] = f.Src
	}
	for name, b := range agentFiles {
		src[name] = b
	}
	return src
}

// finish sorts findings by path, line, column and rule, and applies the
// suppression directives of each file.
func finish(out []validate.Finding, src map[string][]byte) []validate.Finding {
	sortFindings(out)
	return applyDirectives(out, src)
}

func sortFindings(out []validate.Finding) { slices.SortStableFunc(out, validate.Compare) }

// applyDirectives applies each file's suppression directives
// (validate.ApplyDirectives) to that file's findings. Findings stay sorted.
func applyDirectives(out []validate.Finding, src map[string][]byte) []validate.Finding {
	kept := out[:0:0]
	for i := 0; i < len(out); {
		j := i
		for j < len(out) && out[j].Path == out[i].Path {
			j++
		}
		kept = append(kept, validate.ApplyDirectives(src[out[i].Path], out[i:j])...)
		i = j
	}
	return kept
}

// unreadFiles reports the memory files the reader left out: a file that
// cannot be read is never judged as absent, nor passed over in silence.
func (c *checker) unreadFiles() {
	for _, u := range c.mem.Unread {
		c.add(RuleUnreadable, u.Name, 0, 0, "%s cannot be read, so it is not checked: %s", quoteControl(u.Name), u.Reason)
	}
}
