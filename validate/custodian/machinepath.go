package custodian

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// homePrefixes start a machine-specific path: a home directory or volume,
// or (after a drive letter) a Windows drive. After a home prefix, and after
// a drive's Users folder, a plain name (letters, digits, '.', '_', '-') and
// a separator must follow, so placeholders such as /home/<user>/ do not
// count.
var homePrefixes = []string{"/users/", "/home/", "/volumes/", `:\`, ":/"}

// notUsers are directory names under /Users that belong to no one.
var notUsers = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"shared": true, "guest": true}
})

// machinePath returns the 1-based column of the first machine-specific
// absolute path in line, or 0.
func machinePath(line string) int {
	lower := strings.ToLower(line)
	for from := 0; from < len(lower); {
		i, pre := nextHome(lower[from:])
		if i < 0 {
			return 0
		}
		i += from
		start := i
		if pre[0] == ':' {
			start = i - 1
		}
		if homeAt(lower, line, start, i+len(pre), pre) {
			return utf8.RuneCountInString(line[:start]) + 1
		}
		from = i + 1
	}
	return 0
}

func nextHome(s string) (int, string) {
	best, pre := -1, ""
	for _, p := range homePrefixes {
		if i := strings.Index(s, p); i >= 0 && (best < 0 || i < best) {
			best, pre = i, p
		}
	}
	return best, pre
}

// homeAt checks the text around a home prefix: a drive letter alone before
// the Windows form (so not the end of a URL scheme such as https://), no
// word character before the Unix form, then a user name and a separator.
// A drive path is machine-specific whatever follows, save its Users folder,
// which needs a user name as the Unix forms do.
func homeAt(lower, line string, start, nameStart int, pre string) bool {
	if pre[0] == ':' {
		if start < 0 || !isASCIILetter(lower[start]) || (start > 0 && isWordByte(lower[start-1])) {
			return false
		}
		rest := lower[nameStart:]
		if !strings.HasPrefix(rest, `users\`) && !strings.HasPrefix(rest, "users/") {
			return true
		}
		nameStart += len("users/")
	} else if start > 0 && (isWordByte(lower[start-1]) || lower[start-1] == '.') {
		return false
	}
	end := nameStart
	for end < len(lower) && (isWordByte(lower[end]) || lower[end] == '.' || lower[end] == '-') {
		end++
	}
	if end == nameStart || end >= len(lower) || notUsers()[lower[nameStart:end]] {
		return false
	}
	return lower[end] == '/' || lower[end] == '\\'
}

func isWordByte(c byte) bool { return c < utf8.RuneSelf && isASCIIWord(rune(c)) }

func (c *checker) machinePaths() {
	for _, name := range c.mem.Names(true) {
		for i, l := range c.mem.Files[name].Lines {
			if col := machinePath(l); col > 0 {
				c.add(RuleMachinePath, name, i+1, col, "machine-specific absolute path in shared memory")
			}
		}
	}
}
