package custodian

import (
	"io/fs"
	"strings"
)

// IsMemory reports whether the directory fsys is MemoryCustodian memory
// by its own content. Other memory systems also keep a docs/memory
// folder, some with a manifest.md of their own; those are not judged by
// these rules unless the configuration names the directory. The signals,
// taken from real projects of every protocol (legacy ones from before
// 0.5 included):
//
//   - manifest.md is a Memory Manifest (IsManifest);
//   - or MemoryCustodian's own core files are there, do-not-use.md and
//     at least two of brief.md, decisions.md, constraints.md and inbox.md,
//     whatever manifest.md holds (missing, empty, unreadable): memory
//     whose manifest was lost is still memory to check.
func IsMemory(fsys fs.FS) bool {
	if fsys == nil {
		return false
	}
	if info, err := fs.Stat(fsys, "manifest.md"); err == nil && !info.IsDir() && info.Size() <= maxFileSize {
		if src, err := fs.ReadFile(fsys, "manifest.md"); err == nil && IsManifest(src) {
			return true
		}
	}
	if !isRegular(fsys, "do-not-use.md") {
		return false
	}
	n := 0
	for _, name := range []string{"brief.md", "decisions.md", "constraints.md", "inbox.md"} {
		if isRegular(fsys, name) {
			n++
		}
	}
	return n >= 2
}

func isRegular(fsys fs.FS, name string) bool {
	info, err := fs.Stat(fsys, name)
	return err == nil && info.Mode().IsRegular()
}

// IsManifest reports whether src is a Memory Manifest, outside fenced
// code: a line that, with surrounding white space removed, reads
// `# Memory Manifest`, `# MemoryCustodian Manifest` or
// `## MemoryCustodian Protocol` (case-insensitive), or a metadata line
// naming the tool, `initialized_with: memory-custodian ...` (the legacy
// manifests from before protocol 0.5 have no Protocol section, but say
// so).
func IsManifest(src []byte) bool {
	lines := splitLines(src)
	fence := fenceMask(lines)
	for i, l := range lines {
		if fence[i] {
			continue
		}
		s := strings.TrimSpace(l)
		lvl, h := headingLevel(s)
		switch {
		case lvl == 1 && (strings.EqualFold(h, "Memory Manifest") || strings.EqualFold(h, "MemoryCustodian Manifest")):
			return true
		case lvl == 2 && strings.EqualFold(h, "MemoryCustodian Protocol"):
			return true
		case namesTool(s):
			return true
		}
	}
	return false
}

// namesTool reports a metadata line that names MemoryCustodian as the
// tool that wrote the manifest: "- initialized_with: memory-custodian
// 0.4.0", with or without the bullet.
func namesTool(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "- "), "* ")
	key, val, ok := strings.Cut(s, ":")
	key = strings.ToLower(strings.TrimSpace(key))
	if !ok || key != "initialized_with" && key != "last_migrated_with" {
		return false
	}
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(val)), "memory-custodian")
}
