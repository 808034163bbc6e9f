package remnant

import "strings"

type mapParse struct {
	entry   MapEntry
	problem string
}

// parseMapEntry reads "path — role"; the path may be in backticks.
func parseMapEntry(b bullet) mapParse {
	p := mapParse{entry: MapEntry{Line: b.line, Column: b.col}}
	text := b.text
	var path, rest string
	if strings.HasPrefix(text, "`") {
		end := strings.IndexByte(text[1:], '`')
		if end < 0 {
			p.problem = "Map entry has an unclosed backtick"
			return p
		}
		path, rest = text[1:end+1], text[end+2:]
		p.entry.Column++
		var ok bool
		if rest, ok = cutLeadingSeparator(rest); !ok {
			p.problem = "Map entry has no ` — role` after the path"
			return p
		}
	} else {
		var ok bool
		if path, rest, ok = cutSeparator(text); !ok {
			p.problem = "Map entry is not `path — role`"
			return p
		}
	}
	switch {
	case strings.TrimSpace(path) == "":
		p.problem = "Map entry has an empty path"
	case strings.TrimSpace(rest) == "":
		p.problem = "Map entry has an empty role"
	default:
		p.entry.Path = path
	}
	return p
}

func (c *checker) checkMap() {
	s := c.f.byName["Map"]
	if s == nil {
		return
	}
	for _, b := range c.f.bullets(s) {
		if isNone(b.text) {
			continue
		}
		if p := parseMapEntry(b); p.problem != "" {
			c.add(RuleRemnantMapFormat, b.line, b.col, p.problem).Hint = "write `- path — one-line role`"
		}
	}
}
