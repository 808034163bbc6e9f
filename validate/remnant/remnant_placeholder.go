package remnant

import (
	"fmt"
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// placeholder matches a template placeholder such as <project-name>.
var placeholder = validate.LazyRegexp(`<[A-Za-z0-9\[][^<>]*>`)

var (
	autolinkScheme = validate.LazyRegexp(`^[A-Za-z][A-Za-z0-9+.-]{1,31}:`)
	autolinkEmail  = validate.LazyRegexp(`^[^\s@<>]+@[^\s@<>]+$`)
)

// htmlTags are inline HTML elements that Markdown files use on purpose.
var htmlTags = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"a": true, "abbr": true, "b": true, "br": true, "code": true, "dd": true, "del": true,
		"details": true, "div": true, "dl": true, "dt": true, "em": true, "hr": true, "i": true,
		"img": true, "ins": true, "kbd": true, "li": true, "mark": true, "ol": true, "p": true,
		"picture": true, "pre": true, "q": true, "s": true, "samp": true, "small": true,
		"source": true, "span": true, "strong": true, "sub": true, "summary": true, "sup": true,
		"table": true, "tbody": true, "td": true, "th": true, "thead": true, "tr": true, "u": true,
		"ul": true, "var": true, "wbr": true,
	}
})

// checkPlaceholders reports template placeholders left in the file, outside
// code, comments, autolinks and HTML tags, and an empty Next section.
func (c *checker) checkPlaceholders() {
	md := c.f.md
	inComment := false
	for i, line := range md.Lines() {
		masked := validate.MaskLine(line, &inComment)
		if md.Code(i+1) || strings.IndexByte(masked, '<') < 0 || rawOutputLine().MatchString(strings.TrimSpace(line)) {
			continue
		}
		cur := newColCursor(line)
		for _, m := range placeholder().FindAllStringIndex(masked, -1) {
			if isPlaceholder(masked, m[0], m[1]) {
				c.add(RuleRemnantPlaceholder, i+1, cur.at(m[0]),
					fmt.Sprintf("template placeholder %s left in the file", short(line[m[0]:m[1]]))).Hint =
					"replace it with the real value"
			}
		}
	}
	c.checkEmptyNext()
}

func isPlaceholder(s string, start, end int) bool {
	if start > 0 && (isWordByte(s[start-1]) || s[start-1] == '\\') {
		return false
	}
	inner := s[start+1 : end-1]
	if autolinkScheme().MatchString(inner) || autolinkEmail().MatchString(inner) {
		return false
	}
	name, attrs, _ := strings.Cut(inner, " ")
	name = strings.TrimSuffix(name, "/")
	return !(htmlTags()[name] && (attrs == "" || strings.Contains(attrs, "=")))
}

func isWordByte(b byte) bool {
	return b == '_' || (b >= '0' && b <= '9') || (b|0x20 >= 'a' && b|0x20 <= 'z')
}

func (c *checker) checkEmptyNext() {
	s := c.f.byName["Next"]
	if s == nil {
		return
	}
	inComment := false
	for l := s.first; l <= s.last; l++ {
		if strings.TrimSpace(validate.MaskLine(c.f.md.Line(l), &inComment)) != "" {
			return
		}
	}
	c.add(RuleRemnantPlaceholder, s.line, s.col, "section ## Next is empty; the protocol wants the exact next step").Hint =
		"write the first action a new session should take"
}

// isPlaceholderEntry tells a template entry such as "<YYYY-MM-DD —
// decision — why>": one that starts with a placeholder, or one being
// filled in, with a part between separators that is still a placeholder
// ("2026-05-05 — <decision> — <why>"). It stands for an entry to come and
// is not an entry itself, so it is never part of the append-only record;
// a placeholder inside a real part ("use <T> generics") is.
func isPlaceholderEntry(text string) bool {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "<") {
		m := placeholder().FindStringIndex(t)
		if m != nil && m[0] == 0 && isPlaceholder(t, m[0], m[1]) {
			return true
		}
	}
	for _, part := range strings.Split(separatorMark.Replace(t), "\x00") {
		if isWholePlaceholder(strings.TrimSpace(part)) {
			return true
		}
	}
	return false
}

// separatorMark turns every entry separator into a NUL, in one pass.
var separatorMark = strings.NewReplacer(" — ", "\x00", " -- ", "\x00", " - ", "\x00")

// isWholePlaceholder tells whether s is one template placeholder and
// nothing else.
func isWholePlaceholder(s string) bool {
	m := placeholder().FindStringIndex(s)
	return m != nil && m[0] == 0 && m[1] == len(s) && isPlaceholder(s, 0, len(s))
}
