package hooks

import (
	"os"

	"github.com/remnant-guard/remnant-guard/gitutil"
)

// logStream is a git log started before the commits are judged, so that
// git prints the history while the range is resolved and the rules are
// prepared.
type logStream struct{ p historyLog }

// historyLog is how a history is read: gitutil's LogProcess (every patch
// from git log -p) or BlobLog (blobs first, patches only of the commits
// whose blobs could hold a secret). Both hand over the same commits.
type historyLog interface {
	SetSectionLimit(limit int64)
	Each(fn func(gitutil.CommitChanges) error) error
	HasParent(hash string) (has, known bool)
	Stop()
}

// readerEnv chooses how history is read: "log" or "blobs"; anything else
// is the default. It exists so that both readers can be compared on the
// same repository (the differential tests, the benchmarks).
const readerEnv = "REMNANT_GUARD_HISTORY_READER"

func startLog(repo *gitutil.Repo, revs ...string) *logStream {
	if blobFirst(os.Getenv(readerEnv)) {
		return &logStream{repo.StartBlobLog(revs...)}
	}
	return &logStream{repo.StartLog(revs...)}
}

// blobFirst tells whether history is read blob first.
func blobFirst(choice string) bool { return choice == "blobs" }

// stop ends the log early; it is safe to call more than once.
func (l *logStream) stop() { l.p.Stop() }
