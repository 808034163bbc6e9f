package hooks

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
)

// allowEnv names the variable that lets one commit through a rule:
// REMNANT_GUARD_ALLOW=remnant-decisions-append-only git commit ...
const allowEnv = "REMNANT_GUARD_ALLOW"

const appendOnlyRule = "remnant-decisions-append-only"

// entryHash identifies a Decisions entry without keeping its text.
func entryHash(text string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(text)))
	return hex.EncodeToString(sum[:16])
}

func entryHashes(es []remnant.Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = entryHash(e.Text)
	}
	return out
}

// compareDecisions checks that cur starts with exactly the entries of old,
// in order. It returns at most one finding, at the first entry that breaks
// the rule.
func compareDecisions(path string, old []string, cur []remnant.Entry, decisionsLine int, against string) []validate.Finding {
	hashes := entryHashes(cur)
	for i, h := range old {
		if i < len(hashes) && hashes[i] == h {
			continue
		}
		f := validate.Finding{
			RuleID:   appendOnlyRule,
			Severity: validate.Error,
			Path:     path,
			Hint: "Decisions are append-only: restore the entry and add a new, dated entry that corrects it.\n" +
				"For a deliberate correction: " + allowEnv + "=" + appendOnlyRule + " git commit ...",
		}
		if i < len(cur) {
			f.Line, f.Column = cur[i].Line, 1
			f.Message = fmt.Sprintf("Decisions entry %d differs from %s: an earlier entry was edited, removed or reordered, or a new one inserted above it", i+1, against)
		} else {
			f.Line, f.Column = decisionsLine, 1
			if f.Line == 0 {
				f.Column = 0
			}
			f.Message = fmt.Sprintf("%d of the %d Decisions entries in %s are gone: entries are never dropped", len(old)-len(cur), len(old), against)
		}
		return []validate.Finding{f}
	}
	return nil
}

// decisionStore records the hashes of the untracked REMNANT.md's Decisions
// entries, one file per memory file, in a per-worktree directory under the
// git directory.
type decisionStore struct{ dir string }

func (s decisionStore) file(rel string) string {
	sum := sha256.Sum256([]byte(rel))
	return filepath.Join(s.dir, "decisions-"+hex.EncodeToString(sum[:8]))
}

// root is the git directory that holds the records' folder: no record,
// and no folder on the way to one, is read or written through a symbolic
// link out of it.
func (s decisionStore) root() safefile.Root { return safefile.Root{Dir: filepath.Dir(s.dir)} }

// load returns the recorded hashes, and false on the first run.
func (s decisionStore) load(rel string) ([]string, bool, error) {
	data, err := s.root().ReadFile(s.file(rel), safefile.MaxSideFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out, true, sc.Err()
}

// save records hashes atomically.
func (s decisionStore) save(rel string, hashes []string) error {
	r := s.root()
	if err := r.MkdirAll(s.dir, 0o755); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# remnant-guard: hashes of the Decisions entries of %s\n", textsafe.OneLine((*judge.Masker)(nil).Mask(rel)))
	for _, h := range hashes {
		b.WriteString(h + "\n")
	}
	return r.Replace(s.file(rel), []byte(b.String()), 0o600)
}

// allowed tells whether the environment lets rule through for this run.
func allowed(getenv func(string) string, rule string) bool {
	for _, id := range strings.FieldsFunc(getenv(allowEnv), func(r rune) bool { return r == ',' || r == ' ' }) {
		if id == rule {
			return true
		}
	}
	return false
}

// sum is the hex SHA-256 of s; records are named by it.
func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}
