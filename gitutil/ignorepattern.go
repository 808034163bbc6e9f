package gitutil

import "strings"

// ignorePattern is one line of a .gitignore-style file, parsed as git's
// dir.c does.
type ignorePattern struct {
	pattern  string // without "!", trailing "/" and, for anchored ones, leading "/"
	base     string // directory of the file it came from, relative to TopLevel, "" for the top and global files
	negative bool
	mustDir  bool // pattern ended in "/"
	basename bool // no "/" in the pattern: matched against the last path component
}

// parseIgnoreFile parses the contents of an ignore file found in base.
func parseIgnoreFile(data []byte, base string) []ignorePattern {
	text := strings.TrimPrefix(string(data), "\ufeff")
	var out []ignorePattern
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line == "" || line[0] == '#' {
			continue
		}
		if p, ok := parseIgnoreLine(trimTrailingSpaces(line), base); ok {
			out = append(out, p)
		}
	}
	return out
}

func parseIgnoreLine(line, base string) (ignorePattern, bool) {
	p := ignorePattern{base: base}
	if strings.HasPrefix(line, "!") {
		p.negative = true
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		p.mustDir = true
		line = line[:len(line)-1]
	}
	p.basename = !strings.Contains(line, "/")
	p.pattern = strings.TrimPrefix(line, "/")
	return p, line != ""
}

// trimTrailingSpaces drops unescaped trailing spaces, like git's
// trim_trailing_spaces.
func trimTrailingSpaces(s string) string {
	lastSpace := -1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ':
			if lastSpace < 0 {
				lastSpace = i
			}
		case '\\':
			i++
			if i >= len(s) {
				return s
			}
			lastSpace = -1
		default:
			lastSpace = -1
		}
	}
	if lastSpace >= 0 {
		return s[:lastSpace]
	}
	return s
}

// match reports whether the pattern matches path (relative to TopLevel) with
// basename its last component.
func (p ignorePattern) match(path string, isDir bool) bool {
	if p.mustDir && !isDir {
		return false
	}
	if p.basename {
		name := path[strings.LastIndexByte(path, '/')+1:]
		return wildmatch(p.pattern, name, false)
	}
	rel := path
	if p.base != "" {
		if !strings.HasPrefix(path, p.base+"/") {
			return false
		}
		rel = path[len(p.base)+1:]
	}
	return wildmatch(p.pattern, rel, true)
}

// lastMatch returns the verdict of the last pattern in list matching path:
// excluded (true) or re-included (false); matched is false when none does.
func lastMatch(list []ignorePattern, path string, isDir bool) (excluded, matched bool) {
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].match(path, isDir) {
			return !list[i].negative, true
		}
	}
	return false, false
}
