package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/agents"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// Bounds of the session-start context: a few hundred tokens at most.
const (
	maxContextChars = 2000
	maxContextLines = 6 // findings listed per memory
	maxCommitsShown = 3
)

// sessionStart records the session's start and tells the model what the
// memory protocols ask of it in this repository.
func sessionStart(agent agents.Agent, p *agents.Payload, now time.Time, m *judge.Masker) (agents.Action, string, error) {
	repo, cfg, err := agentRepoConfig(p.Cwd)
	if err != nil || repo == nil {
		return agents.Silent, "", err
	}
	defer repo.Close()
	if err := startRecord(repo, cfg, p.SessionID, now, m); err != nil {
		return agents.Silent, "", err
	}
	var parts []string
	if usesRemnant(repo.TopLevel, cfg) {
		s, err := remnantContext(repo, cfg, now, m)
		if err != nil {
			return agents.Silent, "", err
		}
		parts = append(parts, s)
	}
	s, err := custodianContext(repo, cfg, now, m)
	if err != nil {
		return agents.Silent, "", err
	}
	if s != "" {
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return agents.Silent, "", nil
	}
	// Masked before it is clipped: a secret cut short is one the engine
	// no longer recognises. Escaped before it is clipped too, so that the
	// escapes count in the bound. What the hooks check comes last and is
	// never cut.
	tail := "\n\n" + textsafe.EscapeText(hooksNote(agent))
	return agents.Context, clipText(textsafe.EscapeText(m.Mask(strings.Join(parts, "\n\n"))), maxContextChars-len(tail)) + tail, nil
}

// hooksNote tells the model what remnant-guard's hooks check in the
// session, and where they take effect.
func hooksNote(agent agents.Agent) string {
	return "remnant-guard's hooks check each memory file after a write tool, and at the end of each turn every memory file the session changed in any way (the shell included); secrets are looked for in memory files only. " + agent.Reach() + "."
}

// startRecord records a new session; a session that resumes, clears or
// compacts keeps the record of its first start.
func startRecord(repo *gitutil.Repo, cfg *config.Config, id string, now time.Time, m *judge.Masker) error {
	dir := sessionDir(repo)
	if _, ok, err := loadRecord(dir, id, m); err != nil || ok {
		return err
	}
	rec, err := newRecord(repo, cfg, id, now)
	if err != nil {
		return err
	}
	pruneRecords(dir, now)
	return saveRecord(dir, rec, m)
}

// remnantContext is the Remnant part: the handoff's state, staleness
// against git, and its errors.
func remnantContext(repo *gitutil.Repo, cfg *config.Config, now time.Time, m *judge.Masker) (string, error) {
	file := filepath.Join(repo.TopLevel, "REMNANT.md")
	var b strings.Builder
	b.WriteString("Remnant (REMNANT.md, local handoff memory):\n")
	src, err := safefile.Root{Dir: repo.TopLevel}.ReadFile(file, cfg.Limits.MaxFileSize)
	switch {
	case unreadableFile(err):
		fmt.Fprintf(&b, "- %s: fix it before relying on the handoff.\n", unreadableText("REMNANT.md", err))
		return b.String() + remnantRules, nil
	case errors.Is(err, fs.ErrNotExist):
		created, err := createFromTemplate(repo.TopLevel)
		if unreadableFile(err) {
			fmt.Fprintf(&b, "- REMNANT.md is missing and %s: write REMNANT.md in the Remnant v2 form before your final response.\n", unreadableText("REMNANT.template.md", err))
			return b.String() + remnantRules, nil
		}
		if err != nil {
			return "", err
		}
		if !created {
			b.WriteString("- REMNANT.md is missing and there is no REMNANT.template.md: write REMNANT.md in the Remnant v2 form (or run `remnant-guard init`) before your final response.\n")
			return b.String() + remnantRules, nil
		}
		b.WriteString("- REMNANT.md was missing: it has been created from REMNANT.template.md. Replace every <placeholder> before your final response.\n")
		return b.String() + remnantRules, nil
	case err != nil:
		return "", err
	}
	b.WriteString("- Read REMNANT.md fully before touching code.\n")
	if err := staleness(&b, repo, remnant.ParseRemnant(src), m); err != nil {
		return "", err
	}
	if err := errorLines(&b, Options{Dir: repo.TopLevel, Now: now, Masker: m}, "REMNANT.md", "REMNANT.md"); err != nil {
		return "", err
	}
	return b.String() + remnantRules, nil
}

const remnantRules = "- Before your final response: update Done, Failed, State, Next, Blockers and the Session date; roll Done into History (keep 5); append new decisions to Decisions and never edit earlier ones; no secrets or personal data. A stop hook checks this when the session changed the repository."

// createFromTemplate copies REMNANT.template.md to REMNANT.md when there
// is a template.
func createFromTemplate(top string) (bool, error) {
	tmpl, err := safefile.Root{Dir: top}.ReadFile(filepath.Join(top, "REMNANT.template.md"), safefile.MaxMemoryFileLimit)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	created, err := safefile.Root{Dir: top}.Create(filepath.Join(top, "REMNANT.md"), tmpl, 0o644)
	if err == nil && !created {
		err = fmt.Errorf("REMNANT.md: %w", fs.ErrExist)
	}
	return created, err
}

// staleness says whether commits came after the Session date.
func staleness(b *strings.Builder, repo *gitutil.Repo, doc *remnant.RemnantDoc, m *judge.Masker) error {
	if !doc.HasDate {
		b.WriteString("- Its Session date is missing or invalid: do not trust State; read `git log` first.\n")
		return nil
	}
	n, _, err := newerThanSession(repo, doc)
	if err != nil || n == 0 {
		if err == nil {
			fmt.Fprintf(b, "- Session date %s: no commit is newer.\n", doc.Date.UTC().Format(time.RFC3339))
		}
		return err
	}
	fmt.Fprintf(b, "- STALE: %s newer than the Session date %s. Do not trust State; trust git log. Newest:\n",
		plural(n, "commit is", "commits are"), doc.Date.UTC().Format(time.RFC3339))
	cs, err := repo.NewestCommits(maxCommitsShown, doc.SessionEnd())
	for _, c := range cs {
		fmt.Fprintf(b, "  %s %s %s\n", c.Short, c.Time.UTC().Format("2006-01-02"), clipText(m.Redact(textsafe.OneLine(c.Subject)), 72))
	}
	return err
}

// errorLines lists the errors check finds in target, one line each.
func errorLines(b *strings.Builder, opt Options, target, label string) error {
	rep, err := Check(opt, []string{target})
	if err != nil {
		return err
	}
	var lines []string
	for _, f := range rep.Findings {
		if mustFix(f) {
			lines = append(lines, fmt.Sprintf("  %s: %s [%s]", report.Location(f), textsafe.OneLine(f.Message), f.RuleID))
		}
	}
	if len(lines) == 0 {
		return nil
	}
	fmt.Fprintf(b, "- %s has %s to fix:\n", label, plural(len(lines), "problem", "problems"))
	for i, l := range lines {
		if i == maxContextLines {
			fmt.Fprintf(b, "  ... and %d more: run `remnant-guard check`\n", len(lines)-i)
			break
		}
		b.WriteString(clipText(opt.Masker.Mask(l), 200) + "\n")
	}
	return nil
}

// custodianContext is the MemoryCustodian part: what to load always, how
// to route a task, and the memory's errors.
func custodianContext(repo *gitutil.Repo, cfg *config.Config, now time.Time, masker *judge.Masker) (string, error) {
	dir := path.Clean(cfg.Custodian.Dir)
	src, err := safefile.Root{Dir: repo.TopLevel}.ReadFile(filepath.Join(repo.TopLevel, filepath.FromSlash(dir), "manifest.md"), cfg.Limits.MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if unreadableFile(err) {
		return fmt.Sprintf("MemoryCustodian (%s): %s: fix it before loading the memory.", dir, unreadableText(dir+"/manifest.md", err)), nil
	}
	if err != nil {
		return "", err
	}
	m := custodian.ParseManifest(src)
	var b strings.Builder
	fmt.Fprintf(&b, "MemoryCustodian (%s): read %s/manifest.md first.\n", dir, dir)
	var always []string
	for _, r := range m.Always {
		for _, e := range r.Entries {
			always = append(always, path.Join(dir, e.Path))
		}
	}
	if len(always) > 0 {
		fmt.Fprintf(&b, "- Always load: %s\n", strings.Join(always, ", "))
	}
	var cats []string
	for _, c := range custodian.Categories {
		if len(m.Routes[c]) > 0 {
			cats = append(cats, c)
		}
	}
	b.WriteString("- For a task, load only what its route allows: `remnant-guard route --task <category>`")
	if len(cats) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(cats, ", "))
	}
	b.WriteString(".\n")
	if err := errorLines(&b, Options{Dir: repo.TopLevel, Now: now, Masker: masker}, dir, dir); err != nil {
		return "", err
	}
	return strings.TrimRight(b.String(), "\n"), nil
}

// unreadableFile tells whether err is a file that is there but cannot be
// read as memory: not a regular file, over its size limit, or a link out
// of the repository.
func unreadableFile(err error) bool {
	return errors.As(err, new(*safefile.NotRegularError)) || errors.As(err, new(*safefile.TooLargeError)) ||
		errors.Is(err, safefile.ErrOutside)
}

// unreadableText says why the file named label (an unreadableFile error)
// is not read.
func unreadableText(label string, err error) string {
	var nr *safefile.NotRegularError
	if errors.As(err, &nr) {
		return label + " is a " + nr.Kind + ", not a regular file"
	}
	if errors.Is(err, safefile.ErrOutside) {
		return label + " links out of the repository, so it is not read"
	}
	var tl *safefile.TooLargeError
	errors.As(err, &tl)
	return fmt.Sprintf("%s is %d bytes, over the limit of %d bytes", label, tl.Size, tl.Limit)
}

// clipText bounds s to n bytes with an ellipsis, cut as textsafe.Cut cuts
// (the word cut keeps its first 4 characters).
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return textsafe.Cut(s, n-3) + "..."
}
