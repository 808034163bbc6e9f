package custodian

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// DefaultDir is the memory directory relative to the repository root.
const DefaultDir = "docs/memory"

// maxFileSize bounds the files read; larger ones are left out.
const maxFileSize = 8 << 20

// Options configures Check and AppendOnly.
type Options struct {
	// Dir is the memory directory relative to the repository root, used in
	// finding paths; empty means DefaultDir.
	Dir string
	// Budgets overrides token budgets, by file name or pattern
	// ("brief.md", "rules/*.md"); 0 or less removes a budget. The
	// manifest's `## Context budget` prose never changes them: the
	// protocol's budgets are fixed.
	Budgets map[string]int
}

func (o Options) path(name string) string {
	dir := strings.TrimSuffix(o.Dir, "/")
	if dir == "" {
		dir = DefaultDir
	}
	return dir + "/" + name
}

// Memory is a parsed memory directory.
type Memory struct {
	FS fs.FS
	// Files holds every .md file under the directory, archive/ included,
	// by slash-separated name relative to it.
	Files map[string]*File
	// Manifest is nil when manifest.md is absent.
	Manifest *Manifest
	// Links are the symbolic links found, by name.
	Links []string
	// Unread are the .md files left out of Files: not regular, over the
	// size limit or unreadable, in walk order.
	Unread []UnreadError
	// formal caches parseFormal by file name and entry schema.
	formal map[string]formalFile
}

// formalOf returns the formal entries of file name, parsed once.
func (mem *Memory) formalOf(name string, schema int) formalFile {
	key := name + "\x00" + string(rune('0'+schema))
	if ff, ok := mem.formal[key]; ok {
		return ff
	}
	if mem.formal == nil {
		mem.formal = map[string]formalFile{}
	}
	ff := parseFormal(mem.Files[name], schema)
	mem.formal[key] = ff
	return ff
}

// Load reads and parses every .md file of fsys. It reads through fsys only
// and never fails: unreadable files are left out.
func Load(fsys fs.FS) *Memory {
	mem := &Memory{FS: fsys, Files: map[string]*File{}}
	if fsys == nil {
		return mem
	}
	_ = fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && d.Type()&fs.ModeSymlink != 0 {
			mem.Links = append(mem.Links, name)
		}
		if err != nil || d.IsDir() || !strings.HasSuffix(name, ".md") {
			return nil
		}
		// A symbolic link is read where it points, as the reference does.
		info, err := fs.Stat(fsys, name)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil // a dangling link
		case err != nil:
			mem.unread(name, "unreadable: "+err.Error())
		case !info.Mode().IsRegular():
			mem.unread(name, "not a regular file")
		case info.Size() > maxFileSize:
			mem.unread(name, fmt.Sprintf("over the %d-byte size limit", maxFileSize))
		default:
			if src, err := fs.ReadFile(fsys, name); err != nil {
				mem.unread(name, "unreadable: "+err.Error())
			} else {
				mem.Files[name] = ParseFile(name, src)
			}
		}
		return nil
	})
	if f, ok := mem.Files["manifest.md"]; ok {
		mem.Manifest = ParseManifest(f.Src)
	}
	return mem
}

func (mem *Memory) unread(name, reason string) {
	mem.Unread = append(mem.Unread, UnreadError{Name: name, Reason: reason})
}

// UnreadError is a memory .md file the reading layer left out, and why.
// The plain check judges the directory without it; a focused check
// refuses to judge a directory it cannot read whole.
type UnreadError struct{ Name, Reason string }

func (e *UnreadError) Error() string { return quoteControl(e.Name) + " cannot be judged: " + e.Reason }

// Names returns the file names in sorted order, archive/ excluded unless
// withArchive.
func (mem *Memory) Names(withArchive bool) []string {
	names := make([]string, 0, len(mem.Files))
	for n := range mem.Files {
		if withArchive || !isArchive(n) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

func isArchive(name string) bool { return strings.HasPrefix(name, "archive/") }

// moduleKind returns "rules", "profiles" or "areas" for an optional module
// file, or "".
func moduleKind(name string) string {
	dir, _, ok := strings.Cut(name, "/")
	if !ok || path.Ext(name) != ".md" {
		return ""
	}
	switch dir {
	case "rules", "profiles", "areas":
		return dir
	}
	return ""
}
