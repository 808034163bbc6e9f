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
	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// memoryState is what a session's record keeps of the repository's memory
// files at its start: for each file, a key and a digest of what stands
// there. The stop gate compares it with the files at the end of a turn,
// so that a memory file changed in any way (a write tool, the shell, a
// patch the agent applied itself) is judged. A key is a digest of the
// file's path, marked "d:" for a file of the memory directory, so that a
// record under .git holds no file name (one could carry a secret).
type memoryState map[string]string

// maxMemoryState bounds the files a memory state holds: a memory directory
// holding more has the rest passed over.
const maxMemoryState = 2000

// takeMemoryState digests the memory files check would judge in the
// repository at top: the root files, the Markdown files of the memory
// directory, and the memory files among the config's extra paths. names
// maps each key to the file's slash path.
func takeMemoryState(top string, cfg *config.Config) (st memoryState, names map[string]string, err error) {
	st, names = memoryState{}, map[string]string{}
	add := func(abs, mark string) {
		rel := displayPath(top, abs)
		sum := sha256.Sum256([]byte(rel))
		key := mark + hex.EncodeToString(sum[:12])
		if _, seen := names[key]; !seen && len(st) < maxMemoryState {
			st[key], names[key] = fileDigest(abs), rel
		}
	}
	for _, name := range rootFiles {
		if p := filepath.Join(top, name); exists(p) {
			add(p, "f:")
		}
	}
	for _, pat := range cfg.Paths {
		matches, _ := globPaths(top, pat)
		for _, m := range matches {
			if remnant.KindOf(filepath.Base(m)) != remnant.KindUnknown {
				add(m, "f:")
			}
		}
	}
	memDir := filepath.Join(top, filepath.FromSlash(cfg.Custodian.Dir))
	err = filepath.WalkDir(memDir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil // missing, or unreadable: check's to report
		case d.IsDir() && d.Name() == ".git" && p != memDir:
			return fs.SkipDir
		case d.IsDir():
			return nil
		case len(st) >= maxMemoryState:
			return fs.SkipAll
		case strings.EqualFold(filepath.Ext(p), ".md"):
			add(p, "d:")
		}
		return nil
	})
	return st, names, err
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// fileDigest stands for what is at p: its type, size, modification time
// and, for a link, where it points. Nothing is read: a memory directory of
// many files costs one lstat each, a FIFO is not opened, and a file
// written again counts as changed even with the same content.
func fileDigest(p string) string {
	fi, err := os.Lstat(p)
	if err != nil {
		return "missing"
	}
	target := ""
	if fi.Mode()&fs.ModeSymlink != 0 {
		target, _ = os.Readlink(p)
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d\x00%d\x00%s", fi.Mode().Type(), fi.Size(), fi.ModTime().UnixNano(), target))
	return hex.EncodeToString(sum[:12])
}

// changedSince lists the memory files that differ from before, changed or
// created: root and extra files in files, the memory directory's in
// dirFiles; dirGone tells that a file of the memory directory was deleted.
func (now memoryState) changedSince(before memoryState, names map[string]string) (files, dirFiles []string, dirGone bool) {
	for k, d := range now {
		if before[k] == d {
			continue
		}
		if strings.HasPrefix(k, "d:") {
			dirFiles = append(dirFiles, names[k])
		} else {
			files = append(files, names[k])
		}
	}
	for k := range before {
		if _, ok := now[k]; !ok && strings.HasPrefix(k, "d:") {
			dirGone = true
		}
	}
	sort.Strings(files)
	sort.Strings(dirFiles)
	return files, dirFiles, dirGone
}

// memoryTodo lists what to fix in the memory files changed since the
// session's start, as check judges them: the errors (and personal data)
// found in a changed file, and in a memory directory's manifest when a
// file of the directory was deleted. Files in skip were judged already. A
// record taken before memory states were kept has nothing to compare with.
// changed names what changed, for the model.
func memoryTodo(top string, cfg *config.Config, rec sessionRecord, skip string, now time.Time, m *judge.Masker) (todo, changed []string, err error) {
	if rec.Memory == nil {
		return nil, nil, nil
	}
	cur, names, err := takeMemoryState(top, cfg)
	if err != nil {
		return nil, nil, err
	}
	files, dirFiles, dirGone := cur.changedSince(rec.Memory, names)
	dir := path.Clean(cfg.Custodian.Dir)
	judged := map[string]bool{}
	var targets []string
	for _, p := range files {
		if p != skip {
			judged[p] = true
			targets = append(targets, p)
		}
	}
	for _, p := range dirFiles {
		judged[p] = true
	}
	if len(dirFiles) > 0 || dirGone {
		targets = append(targets, dir)
	}
	changed = slices.Concat(files, dirFiles)
	sort.Strings(changed)
	changed = slices.Compact(changed)
	if dirGone {
		judged[path.Join(dir, "manifest.md")] = true
		changed = append(changed, "a file deleted from "+dir)
	}
	if len(targets) == 0 {
		return nil, changed, nil
	}
	rep, err := Check(Options{Dir: top, Now: now, Masker: m}, targets)
	if err != nil {
		var uk *unknownKindError
		if errors.As(err, &uk) || errors.Is(err, fs.ErrNotExist) {
			return nil, changed, nil // gone again, or not memory by its name: nothing to judge
		}
		return nil, nil, err
	}
	for _, f := range rep.Findings {
		if mustFix(f) && judged[f.Path] {
			todo = append(todo, fmt.Sprintf("fix %s: %s [%s]", report.Location(f), textsafe.OneLine(f.Message), f.RuleID))
		}
	}
	return slices.Compact(todo), changed, nil
}
