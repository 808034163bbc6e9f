package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
)

// localRemnant applies the git-aware rules to an untracked REMNANT.md in
// the working tree: it must be ignored, its State must not trail git, its
// Map must name paths that exist and its Decisions must only grow. The
// findings are local: they describe the working tree, not the commit.
type localRemnant struct {
	repo    *gitutil.Repo
	rel     string // slash path relative to the top level
	display string
	src     []byte
	changes func() ([]gitutil.Change, error)
	accept  bool // re-record Decisions whatever they hold
	// staleOnce says State's staleness once per Session date (the commit
	// hook), not on every run; check says it every time.
	staleOnce bool
}

// distinctErrors drops an error whose message an earlier one has already
// said: steps that read the same damaged object fail alike.
func distinctErrors(errs []error) []error {
	var out []error
	seen := map[string]bool{}
	for _, err := range errs {
		if err != nil && !seen[err.Error()] {
			seen[err.Error()] = true
			out = append(out, err)
		}
	}
	return out
}

func (l *localRemnant) findings() ([]validate.Finding, error) {
	doc := remnant.ParseRemnant(l.src)
	steps := []func(*remnant.RemnantDoc) ([]validate.Finding, error){
		l.notIgnored, l.stateStale, l.mapStale, l.decisions,
	}
	// Each step waits on its own git process: run them side by side.
	results := make([][]validate.Finding, len(steps))
	errs := make([]error, len(steps))
	var wg sync.WaitGroup
	for i, step := range steps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = step(doc)
		}()
	}
	wg.Wait()
	if err := errors.Join(distinctErrors(errs)...); err != nil {
		return nil, err
	}
	var out []validate.Finding
	for _, fs := range results {
		out = append(out, fs...)
	}
	for i := range out {
		out[i].Local = true
		out[i].Path = l.display
	}
	return out, nil
}

func (l *localRemnant) notIgnored(*remnant.RemnantDoc) ([]validate.Finding, error) {
	ign, err := l.repo.Ignored(l.rel)
	if err != nil || ign {
		return nil, err
	}
	return []validate.Finding{{
		RuleID: "remnant-not-ignored", Severity: validate.Error,
		Message: "REMNANT.md is not ignored by git: the protocol keeps it local and never commits it",
		Hint:    fmt.Sprintf("echo '%s' >> .gitignore", "/"+l.rel),
	}}, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func (l *localRemnant) mapStale(doc *remnant.RemnantDoc) ([]validate.Finding, error) {
	base := path.Dir(l.rel)
	var missing []string
	var entries []remnant.MapEntry
	for _, e := range doc.Map {
		p := strings.TrimSuffix(e.Path, "/")
		if p == "" || strings.ContainsAny(p, "*?[") || strings.Contains(p, "://") {
			continue
		}
		full := path.Clean(path.Join(base, p))
		if strings.HasPrefix(full, "../") {
			continue
		}
		if _, err := os.Lstat(filepath.Join(l.repo.TopLevel, filepath.FromSlash(full))); err == nil {
			continue
		}
		missing = append(missing, full)
		entries = append(entries, e)
	}
	if len(missing) == 0 {
		return nil, nil
	}
	// Look the paths up in HEAD while the index is still being read: the
	// trees read now are cached for the answer below.
	if _, err := l.repo.InIndex(missing, nil); err != nil {
		return nil, err
	}
	changes, err := l.changes()
	if err != nil {
		return nil, err
	}
	in, err := l.repo.InIndex(missing, changes)
	if err != nil {
		return nil, err
	}
	var out []validate.Finding
	for i, p := range missing {
		if in[p] {
			continue
		}
		out = append(out, validate.Finding{
			RuleID: "remnant-map-stale", Severity: validate.Warning,
			Line: entries[i].Line, Column: entries[i].Column,
			Message: fmt.Sprintf("Map path %q exists neither in the working tree nor in the index", entries[i].Path),
			Hint:    "correct or remove the Map entry",
		})
	}
	return out, nil
}

func (l *localRemnant) decisions(doc *remnant.RemnantDoc) ([]validate.Finding, error) {
	if remnant.CROnly(l.src) {
		// Its lines cannot be read: the parse error says so, and the
		// entries are neither compared nor recorded.
		return nil, nil
	}
	store := decisionStore{dir: l.repo.GitPath("remnant-guard")}
	cur := entryHashes(doc.Decisions)
	old, recorded, err := store.load(l.rel)
	if errors.Is(err, safefile.ErrOutside) {
		return nil, err // a link out is refused, as everywhere
	}
	if err != nil {
		return []validate.Finding{recordUnusable(store, "read", err)}, nil
	}
	if recorded && !l.accept {
		if fs := compareDecisions(l.display, old, doc.Decisions, doc.DecisionsLine, "the recorded entries"); fs != nil {
			fs[0].Hint = "Decisions are append-only: restore the entry and add a new, dated entry that corrects it.\n" +
				"For a deliberate correction: remnant-guard check --accept-decisions"
			return fs, nil
		}
	}
	if recorded && equal(old, cur) {
		return nil, nil
	}
	if err := store.save(l.rel, cur); errors.Is(err, safefile.ErrOutside) {
		return nil, err
	} else if err != nil {
		// A full disk, a read-only file system, another user's folder:
		// the record is this worktree's own state and never blocks.
		return []validate.Finding{recordUnusable(store, "written", err)}, nil
	}
	return nil, nil
}

// recordUnusableRule is the warning for a Decisions record another user
// (root, a container) made unreadable or unwritable: the record is this
// worktree's own state, so it never blocks a commit that does not depend
// on it.
const recordUnusableRule = "remnant-decisions-record-unusable"

func recordUnusable(store decisionStore, what string, err error) validate.Finding {
	hint := "another user (root?) made it: remove it with sudo rm -rf " + store.dir + ", or give it back with sudo chown -R $USER " + store.dir
	if !errors.Is(err, fs.ErrPermission) {
		hint = "make " + store.dir + " readable and writable again (free space on its disk, or remove it to start the record afresh)"
	}
	return validate.Finding{
		RuleID: recordUnusableRule, Severity: validate.Warning,
		Message: fmt.Sprintf("the record of its Decisions entries in %s could not be %s (%v): the entries are not compared with it",
			store.dir, what, safefile.UnwrapPath(err)),
		Hint: hint,
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
