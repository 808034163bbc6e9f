package hooks

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/agents"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// sessionRecord is what agent-hook keeps of a coding-agent session, in
// $(git rev-parse --git-path remnant-guard)/sessions/: when it started, the
// state of the repository then, and how often in a row the handoff gate
// has made it go on.
type sessionRecord struct {
	SessionID string       `json:"session_id"`
	Agent     agents.Agent `json:"agent,omitempty"`
	Started   time.Time    `json:"started"`
	Head      string       `json:"head"`
	Digest    string       `json:"worktree_digest"`
	// Memory is the memory files at the start; nil in a record written
	// before it was kept.
	Memory memoryState `json:"memory"`
	Blocks int         `json:"blocks"`
}

// recordTTL is how long a session's record is kept after its start.
const recordTTL = 30 * 24 * time.Hour

// sessionDir is the directory of the session records of repo.
func sessionDir(repo *gitutil.Repo) string {
	return filepath.Join(repo.GitPath("remnant-guard"), "sessions")
}

// recordPath names a session's record by a digest of its id, so that no id
// can name a path outside the directory.
func recordPath(dir, id string) string {
	sum := sha256.Sum256([]byte(id))
	return filepath.Join(dir, hex.EncodeToString(sum[:12])+".json")
}

// recordRoot is the git directory that holds the records' folder dir
// (<git dir>/remnant-guard/sessions): no record, and no folder on the way
// to one, is read or written through a symbolic link out of it.
func recordRoot(dir string) safefile.Root {
	return safefile.Root{Dir: filepath.Dir(filepath.Dir(dir))}
}

// loadRecord reads a session's record; ok is false when there is none.
func loadRecord(dir, id string, m *judge.Masker) (rec sessionRecord, ok bool, err error) {
	data, err := recordRoot(dir).ReadFile(recordPath(dir, id), safefile.MaxSideFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return rec, false, nil
	}
	if errors.Is(err, safefile.ErrNotRegular) {
		return rec, false, nil // a record that is not a file is not trusted
	}
	if err != nil {
		return rec, false, err
	}
	if err := json.Unmarshal(data, &rec); err != nil || rec.SessionID != recordedID(id, m) {
		// A damaged record is started afresh rather than trusted.
		return sessionRecord{}, false, nil
	}
	rec.SessionID = id
	return rec, true, nil
}

// recordedID is a session's id as its record holds it: whatever the secret
// engine would report in it masked, so that an id carrying a secret leaves
// none under .git.
// An id longer than maxRecordedID is kept as its digest, so that a record
// stays small whatever the agent sends.
func recordedID(id string, m *judge.Masker) string {
	if len(id) > maxRecordedID {
		sum := sha256.Sum256([]byte(id))
		return "sha256:" + hex.EncodeToString(sum[:])
	}
	return m.Mask(id)
}

// maxRecordedID bounds a session id as a record holds it.
const maxRecordedID = 256

// saveRecord writes a session's record atomically.
func saveRecord(dir string, rec sessionRecord, m *judge.Masker) error {
	r := recordRoot(dir)
	if err := r.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out := rec
	out.SessionID = recordedID(rec.SessionID, m)
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	return r.Replace(recordPath(dir, rec.SessionID), append(data, '\n'), 0o644)
}

// newRecord takes the state of the repository for a session starting now.
func newRecord(repo *gitutil.Repo, cfg *config.Config, id string, now time.Time) (sessionRecord, error) {
	if err := ignoreFilesReadable(repo); err != nil {
		return sessionRecord{}, err
	}
	st, err := repo.WorkTreeState(handoffFile)
	if err != nil {
		return sessionRecord{}, err
	}
	mem, _, err := takeMemoryState(repo.TopLevel, cfg)
	if err != nil {
		return sessionRecord{}, err
	}
	return sessionRecord{SessionID: id, Started: now.UTC().Truncate(time.Second), Head: st.Head, Digest: st.Digest, Memory: mem}, nil
}

// handoffFile is the root REMNANT.md, relative to the top level: writing
// the handoff is not a change of the session's.
const handoffFile = "REMNANT.md"

// pruneRecords removes the records of sessions started long ago.
func pruneRecords(dir string, now time.Time) {
	r := recordRoot(dir)
	entries, err := r.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > recordTTL {
			r.Unlink(filepath.Join(dir, e.Name()))
		}
	}
}

// changed tells whether the repository moved since the record was taken:
// HEAD moved, or the working tree's changes differ.
func (rec sessionRecord) changed(repo *gitutil.Repo) (bool, string, error) {
	if err := ignoreFilesReadable(repo); err != nil {
		return false, "", err
	}
	st, err := repo.WorkTreeState(handoffFile)
	if err != nil {
		return false, "", err
	}
	switch {
	case st.Head != rec.Head:
		return true, "HEAD moved", nil
	case st.Digest != rec.Digest:
		return true, "the working tree changed", nil
	}
	return false, "", nil
}

func (rec sessionRecord) String() string {
	return fmt.Sprintf("session %s started %s", rec.SessionID, rec.Started.Format(time.RFC3339))
}

// agentRepoConfig is agentRepo with the repository's config loaded; the
// repository is closed again when the config cannot be read.
func agentRepoConfig(dir string) (*gitutil.Repo, *config.Config, error) {
	repo, err := agentRepo(dir)
	if err != nil || repo == nil {
		return nil, nil, err
	}
	cfg, err := repoConfig(Options{Dir: dir}, repo)
	if err != nil {
		repo.Close()
		return nil, nil, err
	}
	return repo, cfg, nil
}

// agentRepo opens the repository a session works in; nil outside one and
// in a bare repository, which has no working tree to keep memory in.
func agentRepo(dir string) (*gitutil.Repo, error) {
	repo, err := openRepo(dir)
	if errors.Is(err, gitutil.ErrBareRepository) {
		return nil, nil
	}
	return repo, err
}

// claimTTL is how long a claim on one run of a hook event holds: the two
// runs of an event that two hooks files hold start together; an identical
// payload later is another event.
const claimTTL = 10 * time.Minute

// FirstRun tells whether this run of a hook event, named by key, is the
// first of the runs of it: the agent runs an entry that two hooks files
// hold twice, at once, and only the first may answer. The runs claim
// <git dir>/remnant-guard/claims/<key>, created exclusively; the second
// run, which stands aside, removes the claim, so that a later event whose
// payload is the same (a session resumed again, which names no turn or
// time) is answered again; a claim older than claimTTL, whose second run
// never came, is taken over. Outside a repository every run is the first.
func FirstRun(cwd, key string, now time.Time) (bool, error) {
	repo, err := agentRepo(cwd)
	if err != nil || repo == nil {
		return true, err
	}
	defer repo.Close()
	dir := filepath.Join(repo.GitPath("remnant-guard"), "claims")
	r := safefile.Root{Dir: filepath.Dir(filepath.Dir(dir))}
	if err := r.MkdirAll(dir, 0o755); err != nil {
		return true, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return true, err
	}
	defer root.Close()
	for try := 0; try < 2; try++ {
		f, err := root.OpenFile(key, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			f.Close()
			pruneClaims(root, now)
			return true, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return true, err
		}
		fi, err := root.Lstat(key)
		if err != nil {
			return false, nil
		}
		if now.Sub(fi.ModTime()) < claimTTL {
			root.Remove(key) // the pair is complete
			return false, nil
		}
		root.Remove(key)
	}
	return false, nil
}

// pruneClaims removes the claims older than an hour.
func pruneClaims(root *os.Root, now time.Time) {
	entries, err := fs.ReadDir(root.FS(), ".")
	if err != nil {
		return
	}
	for _, e := range entries {
		if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > time.Hour {
			root.Remove(e.Name())
		}
	}
}

// AgentHook answers one hook payload of agent. A problem of the payload
// itself is an *agents.InputError; any error means that the agent must not
// be blocked.
func AgentHook(agent agents.Agent, payload []byte, now time.Time, masker *judge.Masker) (agents.Answer, error) {
	p, err := agents.ParsePayload(payload)
	if err != nil {
		return agents.Answer{}, err
	}
	m, err := agent.MomentOf(p.Event)
	if err != nil {
		return agents.Answer{}, err
	}
	ans := agents.Answer{Event: p.Event, Moment: m}
	switch m {
	case agents.MomentWrite:
		ans.Action, ans.Text, err = afterWrite(agent, p, now, masker)
	case agents.MomentStart:
		ans.Action, ans.Text, err = sessionStart(agent, p, now, masker)
	case agents.MomentStop:
		ans.Action, ans.Text, err = stopGate(p, now, masker)
	}
	return ans, err
}
