package validate

import "strings"

// The line lexers of the custodian dialects: they read line by line, with
// no block containers, as the MemoryCustodian CLI does.

// lexCustodianLines reads as CustodianLines: fences first, then comments
// on the lines outside fences.
func lexCustodianLines(lines []string) Lexed {
	lx := Lexed{flags: make([]LineFlags, len(lines))}
	var open string
	for i, l := range lines {
		t, ind := trimIndent(l)
		if ind > 3 {
			t = ""
		}
		if open == "" {
			if m := fenceMarker(t); m != "" {
				open = m
				lx.flags[i] = Fenced
			}
			continue
		}
		lx.flags[i] = Fenced
		if strings.HasPrefix(t, open) && strings.Trim(t, open[:1]) == "" {
			open = ""
		}
	}
	in := false
	for i, l := range lines {
		if lx.flags[i] != 0 {
			continue
		}
		t := strings.TrimSpace(l)
		if !in && strings.HasPrefix(t, "<!--") {
			in = true
			t = t[4:]
		}
		if in {
			lx.flags[i] = Comment
			if strings.Contains(t, "-->") {
				in = false
			}
		}
	}
	return lx
}

// lexCustodian reads as CustodianLexing.
func lexCustodian(lines []string) Lexed {
	lx := Lexed{flags: make([]LineFlags, len(lines))}
	fence, fenceLine := "", 0
	comment, commentLine := false, 0
	for i, l := range lines {
		switch {
		case fence != "":
			lx.flags[i] = Fenced
			if t, ind := trimIndent(l); ind <= 3 && strings.HasPrefix(t, fence) && strings.Trim(strings.TrimRight(t, " \t"), fence[:1]) == "" {
				fence = ""
			}
		case comment:
			lx.flags[i] = Comment
			if _, after, ok := strings.Cut(l, "-->"); ok {
				if PythonStrip(after) != "" {
					lx.fail(i, "HTML comment closing lines must contain no other content")
				}
				comment = false
			}
		default:
			t, ind := trimIndent(l)
			if ind >= 4 || strings.HasPrefix(l, "\t") {
				lx.flags[i] = Indented
				continue
			}
			if m := fenceMarker(t); m != "" {
				if m[0] == '`' && strings.Contains(t[len(m):], "`") {
					lx.fail(i, "fence info string must not contain backticks")
				}
				fence, fenceLine = m, i+1
				lx.flags[i] = Fenced
				continue
			}
			if strings.HasPrefix(t, "<!--") {
				lx.flags[i] = Comment
				_, after, closed := strings.Cut(t[4:], "-->")
				if closed && PythonStrip(after) != "" {
					lx.fail(i, "HTML comments must occupy complete lines")
				}
				comment, commentLine = !closed, i+1
			}
		}
	}
	if fence != "" {
		lx.fail(fenceLine-1, "Unclosed fenced code block")
	}
	if comment {
		lx.fail(commentLine-1, "Unclosed HTML comment")
	}
	return lx
}

// lexCustodianBullets reads as CustodianBullets: a fence opens at a line
// starting with ``` or ~~~ and closes at the next line starting with the
// same three characters, the fence lines included.
func lexCustodianBullets(lines []string) Lexed {
	lx := Lexed{flags: make([]LineFlags, len(lines))}
	open := ""
	for i, l := range lines {
		m := ""
		if strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~") {
			m = l[:3]
		}
		switch {
		case open != "":
			lx.flags[i] = Fenced
			if m == open {
				open = ""
			}
		case m != "":
			lx.flags[i] = Fenced
			open = m
		}
	}
	return lx
}

// fenceMarker returns the run of 3 or more ` or ~ that t starts with, or "".
func fenceMarker(t string) string {
	for _, c := range []string{"`", "~"} {
		n := len(t) - len(strings.TrimLeft(t, c))
		if n >= 3 {
			return strings.Repeat(c, n)
		}
	}
	return ""
}

// trimIndent returns l without its leading spaces and how many there were.
func trimIndent(l string) (string, int) {
	t := strings.TrimLeft(l, " ")
	return t, len(l) - len(t)
}
