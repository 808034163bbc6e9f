package agents

import "strings"

// patchPaths returns the files a Codex apply_patch text adds, updates or
// moves to, in order and without repeats: the files on disk after the patch.
// Deleted files are left out.
//
//	*** Begin Patch
//	*** Add File: <path>
//	*** Update File: <path>
//	*** Move to: <path>
//	*** Delete File: <path>
//	*** End Patch
//
// It reads the headers as Codex's parser does: a hunk header is trimmed of
// white space around it, a "Move to" line is not, an added file's "+"
// lines and an update's lines up to the next line starting with "*" are
// content.
func patchPaths(patch string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	const (
		header = iota
		adding
		updating
	)
	state, updated := header, ""
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimRight(line, "\r")
		switch state {
		case adding:
			if strings.HasPrefix(line, "+") {
				continue
			}
		case updating:
			if p, ok := strings.CutPrefix(line, "*** Move to: "); ok && updated != "" {
				delete(seen, updated)
				out = remove(out, updated)
				add(strings.TrimSpace(p))
				updated = ""
				continue
			}
			updated = ""
			if !strings.HasPrefix(line, "*") {
				continue
			}
		}
		state = header
		t := strings.TrimSpace(line)
		if p, ok := strings.CutPrefix(t, "*** Add File: "); ok {
			add(strings.TrimSpace(p))
			state = adding
		} else if p, ok := strings.CutPrefix(t, "*** Update File: "); ok {
			updated = strings.TrimSpace(p)
			add(updated)
			state = updating
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
