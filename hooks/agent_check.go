package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// checkOne judges one memory file as check does: the memory rules for
// target (the file, or the memory directory holding it), and a secret scan
// of the file alone. The secret engine is built only with the built-in
// rules whose keywords occur in the file, which finds exactly what the
// whole engine finds (a rule is tried only where one of its keywords
// occurs) at a fraction of the cost of building the whole keyword
// automaton, which a hook run after every write would otherwise pay.
// The engine is returned too (nil when the file was not scanned): it holds
// the config's own rules, which the masker's engine does not, so that
// what quotes the file's name beside the findings is masked with it.
func checkOne(dir, target, display, abs string, now time.Time, m *judge.Masker) ([]validate.Finding, *secrets.Engine, error) {
	c, err := check(Options{Dir: dir, Now: now, Only: validate.Memory, Masker: m}, []string{target})
	if err != nil {
		return nil, nil, err
	}
	found := c.rep.Findings
	// The file and the config are read once: the memory check read both,
	// and the secret scan takes them from it (a file it did not read, one
	// of a memory directory, is read here; a config of another root, for a
	// file outside the repository around dir, is loaded).
	root := findRoot(filepath.Dir(abs))
	cfg := c.cfg
	if root != c.root {
		if cfg, err = loadConfig(Options{}, root); err != nil {
			return nil, nil, err
		}
	}
	limit := max(cfg.Limits.MaxFileSize, cfg.Secrets.MaxFileSize)
	src, ok := c.read[abs]
	if !ok || root != c.root {
		src, err = readMemory(root, abs, limit)
	}
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) || errors.Is(err, safefile.ErrOutside) {
			return found, nil, nil
		}
		return nil, nil, fmt.Errorf("%s: %w", display, err)
	}
	if cfg.ScanExcluded(filepath.ToSlash(display)) || cfg.SkipReason(src) != "" {
		return found, nil, nil
	}
	base := root
	if base == "" {
		base = filepath.Dir(abs)
	}
	// The engine is built from a copy that keeps only the rules whose
	// keywords occur; the findings are judged by the config as it is.
	e, err := judge.New(keywordsIn(cfg, src), m).NewEngine(judge.WorkingFiles(base))
	if err != nil {
		return nil, nil, err
	}
	secretFound, _ := e.ScanFile(display, src)
	for _, f := range judge.New(cfg, m).Apply(secretFound) {
		f.Hint = fixOnly(f.Hint)
		found = append(found, f)
	}
	slices.SortStableFunc(found, validate.Compare)
	return found, e, nil
}

// keywordsIn returns cfg with the built-in secret rules turned off whose
// keywords all are absent from src. The keyword automaton folds ASCII case
// only, so an ASCII-case-insensitive search keeps every rule it could
// match.
func keywordsIn(cfg *config.Config, src []byte) *config.Config {
	return cfg.WithRulesOff(judge.AbsentRules(src, nil))
}

// mustFix tells the findings an agent is asked to fix at once: errors,
// and personal data in memory, which the protocols forbid whatever its
// configured severity (a rule turned off reports nothing).
func mustFix(f validate.Finding) bool {
	return f.Severity == validate.Error || f.RuleID == remnant.RuleRemnantPersonalData
}

// fixOnly is a secret finding's hint as the model reads it: how to fix
// it, without the command that accepts it, which is the user's to run.
func fixOnly(hint string) string {
	for _, how := range []string{"; if it is not a secret: ", "; only if it is a test value: "} {
		if i := strings.Index(hint, how); i >= 0 && strings.Contains(hint[i:], judge.AllowCommand) {
			return hint[:i]
		}
	}
	return hint
}
