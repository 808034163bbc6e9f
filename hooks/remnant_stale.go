package hooks

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
)

// Stale State: REMNANT.md's State is stale when a commit is newer than
// the Session date (remnant.RemnantDoc.SessionEnd says what instant a date
// stands for). check and the commit hook report it as the warning
// remnant-state-stale; the agent's start context says it with the newest
// commits. Both ask newerThanSession.

// newerThanSession counts the commits reachable from HEAD that are newer
// than doc's Session date, and gives the newest: none when HEAD is older.
func newerThanSession(repo *gitutil.Repo, doc *remnant.RemnantDoc) (int, gitutil.Commit, error) {
	return repo.CommitsNewerThan(doc.SessionEnd())
}

func (l *localRemnant) stateStale(doc *remnant.RemnantDoc) ([]validate.Finding, error) {
	if !doc.HasDate {
		return nil, nil
	}
	n, newest, err := newerThanSession(l.repo, doc)
	if err != nil || n == 0 {
		return nil, err
	}
	hint := "refresh State, Next and the Session date from git log"
	if l.staleOnce {
		if !l.staleNews(doc) {
			return nil, nil
		}
		hint += " (the commit hook says this once per Session date: it will not repeat until the date changes; remnant-guard check says it every time)"
	}
	return []validate.Finding{{
		RuleID: "remnant-state-stale", Severity: validate.Warning,
		Line: doc.DateLine, Column: 1,
		Message: fmt.Sprintf("State is stale: %s newer than the Session date, the newest %s %s %q; trust git log over State",
			plural(n, "commit is", "commits are"), newest.Short, newest.Time.UTC().Format("2006-01-02"), newest.Subject),
		Hint: hint,
	}}, nil
}

// staleNews tells whether the stale-State warning is news: not said yet
// for this Session date in this worktree. It records that it is said now
// (in the worktree's remnant-guard folder under the git directory); a
// record that cannot be read or written leaves the warning said.
func (l *localRemnant) staleNews(doc *remnant.RemnantDoc) bool {
	store := decisionStore{dir: l.repo.GitPath("remnant-guard")}
	name := filepath.Join(store.dir, "stale-"+sum(l.rel)[:16])
	key := doc.Date.UTC().Format(time.RFC3339)
	if data, err := store.root().ReadFile(name, safefile.MaxSideFileSize); err == nil && strings.Contains(string(data), "\n"+key+"\n") {
		return false
	}
	content := "# remnant-guard: the Session date whose stale State the commit hook has said\n" + key + "\n"
	if store.root().MkdirAll(store.dir, 0o755) == nil {
		store.root().Replace(name, []byte(content), 0o600)
	}
	return true
}
