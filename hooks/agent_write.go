package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/hooks/agents"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// maxWriteFindings bounds the findings listed for one written file.
const maxWriteFindings = 20

// afterWrite validates the memory files a write tool call touched. Any
// other file is passed over at once: no git, no configuration.
func afterWrite(agent agents.Agent, p *agents.Payload, now time.Time, m *judge.Masker) (agents.Action, string, error) {
	if !agent.Writes(p.ToolName) || p.ToolFailed() {
		return agents.Silent, "", nil
	}
	paths, err := p.WrittenPaths(agent)
	if err != nil {
		return agents.Silent, "", err
	}
	var b strings.Builder
	for _, name := range paths {
		if err := checkWritten(&b, p.Cwd, name, now, m); err != nil {
			return agents.Silent, "", err
		}
	}
	if b.Len() == 0 {
		return agents.Silent, "", nil
	}
	return agents.Findings, strings.TrimRight(b.String(), "\n"), nil
}

// checkWritten validates one written file when it is memory, and writes
// its errors to b.
func checkWritten(b *strings.Builder, cwd, name string, now time.Time, m *judge.Masker) error {
	abs := name
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(cwd, name)
	}
	abs = filepath.Clean(abs)
	kind := remnant.KindOf(filepath.Base(abs))
	if kind == remnant.KindUnknown && !strings.EqualFold(filepath.Ext(abs), ".md") {
		return nil
	}
	target, display, ok, err := memoryTarget(cwd, abs, kind)
	if err != nil || !ok {
		return err
	}
	if fi, err := os.Stat(abs); err != nil || !fi.Mode().IsRegular() {
		return nil // deleted or moved by now; the stop gate sees what remains
	}
	found, e, err := checkOne(cwd, target, display, abs, now, m)
	if err != nil {
		var uk *unknownKindError
		if errors.As(err, &uk) || errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	var errs []validate.Finding
	for _, f := range found {
		if mustFix(f) && f.Path == display {
			errs = append(errs, f)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	// The file's name is quoted as it is: masked here with the engine the
	// file was scanned with, which knows the config's own rules.
	var fb strings.Builder
	fmt.Fprintf(&fb, "remnant-guard: %s breaks the memory rules (%s); fix it now:\n", display, plural(len(errs), "problem", "problems"))
	for i, f := range errs {
		if i == maxWriteFindings {
			// The agents move a long context to a file the model may not
			// read (Claude Code past 10,000 characters).
			fmt.Fprintf(&fb, "... and %d more: run `remnant-guard check %s`\n", len(errs)-i, display)
			break
		}
		fmt.Fprintf(&fb, "%s: %s: %s [%s]\n", report.Location(f), f.Severity, textsafe.OneLine(validate.Redact(f.Message)), f.RuleID)
		for _, h := range strings.Split(validate.Redact(f.Hint), "\n") {
			if h != "" {
				fmt.Fprintf(&fb, "    %s\n", textsafe.OneLine(h))
			}
		}
	}
	b.WriteString(m.MaskAlso(e, fb.String()))
	return nil
}

// memoryTarget decides whether abs is a memory file and what to check for
// it: the file itself, or for a file of the MemoryCustodian memory
// directory, that directory (its rules span files). display is how the
// findings name the file.
func memoryTarget(cwd, abs string, kind remnant.Kind) (target, display string, ok bool, err error) {
	display = displayPath(cwd, abs)
	if kind != remnant.KindUnknown {
		return display, display, true, nil
	}
	root := findRoot(filepath.Dir(abs))
	if root == "" {
		return "", "", false, nil
	}
	cfg, err := custodianConfig(root)
	if err != nil {
		return "", "", false, err
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", "", false, nil
	}
	dir := path.Clean(cfg.Custodian.Dir)
	if !strings.HasPrefix(filepath.ToSlash(rel), dir+"/") {
		return "", "", false, nil
	}
	memDir := filepath.Join(root, filepath.FromSlash(dir))
	if _, err := os.Stat(filepath.Join(memDir, "manifest.md")); err != nil {
		return "", "", false, nil
	}
	return displayPath(cwd, memDir), display, true, nil
}

// custodianConfig is the config that says where the memory directory is:
// the defaults when the repository has no config file, without building
// the table of every rule a config file is checked against (most of the
// cost of a hook run on a Markdown file that is not memory).
func custodianConfig(root string) (*config.Config, error) {
	if _, err := os.Lstat(filepath.Join(root, config.Name)); errors.Is(err, fs.ErrNotExist) {
		return config.Default(), nil
	}
	return loadConfig(Options{}, root)
}
