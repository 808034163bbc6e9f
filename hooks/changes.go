package hooks

import (
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/shquote"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// contentSource reads the content behind a set of changes: the index being
// committed, or one commit.
type contentSource interface {
	// blobs reads blobs by hash.
	blobs(hashes []string) (map[string][]byte, error)
	// file reads a path as the change leaves it; ok is false when absent.
	file(path string) (data []byte, ok bool, err error)
	// memoryTrees returns the memory directory before and after the
	// change, as file systems rooted at the directory.
	memoryTrees(dir string) (before, after fs.FS, err error)
}

// changeCheck applies the rules that judge a change: REMNANT.md staged,
// memory rules on the new content, Decisions append-only against the old
// content, secrets in the added lines, and MemoryCustodian memory.
type changeCheck struct {
	cfg    *config.Config
	opt    Options
	engine *secrets.Engine // nil when the secret family does not run
	uses   bool            // the repository uses Remnant
	now    time.Time
	sizes  map[string]int64 // blob sizes, read before any content
}

// chunk bounds how many files' content is held at once.
const chunk = 256

func (cc *changeCheck) run(changes []gitutil.Change, src contentSource, rep *report.Report) error {
	masked := map[string]string{}
	defer maskPaths(rep, masked)
	memory := cc.opt.runs(validate.Memory)
	if err := cc.readSizes(changes, src); err != nil {
		return err
	}
	for start, end := 0, 0; start < len(changes); start = end {
		end = cc.chunkEnd(changes, start)
		part := changes[start:end]
		blobs, err := src.blobs(cc.readable(hashesOf(part, cc.engine != nil)))
		if err != nil {
			return err
		}
		var files []secrets.File
		for _, c := range part {
			if c.Status == 'D' || c.Status == 'U' {
				continue
			}
			if memory {
				fs, err := cc.memoryChange(c, blobs, src)
				if err != nil {
					return err
				}
				rep.Findings = append(rep.Findings, fs...)
			}
			if f, ok := cc.secretFile(c, blobs, rep); ok {
				files = append(files, f)
			}
			if cc.engine != nil && scansName(c) && !cc.cfg.ScanExcluded(c.Path) {
				found, m := nameFindings(cc.engine.ScanLines("", nameLine(c.Path)), c.Path)
				if m != "" {
					masked[c.Path] = m
				}
				rep.Findings = append(rep.Findings, found...)
			}
		}
		if len(files) > 0 {
			found, skipped := cc.engine.ScanAll(files)
			rep.Findings = append(rep.Findings, found...)
			rep.Skipped = append(rep.Skipped, skipped...)
		}
	}
	if memory && touches(changes, cc.cfg.Custodian.Dir) {
		return cc.custodian(src, rep)
	}
	return nil
}

// hashesOf lists the blobs a chunk needs: every new blob when scanning for
// secrets (memory files only otherwise), and the old blob of a modified file.
func hashesOf(part []gitutil.Change, scan bool) []string {
	var out []string
	for _, c := range part {
		if c.Hash == "" || !scan && remnant.KindOf(path.Base(c.Path)) == remnant.KindUnknown {
			continue
		}
		out = append(out, c.Hash)
		if c.OldHash != "" && c.Status != 'A' {
			out = append(out, c.OldHash)
		}
	}
	return out
}

// memoryChange judges one changed memory file.
func (cc *changeCheck) memoryChange(c gitutil.Change, blobs map[string][]byte, src contentSource) ([]validate.Finding, error) {
	kind := remnant.KindOf(path.Base(c.Path))
	if kind == remnant.KindUnknown {
		return nil, nil
	}
	lim := cc.cfg.ValidateLimits()
	if size, large := cc.tooLarge(c.Hash); large {
		return []validate.Finding{tooLargeMemory(c.Path, size, lim.MaxFileSize)}, nil
	}
	cur := blobs[c.Hash]
	var out []validate.Finding
	switch kind {
	case remnant.KindRemnant:
		if stagesRemnant(cc.uses, cur) {
			out = append(out, stagedRemnant(c))
		}
		out = append(out, remnant.CheckRemnant(c.Path, cur, lim, cc.now)...)
		if old, ok := blobs[c.OldHash]; ok && c.Status != 'A' {
			was, is := remnant.ParseRemnant(old), remnant.ParseRemnant(cur)
			out = append(out, compareDecisions(c.Path, entryHashes(was.Decisions), is.Decisions, is.DecisionsLine, "HEAD")...)
		}
	case remnant.KindTemplate:
		out = remnant.CheckTemplate(c.Path, cur, lim)
	case remnant.KindAgents:
		out = remnant.CheckAgents(c.Path, cur, lim)
	case remnant.KindPointer:
		if !cc.uses {
			return remnant.CheckAgents(c.Path, cur, lim), nil
		}
		agents, _, err := src.file(path.Join(path.Dir(c.Path), "AGENTS.md"))
		if err != nil {
			return nil, err
		}
		out = remnant.CheckPointer(c.Path, cur, agents, lim)
	}
	return out, nil
}

// stagedRemnant is the finding for a REMNANT.md added, modified or renamed
// into the commit.
func stagedRemnant(c gitutil.Change) validate.Finding {
	verb := map[byte]string{'A': "added to", 'M': "modified in", 'R': "renamed into", 'C': "copied into", 'T': "changed in"}[c.Status]
	if verb == "" {
		verb = "staged in"
	}
	return validate.Finding{
		RuleID: "remnant-staged", Severity: validate.Error, Path: c.Path,
		Message: fmt.Sprintf("%s is %s the commit: REMNANT.md is local memory and is never committed", c.Path, verb),
		Hint: fmt.Sprintf("unstage it:  git rm --cached -- %s\nignore it:   echo %s >> .gitignore",
			shquote.Quote(c.Path), shquote.Quote("/"+c.Path)),
	}
}

// ignoredAlready drops the "ignore it" line from the hints of the
// remnant-staged findings whose REMNANT.md git ignores already (added with
// git add -f): adding it to .gitignore again would change nothing.
func ignoredAlready(repo *gitutil.Repo, fs []validate.Finding) error {
	for i, f := range fs {
		first, _, two := strings.Cut(f.Hint, "\n")
		if f.RuleID != "remnant-staged" || !two || strings.ContainsRune(f.Path, '…') {
			continue
		}
		ignored, err := repo.Ignored(f.Path)
		if err != nil {
			return err
		}
		if ignored {
			fs[i].Hint = first + "\n(git ignores it already: it was added with git add -f)"
		}
	}
	return nil
}

// secretFile prepares a changed file for the secret scan: its added lines,
// or the whole file when it is new. A file that cannot be scanned is
// reported as skipped.
func (cc *changeCheck) secretFile(c gitutil.Change, blobs map[string][]byte, rep *report.Report) (secrets.File, bool) {
	if cc.engine == nil || cc.cfg.ScanExcluded(c.Path) {
		return secrets.File{}, false
	}
	if _, large := cc.tooLarge(c.Hash); large {
		rep.Skipped = append(rep.Skipped, validate.Skipped{Path: c.Path, Reason: fmt.Sprintf("over the size limit of %d bytes", cc.cfg.Secrets.MaxFileSize)})
		return secrets.File{}, false
	}
	cur := blobs[c.Hash]
	if why := cc.cfg.SkipReason(cur); why != "" {
		rep.Skipped = append(rep.Skipped, validate.Skipped{Path: c.Path, Reason: why})
		return secrets.File{}, false
	}
	old, ok := blobs[c.OldHash]
	if !ok || c.Status == 'A' {
		return secrets.File{Path: c.Path, Data: cur}, true
	}
	lines := judge.AddedLines(old, cur)
	if len(lines) == 0 {
		return secrets.File{}, false
	}
	return secrets.File{Path: c.Path, Lines: lines}, true
}

// touches tells whether a change set touches anything under dir.
func touches(changes []gitutil.Change, dir string) bool {
	for _, c := range changes {
		if changeIn(c, dir) {
			return true
		}
	}
	return false
}

// changeIn tells whether change c touches anything under dir.
func changeIn(c gitutil.Change, dir string) bool {
	return inDir(c.Path, dir) || inDir(c.OldPath, dir)
}

// judgedAsMemory tells whether changeCheck.run judges change c by the
// memory rules: a file they know by its name (memoryChange), or one in the
// memory directory dir (custodian).
func judgedAsMemory(c gitutil.Change, dir string) bool {
	return remnant.KindOf(path.Base(c.Path)) != remnant.KindUnknown || changeIn(c, dir)
}

// inDir tells whether path p is below directory dir.
func inDir(p, dir string) bool {
	dir = strings.TrimSuffix(dir, "/")
	return len(p) > len(dir) && p[len(dir)] == '/' && strings.HasPrefix(p, dir)
}

// custodian checks the MemoryCustodian memory directory as the change
// leaves it, and its decisions against the state before.
func (cc *changeCheck) custodian(src contentSource, rep *report.Report) error {
	before, after, err := src.memoryTrees(cc.cfg.Custodian.Dir)
	if err != nil {
		return err
	}
	if !cc.cfg.JudgesMemory(before, after) {
		rep.Notes = append(rep.Notes, notMemoryNote(cc.cfg.Custodian.Dir))
		return nil
	}
	agents := map[string][]byte{}
	for _, name := range []string{"AGENTS.md", "CLAUDE.md", "GEMINI.md"} {
		data, ok, err := src.file(name)
		if err != nil {
			return err
		}
		if ok {
			agents[name] = data
		}
	}
	opt := cc.cfg.CustodianOptions()
	rep.Findings = append(rep.Findings, custodian.CheckChange(before, after, opt, agents)...)
	return nil
}
