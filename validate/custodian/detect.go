package custodian

import (
	"io/fs"
	"strings"
)

// IsMemory reports whether the directory fsys is MemoryCustodian memory
// by its own content: its manifest.md is a Memory Manifest, that is, it
// has the title `# Memory Manifest` or a `## MemoryCustodian Protocol`
// section. Other memory systems also keep a docs/memory folder, some with
// a manifest.md of their own; those are not judged by these rules unless
// the configuration names the directory.
func IsMemory(fsys fs.FS) bool {
	if fsys == nil {
		return false
	}
	info, err := fs.Stat(fsys, "manifest.md")
	if err != nil || info.IsDir() || info.Size() > maxFileSize {
		return false
	}
	src, err := fs.ReadFile(fsys, "manifest.md")
	return err == nil && IsManifest(src)
}

// IsManifest reports whether src is a Memory Manifest: a line that, with
// surrounding white space removed, reads `# Memory Manifest` or
// `## MemoryCustodian Protocol` (case-insensitive), outside fenced code.
func IsManifest(src []byte) bool {
	lines := splitLines(src)
	fence := fenceMask(lines)
	for i, l := range lines {
		if fence[i] {
			continue
		}
		lvl, h := headingLevel(strings.TrimSpace(l))
		switch {
		case lvl == 1 && strings.EqualFold(h, "Memory Manifest"):
			return true
		case lvl == 2 && strings.EqualFold(h, "MemoryCustodian Protocol"):
			return true
		}
	}
	return false
}
