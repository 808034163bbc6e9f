package hooks

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// memoryState is what a session's record keeps of the repository's memory
// files at its start: each file's slash path from the top and a digest of
// what stands there. The stop gate compares it with the files at the end
// of a turn, so that a memory file changed in any way (a write tool, the
// shell, a patch the agent applied itself) is judged.
type memoryState map[string]string

// maxMemoryState bounds the files a memory state holds: a memory directory
// holding more has the rest passed over.
const maxMemoryState = 2000

// takeMemoryState digests the memory files check would judge in the
// repository at top: the root files, the memory directory's files and the
// config's extra paths.
func takeMemoryState(top string, cfg *config.Config) (memoryState, error) {
	targets, err := rootTargets(top, top, cfg)
	if err != nil {
		return nil, err
	}
	st := memoryState{}
	limit := max(cfg.Limits.MaxFileSize, cfg.Secrets.MaxFileSize)
	for _, t := range targets {
		if !t.memoryDir {
			st[t.display] = fileDigest(t.disk, limit)
			continue
		}
		err := filepath.WalkDir(t.disk, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil // an unreadable folder is check's to report
			}
			if len(st) >= maxMemoryState {
				return fs.SkipAll
			}
			st[displayPath(top, p)] = fileDigest(p, limit)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return st, nil
}

// fileDigest is the digest of a file's content, or of what stands in its
// place when it is not a regular file: a link is not followed, a FIFO is
// not opened.
func fileDigest(p string, limit int64) string {
	fi, err := os.Lstat(p)
	if err != nil {
		return "missing"
	}
	if !fi.Mode().IsRegular() {
		target, _ := os.Readlink(p)
		sum := sha256.Sum256([]byte(fi.Mode().Type().String() + "\x00" + target))
		return "other:" + hex.EncodeToString(sum[:16])
	}
	data, err := safefile.ReadPrefix(p, limit)
	if err != nil {
		return fmt.Sprintf("unreadable:%d:%d", fi.Size(), fi.ModTime().UnixNano())
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16])
}

// changedSince lists the memory files that differ from before: changed,
// created or deleted (deleted ones in gone).
func (now memoryState) changedSince(before memoryState) (changed, gone []string) {
	for p, d := range now {
		if before[p] != d {
			changed = append(changed, p)
		}
	}
	for p := range before {
		if _, ok := now[p]; !ok {
			gone = append(gone, p)
		}
	}
	sort.Strings(changed)
	sort.Strings(gone)
	return changed, gone
}

// memoryTodo lists what to fix in the memory files changed since the
// session's start, as check judges them: the errors (and personal data)
// found in a changed file, and in a memory directory's manifest when a
// file of the directory was deleted. A record taken before memory states
// were kept has nothing to compare with.
func memoryTodo(top string, cfg *config.Config, rec sessionRecord, now time.Time, m *Masker) ([]string, []string, error) {
	if rec.Memory == nil {
		return nil, nil, nil
	}
	cur, err := takeMemoryState(top, cfg)
	if err != nil {
		return nil, nil, err
	}
	changed, gone := cur.changedSince(rec.Memory)
	if len(changed) == 0 && len(gone) == 0 {
		return nil, nil, nil
	}
	judged := map[string]bool{}
	for _, p := range changed {
		judged[p] = true
	}
	dir := path.Clean(cfg.Custodian.Dir)
	for _, p := range gone {
		if strings.HasPrefix(p, dir+"/") {
			judged[dir+"/manifest.md"] = true
		}
	}
	rep, err := Check(Options{Dir: top, Now: now, Masker: m}, nil)
	if err != nil {
		var uk *unknownKindError
		if errors.As(err, &uk) {
			return nil, nil, nil // a config path that is not memory: check says so
		}
		return nil, nil, err
	}
	var todo []string
	for _, f := range rep.Findings {
		if mustFix(f) && judged[f.Path] {
			todo = append(todo, fmt.Sprintf("fix %s: %s [%s]", location(f), oneLine(f.Message), f.RuleID))
		}
	}
	return slices.Compact(todo), append(changed, gone...), nil
}
