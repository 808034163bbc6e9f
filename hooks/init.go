package hooks

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// remnantTemplate is the upstream Remnant v2 REMNANT.template.md, byte for
// byte, that init writes.
const remnantTemplate = `<!-- AGENT PROTOCOL: read this file fully before touching code.
     Before your final response: update Done/Failed/State/Next/Blockers,
     roll Done into History (keep 5), append decisions to Decisions.
     Never commit this file. -->
# Remnant - <project-name>

## Session
- version: 2
- date: <ISO 8601 — e.g. 2026-05-05T14:00:00Z>
- agent: <claude-code | codex | gemini-cli | antigravity | other>
- duration: <minutes>

## History
- <[tag] one-line summary per previous session — oldest first, max 5 — or "None">

## Done
- <completed task — one bullet per item>

## Failed
- <what was tried and why it did not work — or "None">

## State
- <current project state — max 6 bullets, replace each session>
- <key files changed or relevant to the next session>

## Next
- <exact first action — specific enough to start without re-reading the conversation>

## Blockers
- <unresolved question, decision needed, or dependency — or "None">

## Decisions
- <YYYY-MM-DD — decision — why. Append-only, never compressed>

## Map
- <path — one-line role of this key file>
`

// pointerText is what init writes to CLAUDE.md and GEMINI.md: a short
// pointer at AGENTS.md, as upstream v2 has them.
const pointerText = "# %s\n\nFollow `AGENTS.md` in this directory: it holds the project rules and the Remnant protocol.\n"

// InitOptions say which repository init sets up ("" = the current
// directory's) and with which memory.
type InitOptions struct {
	Dir string
	// Custodian writes MemoryCustodian protocol 0.8 memory
	// (init_custodian.go); alone, it adds no Remnant file.
	Custodian bool
	// Remnant writes the Remnant files even where MemoryCustodian memory
	// is the repository's only memory.
	Remnant bool
}

// Init sets the repository up without overwriting anything: for Remnant,
// REMNANT.template.md, REMNANT.md in .gitignore, CLAUDE.md and GEMINI.md
// pointers when AGENTS.md exists; for MemoryCustodian (Custodian), the
// memory directory; and a commented .remnant-guard.toml and a salt in
// .remnant-guard-ignore (so that findings show fingerprints). Asked for
// neither, it sets Remnant up unless the repository keeps MemoryCustodian
// memory and no Remnant file, where it says so instead. It returns one
// line per file saying what it did or why it left it alone.
func Init(opt InitOptions) ([]string, error) {
	repo, err := gitutil.Open(opt.Dir)
	if errors.Is(err, gitutil.ErrBareRepository) {
		return nil, fmt.Errorf("%w: init writes its files into a working tree, and a bare repository has none: run it in a clone", err)
	}
	if err != nil {
		return nil, gitutil.Explain(err)
	}
	defer repo.Close()
	top := repo.TopLevel
	cfg, err := loadConfig(Options{}, top)
	if err != nil {
		return nil, err
	}
	dir := cfg.Custodian.Dir
	var done []string
	if opt.Custodian {
		if done, err = initCustodian(top, dir); err != nil {
			return done, err
		}
	}
	var steps []func() (string, error)
	switch {
	case opt.Remnant || (!opt.Custodian && !custodianOnly(top, dir)):
		steps = append(steps,
			func() (string, error) { return createFile(top, "REMNANT.template.md", remnantTemplate) },
			func() (string, error) { return ignoreRemnant(repo) },
			func() (string, error) { return pointerFile(top, "CLAUDE.md") },
			func() (string, error) { return pointerFile(top, "GEMINI.md") })
	case !opt.Custodian:
		done = append(done, fmt.Sprintf("REMNANT.template.md: not created: %s holds MemoryCustodian memory and there is no REMNANT.md, "+
			"so the repository is set up for MemoryCustodian alone, as remnant-guard init --custodian does "+
			"(remnant-guard init --remnant adds Remnant as a second memory)", dir))
	}
	steps = append(steps,
		func() (string, error) { return createFile(top, config.Name, configTemplate()) },
		func() (string, error) { return initSalt(filepath.Join(top, config.IgnoreName)), nil })
	for _, step := range steps {
		msg, err := step()
		if err != nil {
			return done, err
		}
		done = append(done, msg)
	}
	return done, nil
}

// initSalt is ensureSalt for init: an ignore file that cannot be read or
// written (a directory, a link out of the repository) is left alone, and
// the line says why.
func initSalt(name string) string {
	msg, err := ensureSalt(name)
	if err != nil {
		return fmt.Sprintf("%s: left alone, no salt written (%v)", config.IgnoreName, safefile.UnwrapPath(err))
	}
	return msg
}

// createFile writes name at the top level unless something is there (a
// link included), through a temporary file: a full disk leaves no part of
// it behind.
func createFile(top, name, content string) (string, error) {
	created, err := safefile.Root{Dir: top}.Create(filepath.Join(top, name), []byte(content), 0o644)
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, safefile.UnwrapPath(err))
	}
	if !created {
		return fmt.Sprintf("%s: exists, left alone", name), nil
	}
	return fmt.Sprintf("%s: created", name), nil
}

// pointerFile writes a CLAUDE.md or GEMINI.md pointer when AGENTS.md
// exists and the file does not.
func pointerFile(top, name string) (string, error) {
	if _, err := os.Stat(filepath.Join(top, "AGENTS.md")); err != nil {
		return fmt.Sprintf("%s: no AGENTS.md to point at, not created", name), nil
	}
	msg, err := createFile(top, name, fmt.Sprintf(pointerText, name))
	if err == nil && msg == name+": created" {
		msg += " (a pointer at AGENTS.md)"
	}
	return msg, err
}

// ignoreRemnant appends REMNANT.md to .gitignore unless git ignores it
// already; the rest of the file is kept byte for byte.
func ignoreRemnant(repo *gitutil.Repo) (string, error) {
	ignored, err := repo.Ignored("REMNANT.md")
	if err != nil {
		return "", err
	}
	if ignored {
		return ".gitignore: REMNANT.md already ignored, left alone", nil
	}
	p := filepath.Join(repo.TopLevel, ".gitignore")
	root := safefile.Root{Dir: repo.TopLevel}
	old, err := root.ReadOptional(p, safefile.MaxSideFileSize)
	if errors.Is(err, safefile.ErrOutside) {
		return ".gitignore: a symbolic link out of the repository, left alone: add REMNANT.md to the file it names yourself", nil
	}
	if err != nil {
		return "", err
	}
	for _, l := range strings.Split(string(old), "\n") {
		if l = strings.TrimSuffix(l, "\r"); l == "REMNANT.md" || l == "/REMNANT.md" {
			// Written since git was asked (another init at the same time).
			return ".gitignore: REMNANT.md already ignored, left alone", nil
		}
	}
	eol := "\n"
	if bytes.Contains(old, []byte("\r\n")) {
		eol = "\r\n"
	}
	add := "REMNANT.md" + eol
	if len(old) > 0 && !bytes.HasSuffix(old, []byte("\n")) {
		add = eol + add
	}
	if err := root.Replace(p, append(old[:len(old):len(old)], add...), 0o644); err != nil {
		return "", fmt.Errorf(".gitignore: %w", safefile.UnwrapPath(err))
	}
	if old == nil {
		return ".gitignore: created, ignores REMNANT.md", nil
	}
	return ".gitignore: REMNANT.md added", nil
}

// configTemplate is the .remnant-guard.toml init writes: every key
// commented out, with its default value.
func configTemplate() string {
	d := config.Default()
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	p("# remnant-guard configuration. Every key is commented out and shows its")
	p("# default: uncomment a line to change it. Unknown keys are errors.")
	p("")
	p("# Memory files or globs, relative to the repository root, that check")
	p("# validates besides REMNANT.md, REMNANT.template.md, AGENTS.md, CLAUDE.md, GEMINI.md.")
	p("# paths = []")
	p("")
	p("# [limits]")
	p("# max_lines = %d", d.Limits.MaxLines)
	p("# max_history = %d", d.Limits.MaxHistory)
	p("# max_state_bullets = %d", d.Limits.MaxStateBullets)
	p("# max_file_size = %d", d.Limits.MaxFileSize)
	p("")
	p("# Severity of a rule: error, warning or off (remnant-guard rules lists them).")
	p("# [rules]")
	p("# remnant-length = \"warning\"")
	p("")
	p("# Files kept out of one rule: rule id = globs of the files (** crosses directories);")
	p("# ci reads this from the base commit, as the rest of the file.")
	p("# [exclude_paths]")
	p("# remnant-staged = [\"testdata/**/REMNANT.md\"]")
	p("")
	p("# What blocks a commit besides errors in what it stages.")
	p("# [hook]")
	p("# block_local = %t", d.Hook.BlockLocal)
	p("# block_skipped = %t", d.Hook.BlockSkipped)
	p("")
	p("# ci, pre-push and scan --history: content a commit adds that cannot be")
	p("# scanned blocks; ci reads this from the base commit.")
	p("# [ci]")
	p("# block_skipped = %t", d.CI.BlockSkipped)
	p("# max_file_size = %d", d.CI.MaxFileSize)
	p("")
	p("# The secret scanner; extra rules go in [[secrets.rules]] tables.")
	p("# [secrets]")
	p("# max_file_size = %d", d.Secrets.MaxFileSize)
	p("# exclude_paths = []")
	p("# gitleaks_config = \"%s\"", d.Secrets.GitleaksConfig)
	p("")
	p("# Whether the repository uses Remnant (found from REMNANT.template.md, AGENTS.md")
	p("# naming REMNANT.md, or .gitignore ignoring it); true: every REMNANT.md is Remnant memory.")
	p("# [remnant]")
	p("# uses = %t", d.Remnant.Uses)
	p("")
	p("# MemoryCustodian memory checks.")
	p("# [custodian]")
	p("# dir = \"%s\"", d.Custodian.Dir)
	p("# stale_commits = %d", d.Custodian.StaleCommits)
	return b.String()
}
