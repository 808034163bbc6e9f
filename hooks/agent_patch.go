package hooks

import "strings"

// PatchPaths returns the files a Codex apply_patch text adds, updates or
// moves to, in order and without repeats: the files on disk after the patch.
// Deleted files are left out.
//
//	*** Begin Patch
//	*** Add File: <path>
//	*** Update File: <path>
//	*** Move to: <path>
//	*** Delete File: <path>
//	*** End Patch
func PatchPaths(patch string) []string {
	var out []string
	seen := map[string]bool{}
	moved := ""
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimRight(line, "\r")
		for _, prefix := range []string{"*** Add File: ", "*** Update File: ", "*** Move to: "} {
			p, ok := strings.CutPrefix(line, prefix)
			if !ok {
				continue
			}
			p = strings.TrimSpace(p)
			if prefix == "*** Move to: " && moved != "" {
				delete(seen, moved)
				out = remove(out, moved)
			}
			moved = ""
			if prefix == "*** Update File: " {
				moved = p
			}
			if p != "" && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

func remove(list []string, s string) []string {
	out := list[:0]
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}
