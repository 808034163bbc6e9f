package gitutil

import (
	"bytes"
	"strings"
)

// gitConfig is a git config file read the way git reads it, for the few
// keys discover needs. parseGitConfig accepts a subset of git's syntax and
// refuses (ok=false) whatever lies outside it, so that the caller asks git
// instead: a config it accepts yields exactly the entries `git config
// --list` prints (tested against git on generated files).
type gitConfig struct{ entries []configEntry }

type configEntry struct {
	section, subsection, key string // section and key lowercased
	value                    string
	hasValue                 bool // false for a bare "key" (a true boolean)
}

// name is the entry's key as `git config --list` prints it.
func (e configEntry) name() string {
	if e.subsection != "" {
		return e.section + "." + e.subsection + "." + e.key
	}
	return e.section + "." + e.key
}

// parseGitConfig reads a config file's text.
func parseGitConfig(data []byte) (*gitConfig, bool) {
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, false
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	p := &configParser{text: text}
	for p.pos < len(p.text) {
		if !p.line() {
			return nil, false
		}
	}
	return &gitConfig{entries: p.entries}, true
}

type configParser struct {
	text       string
	pos        int
	section    string
	subsection string
	inSection  bool
	entries    []configEntry
}

func (p *configParser) peek() byte {
	if p.pos < len(p.text) {
		return p.text[p.pos]
	}
	return '\n'
}

func (p *configParser) skipBlank() {
	for p.pos < len(p.text) && (p.text[p.pos] == ' ' || p.text[p.pos] == '\t' || p.text[p.pos] == '\r') {
		p.pos++
	}
}

// restOfLine accepts only a comment or nothing before the end of the line.
func (p *configParser) restOfLine() bool {
	p.skipBlank()
	switch c := p.peek(); c {
	case '\n':
		p.pos++
		return true
	case '#', ';':
		for p.pos < len(p.text) && p.text[p.pos] != '\n' {
			p.pos++
		}
		p.pos++
		return true
	}
	return false
}

func (p *configParser) line() bool {
	p.skipBlank()
	switch c := p.peek(); {
	case c == '\n' || c == '#' || c == ';':
		return p.restOfLine()
	case c == '[':
		return p.header() && p.restOfLine()
	case isAlpha(c):
		return p.inSection && p.entry()
	}
	return false
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isKeyChar(c byte) bool { return isAlpha(c) || '0' <= c && c <= '9' || c == '-' }

// header reads [section], [section "subsection"] or [section.subsection].
func (p *configParser) header() bool {
	p.pos++
	start := p.pos
	for p.pos < len(p.text) && (isKeyChar(p.text[p.pos]) || p.text[p.pos] == '.') {
		p.pos++
	}
	name := p.text[start:p.pos]
	if name == "" {
		return false
	}
	p.section, p.subsection, p.inSection = strings.ToLower(name), "", true
	if p.peek() == ']' {
		p.pos++
		if sec, sub, ok := strings.Cut(p.section, "."); ok {
			if sec == "" || sub == "" || strings.HasSuffix(sub, ".") {
				return false
			}
			p.section, p.subsection = sec, sub
		}
		return true
	}
	if strings.Contains(name, ".") || (p.peek() != ' ' && p.peek() != '\t') {
		return false
	}
	p.skipBlank()
	if p.peek() != '"' {
		return false
	}
	p.pos++
	var sub strings.Builder
	for {
		if p.pos >= len(p.text) || p.text[p.pos] == '\n' {
			return false
		}
		c := p.text[p.pos]
		p.pos++
		switch c {
		case '"':
			if p.peek() != ']' || sub.Len() == 0 {
				return false
			}
			p.pos++
			p.subsection = sub.String()
			return true
		case '\\':
			if p.pos >= len(p.text) || (p.text[p.pos] != '"' && p.text[p.pos] != '\\') {
				return false
			}
			c = p.text[p.pos]
			p.pos++
		}
		sub.WriteByte(c)
	}
}

// entry reads key, key = value.
func (p *configParser) entry() bool {
	start := p.pos
	for p.pos < len(p.text) && isKeyChar(p.text[p.pos]) {
		p.pos++
	}
	e := configEntry{section: p.section, subsection: p.subsection, key: strings.ToLower(p.text[start:p.pos])}
	for p.peek() == ' ' || p.peek() == '\t' {
		p.pos++
	}
	if p.peek() == '\n' {
		p.pos++
		p.entries = append(p.entries, e)
		return true
	}
	if p.peek() != '=' {
		return false
	}
	p.pos++
	v, ok := p.value()
	if !ok {
		return false
	}
	e.value, e.hasValue = v, true
	p.entries = append(p.entries, e)
	return true
}

// value reads a value to the end of its line, as git's parse_value does:
// quotes group, backslash escapes \\ \" \n \t \b and joins lines, a comment
// outside quotes ends it, white space outside quotes is kept as spaces
// between words and dropped at either end.
func (p *configParser) value() (string, bool) {
	var b strings.Builder
	quote, space, comment := false, 0, false
	for {
		if p.pos >= len(p.text) {
			return b.String(), !quote
		}
		c := p.text[p.pos]
		p.pos++
		if c == '\n' {
			return b.String(), !quote
		}
		if comment {
			continue
		}
		if (c == ' ' || c == '\t' || c == '\r') && !quote {
			if b.Len() > 0 {
				space++
			}
			continue
		}
		if !quote && (c == ';' || c == '#') {
			comment = true
			continue
		}
		for ; space > 0; space-- {
			b.WriteByte(' ')
		}
		switch c {
		case '"':
			quote = !quote
			continue
		case '\\':
			if p.pos >= len(p.text) {
				return "", false
			}
			e := p.text[p.pos]
			p.pos++
			switch e {
			case '\n':
				continue
			case 't':
				e = '\t'
			case 'b':
				e = '\b'
			case 'n':
				e = '\n'
			case '\\', '"':
			default:
				return "", false
			}
			b.WriteByte(e)
			continue
		}
		b.WriteByte(c)
	}
}

// last returns the last value of section.key (no subsection); found is
// false when the key is absent.
func (c *gitConfig) last(section, key string) (e configEntry, found bool) {
	for _, x := range c.entries {
		if x.section == section && x.subsection == "" && x.key == key {
			e, found = x, true
		}
	}
	return e, found
}

// hasSection tells whether any entry is in section, with any subsection.
func (c *gitConfig) hasSection(section string) bool {
	for _, x := range c.entries {
		if x.section == section {
			return true
		}
	}
	return false
}

// isTrue reads section.key as a git boolean: a bare key is true, an empty
// value false. A value git would not take for false counts as true, which
// makes discover leave the repository to git.
func (c *gitConfig) isTrue(section, key string) bool {
	e, ok := c.last(section, key)
	if !ok {
		return false
	}
	if !e.hasValue {
		return true
	}
	switch strings.ToLower(e.value) {
	case "false", "no", "off", "0", "":
		return false
	}
	return true
}
