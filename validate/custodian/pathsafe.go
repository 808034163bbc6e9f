package custodian

import (
	"io/fs"
	"path"
	"strings"
)

// maxLinkHops bounds symlink resolution.
const maxLinkHops = 40

// unsafePath returns why p may not be used as a route path, or "" when it
// is safe: it must be relative, slash-separated, end in .md, have no empty
// or ".." part, no drive letter, and must not leave the memory directory
// through a symbolic link (checked when fsys supports fs.ReadLinkFS).
func unsafePath(fsys fs.FS, p string) string {
	switch {
	case p == "":
		return "empty path"
	case strings.HasPrefix(p, "/"):
		return "absolute path"
	case strings.Contains(p, `\`):
		return "backslash in path"
	case len(p) >= 2 && p[1] == ':' && isASCIILetter(p[0]):
		return "drive letter in path"
	case !strings.HasSuffix(p, ".md"):
		return "not a .md file"
	}
	for _, part := range strings.Split(p, "/") {
		switch part {
		case "":
			return "empty path part"
		case "..":
			return "`..` in path"
		}
	}
	if fsys != nil && escapes(fsys, path.Clean(p)) {
		return "leaves the memory directory through a symbolic link"
	}
	return ""
}

func isASCIILetter(c byte) bool { return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') }

// escapes reports whether resolving the symbolic links along p leads out
// of the root of fsys. An absolute link target always counts as leaving.
func escapes(fsys fs.FS, p string) bool {
	if _, ok := fsys.(fs.ReadLinkFS); !ok {
		return false
	}
	parts := strings.Split(p, "/")
	resolved := "."
	for hops := 0; len(parts) > 0; {
		next := path.Join(resolved, parts[0])
		parts = parts[1:]
		info, err := fs.Lstat(fsys, next)
		if err != nil || info.Mode()&fs.ModeSymlink == 0 {
			resolved = next
			continue
		}
		if hops++; hops > maxLinkHops {
			return true
		}
		target, err := fs.ReadLink(fsys, next)
		if err != nil || path.IsAbs(target) || strings.Contains(target, `\`) {
			return true
		}
		joined := path.Join(resolved, target)
		if joined == ".." || strings.HasPrefix(joined, "../") {
			return true
		}
		parts = append(strings.Split(joined, "/"), parts...)
		resolved = "."
	}
	return false
}
