package validate

import (
	"bytes"
	"strings"
)

// htmlBlockTags are the tag names that start an HTML block of kind 6.
var htmlBlockTags = []string{
	"address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center",
	"col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset",
	"figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5",
	"h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link", "main", "menu",
	"menuitem", "meta", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search",
	"section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track",
	"ul",
}

func isHTMLBlockTag(name string) bool {
	name = strings.ToLower(name)
	for _, t := range htmlBlockTags {
		if t == name {
			return true
		}
	}
	return false
}

// htmlKind7 is the open or closing tag alone on its line of kind 7. It is
// compiled the first time a line starting with "<" is not of kinds 1-5.
var htmlKind7 = LazyRegexp(`^[ ]{0,3}<(/[ ]*)?([a-zA-Z]+[a-zA-Z0-9\-]*)((?:[\r\n \t]+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:[\r\n \t]*=[\r\n \t]*(?:[^\"'=<>` + "`" + `\x00-\x20]+|'[^']*'|"[^"]*"))?)*)[ ]*(?:>|/>)[ ]*(?:\r\n|\n)?$`)

var htmlRawTags = []string{"script", "pre", "style", "textarea"}

// htmlCloseMarks are the texts that end the blocks of kinds 2 to 5.
var htmlCloseMarks = [...]string{2: "-->", 3: "?>", 4: ">", 5: "]]>"}

// htmlKind returns the kind (1-7) of HTML block line starts, 0 for none;
// afterPara: the last open block is a paragraph (kind 7 cannot start then).
func htmlKind(line []byte, afterPara bool) int {
	i := countLeading(line, ' ')
	if i > 3 || i >= len(line) || line[i] != '<' {
		return 0
	}
	s := line[i+1:]
	switch {
	case rawTagOpen(s):
		return 1
	case bytes.HasPrefix(s, []byte("!--")):
		return 2
	case len(s) > 0 && s[0] == '?':
		return 3
	case len(s) > 1 && s[0] == '!' && s[1] >= 'A' && s[1] <= 'Z' && oneLine(s[2:]):
		return 4
	case bytes.HasPrefix(s, []byte("![CDATA[")):
		return 5
	}
	if name, ok := kind6Tag(s); ok && isHTMLBlockTag(name) {
		return 6
	}
	return htmlKind7Line(line, afterPara)
}

// htmlKind7Line: a whole open or closing tag on its own line is kind 7, or
// kind 6 when its name is a block tag.
func htmlKind7Line(line []byte, afterPara bool) int {
	m := htmlKind7().FindSubmatchIndex(line)
	if m == nil {
		return 0
	}
	name := string(line[m[4]:m[5]])
	if isHTMLBlockTag(name) {
		return 6
	}
	closing := m[2] > -1 && string(line[m[2]:m[3]]) == "/"
	name = strings.ToLower(name)
	if name != "script" && name != "style" && name != "pre" && !afterPara &&
		!(closing && m[6] != m[7]) {
		return 7
	}
	return 0
}

// oneLine: s holds no "\n" but maybe a final one (what ".*\n?$" matches).
func oneLine(s []byte) bool {
	i := bytes.IndexByte(s, '\n')
	return i < 0 || i == len(s)-1
}

// rawTagOpen: s (after "<") starts with script, pre, style or textarea in
// any case, followed by white space, ">", "/>" or the end of the line.
func rawTagOpen(s []byte) bool {
	for _, t := range htmlRawTags {
		if n := foldPrefix(s, t); n > 0 {
			r := s[n:]
			switch {
			case len(r) == 0 || string(r) == "\n" || string(r) == "\r\n":
				return true
			case isRESpace(r[0]) || r[0] == '>':
				return oneLine(r[1:])
			case len(r) > 1 && r[0] == '/' && r[1] == '>':
				return oneLine(r[2:])
			}
			return false
		}
	}
	return false
}

// isRESpace: the white space of regular expressions' \s.
func isRESpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// foldPrefix returns the length of the prefix of s that equals the lower
// case ASCII word t ignoring case (Unicode simple folding, so "ſ" matches
// "s"), or 0.
func foldPrefix(s []byte, t string) int {
	n := 0
	for i := 0; i < len(t); i++ {
		switch {
		case n < len(s) && (s[n] == t[i] || s[n]+'a'-'A' == t[i]):
			n++
		case t[i] == 's' && bytes.HasPrefix(s[n:], []byte("ſ")):
			n += len("ſ")
		default:
			return 0
		}
	}
	return n
}

// kind6Tag reads "/"? spaces, a tag name and what may follow it in an
// opening line of kind 6 (s is after "<").
func kind6Tag(s []byte) (string, bool) {
	if len(s) > 0 && s[0] == '/' {
		s = s[1+countLeading(s[1:], ' '):]
	}
	n := 0
	for n < len(s) && (isASCIILetter(s[n]) || n > 0 && (s[n] >= '0' && s[n] <= '9' || s[n] == '-')) {
		n++
	}
	if n == 0 {
		return "", false
	}
	r := s[n:]
	switch {
	case len(r) == 0 || string(r) == "\n" || string(r) == "\r\n":
	case r[0] == ' ' || r[0] == '>':
		if !oneLine(r[1:]) {
			return "", false
		}
	case len(r) > 1 && r[0] == '/' && r[1] == '>':
		if !oneLine(r[2:]) {
			return "", false
		}
	default:
		return "", false
	}
	return string(s[:n]), true
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// rawTagClose: the text before the first "\n" of s holds </script>,
// </pre>, </style> or </textarea>, in any case.
func rawTagClose(s []byte) bool {
	if i := bytes.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '<' || s[i+1] != '/' {
			continue
		}
		for _, t := range htmlRawTags {
			if n := foldPrefix(s[i+2:], t); n > 0 && i+2+n < len(s) && s[i+2+n] == '>' {
				return true
			}
		}
	}
	return false
}
