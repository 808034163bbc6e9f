package custodian

import (
	"io/fs"
	"path"
	"strings"
)

// maxLinkHops bounds symlink resolution.
const maxLinkHops = 40

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
func isASCIILetter(c byte) bool { return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') }
