package custodian

import "strings"

// headingLevel returns the ATX heading level of line (0 if none) and its
// text with the closing hashes removed.
func headingLevel(line string) (int, string) {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 {
		return 0, ""
	}
	n := len(t) - len(strings.TrimLeft(t, "#"))
	if n == 0 || n > 6 {
		return 0, ""
	}
	rest := t[n:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return 0, ""
	}
	rest = strings.TrimSpace(rest)
	rest = strings.TrimSpace(strings.TrimRight(rest, "#"))
	return n, rest
}

// bulletText returns the text of a list item line with at most maxIndent
// leading spaces ("- ", "* " or "+ "), and whether line is one.
func bulletText(line string, maxIndent int) (string, bool) {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > maxIndent || t == "" {
		return "", false
	}
	if t[0] != '-' && t[0] != '*' && t[0] != '+' {
		return "", false
	}
	if len(t) == 1 {
		return "", true
	}
	if t[1] != ' ' && t[1] != '\t' {
		return "", false
	}
	return strings.TrimSpace(t[2:]), true
}

// isBlank reports whether line holds only white space.
func isBlank(line string) bool { return strings.TrimSpace(line) == "" }

func joinTrimmed(lines []string) string {
	start, end := 0, len(lines)
	for start < end && isBlank(lines[start]) {
		start++
	}
	for end > start && isBlank(lines[end-1]) {
		end--
	}
	out := make([]string, 0, end-start)
	for _, l := range lines[start:end] {
		out = append(out, strings.TrimRight(l, " \t\r"))
	}
	return strings.Join(out, "\n")
}
