package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/agents"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// maxHandoffSize bounds what the hooks read of REMNANT.md, its template
// and the manifest; check reports a larger file.
const maxHandoffSize = 4 << 20

// maxBlocks is how many times in a row the handoff gate makes a session go
// on before it lets the turn end anyway.
const maxBlocks = 2

// stopGate is the gate at the end of a turn: every memory file the
// session changed, whatever changed it, must pass check, and a session
// that changed the repository must leave a valid, updated REMNANT.md.
func stopGate(p *agents.Payload, now time.Time, m *judge.Masker) (agents.Action, string, error) {
	repo, cfg, err := agentRepoConfig(p.Cwd)
	if err != nil || repo == nil {
		return agents.Silent, "", err
	}
	defer repo.Close()
	dir := sessionDir(repo)
	rec, ok, err := loadRecord(dir, p.SessionID, m)
	if err != nil {
		return agents.Silent, "", err
	}
	if !ok {
		// No start was recorded (the hooks were installed mid-session):
		// the session's changes are measured from now on.
		return agents.Silent, "", startRecord(repo, cfg, p.SessionID, now, m)
	}
	var todo []string
	why, judged := "", ""
	if usesRemnant(repo.TopLevel, cfg) {
		changed, reason, err := rec.changed(repo)
		if err != nil {
			return agents.Silent, "", err
		}
		if changed {
			if todo, err = handoffTodo(repo, rec, now, m); err != nil {
				return agents.Silent, "", err
			}
			why, judged = reason, handoffFile
		}
	}
	memTodo, memChanged, err := memoryTodo(repo.TopLevel, cfg, rec, judged, now, m)
	if err != nil {
		return agents.Silent, "", err
	}
	for _, t := range memTodo {
		if !slices.Contains(todo, t) {
			todo = append(todo, t)
		}
	}
	if len(todo) > maxTodo {
		todo = append(todo[:maxTodo], fmt.Sprintf("and %d more: run `remnant-guard check`", len(todo)-maxTodo))
	}
	if len(todo) == 0 {
		return agents.Silent, "", resetBlocks(dir, rec, m)
	}
	// The texts name files, whose names may carry a secret: masked.
	switch {
	case p.StopHookActive:
		return agents.Note, m.Mask("remnant-guard: the memory is still not right, but the agent is already continuing because of a stop hook: letting it stop. Left to do: " + strings.Join(todo, "; ")), resetBlocks(dir, rec, m)
	case rec.Blocks >= maxBlocks:
		return agents.Note, m.Mask(fmt.Sprintf("remnant-guard: the memory gate has already blocked %d times in a row in this session: letting it stop. Left to do: %s", rec.Blocks, strings.Join(todo, "; "))), resetBlocks(dir, rec, m)
	}
	rec.Blocks++
	if err := saveRecord(dir, rec, m); err != nil {
		return agents.Silent, "", err
	}
	return agents.Block, m.Mask(blockText(why, memChanged, todo)), nil
}

// maxTodo bounds the items a block lists.
const maxTodo = 8

func resetBlocks(dir string, rec sessionRecord, m *judge.Masker) error {
	if rec.Blocks == 0 {
		return nil
	}
	rec.Blocks = 0
	return saveRecord(dir, rec, m)
}

// blockText is the to-do the model gets: why is what changed in the
// repository ("" when only memory files changed), mem the memory files
// that changed.
func blockText(why string, mem, todo []string) string {
	var b strings.Builder
	switch {
	case why != "":
		fmt.Fprintf(&b, "remnant-guard: this session changed the repository (%s), so REMNANT.md needs its handoff before you finish:\n", why)
	default:
		fmt.Fprintf(&b, "remnant-guard: memory files changed in this session (%s) break the memory rules; fix them before you finish:\n", clipText(strings.Join(mem, ", "), 200))
	}
	for _, t := range todo {
		fmt.Fprintf(&b, "- %s\n", t)
	}
	b.WriteString("Then end your turn again.")
	return b.String()
}

// handoffTodo lists what the handoff still lacks: nothing when REMNANT.md
// was updated during the session and passes check.
func handoffTodo(repo *gitutil.Repo, rec sessionRecord, now time.Time, m *judge.Masker) ([]string, error) {
	file := filepath.Join(repo.TopLevel, "REMNANT.md")
	src, err := safefile.Root{Dir: repo.TopLevel}.ReadPrefix(file, maxHandoffSize)
	switch {
	case errors.Is(err, safefile.ErrOutside):
		return []string{"REMNANT.md links out of the repository and is not read: replace the link with the handoff file itself (Remnant v2) holding this session's handoff"}, nil
	case errors.Is(err, fs.ErrNotExist):
		return []string{"create REMNANT.md (Remnant v2: Session, History, Done, Failed, State, Next, Blockers, Decisions, Map) with this session's handoff"}, nil
	case errors.Is(err, safefile.ErrNotRegular):
		return []string{"REMNANT.md is not a regular file: replace it with the handoff file (Remnant v2) holding this session's handoff"}, nil
	}
	if err != nil {
		return nil, err
	}
	var todo []string
	doc := remnant.ParseRemnant(src)
	switch {
	case !doc.HasDate:
		todo = append(todo, "set the Session date (`- date: "+now.UTC().Format(time.RFC3339)+"`)")
	case doc.SessionEnd().Before(rec.Started):
		todo = append(todo, fmt.Sprintf("REMNANT.md was not updated in this session (Session date %s, session started %s): update Done, Failed, State, Next and Blockers, roll Done into History (keep 5), append new decisions, and set the Session date to now (%s)",
			doc.Date.UTC().Format(time.RFC3339), rec.Started.Format(time.RFC3339), now.UTC().Truncate(time.Second).Format(time.RFC3339)))
	}
	found, _, err := checkOne(repo.TopLevel, "REMNANT.md", "REMNANT.md", file, now, m)
	if err != nil {
		return nil, err
	}
	for _, f := range found {
		if mustFix(f) {
			todo = append(todo, fmt.Sprintf("fix %s: %s [%s]", report.Location(f), textsafe.OneLine(validate.Redact(f.Message)), f.RuleID))
		}
	}
	return todo, nil
}
