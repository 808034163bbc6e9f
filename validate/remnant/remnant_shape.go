package remnant

import (
	"fmt"
	"strings"

	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/validate"
)

// checkBanner wants the protocol comment first in a v2 file.
func (c *checker) checkBanner() {
	if c.f.version != 2 {
		return
	}
	if first, at := c.f.bannerLine(); at == 0 {
		c.add(RuleRemnantBanner, 1, 1, "the <!-- AGENT PROTOCOL: ... --> comment is missing; schema v2 starts with it").Hint =
			"copy the comment from REMNANT.template.md to the top of the file"
	} else if at != first {
		c.add(RuleRemnantBanner, at, 1, fmt.Sprintf("the <!-- AGENT PROTOCOL: ... --> comment must come first, before the text on line %d", first))
	}
}

// bannerLine returns the first line with content (remnant-guard comments
// aside) and the line of the protocol comment, 0 if there is none.
func (f *remnantFile) bannerLine() (first, at int) {
	for i, line := range f.md.Lines() {
		t := strings.TrimSpace(line)
		if t == "" || f.md.Code(i+1) || isDirectiveLine(t) {
			continue
		}
		if first == 0 {
			first = i + 1
		}
		if isBanner(t) {
			return first, i + 1
		}
	}
	return first, 0
}

func isBanner(t string) bool {
	rest, ok := strings.CutPrefix(t, "<!--")
	if !ok {
		return false
	}
	return strings.HasPrefix(strings.ToUpper(strings.TrimSpace(rest)), "AGENT PROTOCOL")
}

func isDirectiveLine(t string) bool {
	return strings.HasPrefix(t, "<!--") && strings.Contains(t, validate.DirectivePrefix) && strings.HasSuffix(t, "-->")
}

func (c *checker) checkTitle() {
	h := c.f.title
	if h == nil {
		c.add(RuleRemnantTitle, 0, 0, "no `# Remnant - <project-name>` title")
		return
	}
	if msg := titleProblem(h.Text); msg != "" {
		c.add(RuleRemnantTitle, h.Line, h.Col, msg).Hint = "write the title as `# Remnant - <project-name>`"
	}
}

func titleProblem(text string) string {
	for _, sep := range []string{" - ", " — "} {
		if name, ok := cutFoldPrefix(text+" ", "Remnant"+sep); ok {
			if strings.TrimSpace(name) == "" {
				return "the title has an empty project name"
			}
			return ""
		}
	}
	return fmt.Sprintf("title %s is not `Remnant - <project-name>`", short(text))
}

func cutFoldPrefix(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// checkSections wants each required section once, in schema order.
func (c *checker) checkSections() {
	c.sectionOrder(RuleRemnantSections)
	for _, name := range v2Sections {
		if c.f.byName[name] == nil && (c.f.version == 2 || !v1Optional[name]) {
			c.add(RuleRemnantSections, 0, 0, fmt.Sprintf("section ## %s is missing; schema v%d wants %s", name, c.f.version, c.orderText()))
		}
	}
}

func (c *checker) orderText() string {
	var names []string
	for _, n := range v2Sections {
		if c.f.version == 2 || !v1Optional[n] {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ") + " in this order"
}

// sectionOrder reports repeated and misplaced known sections under id.
func (c *checker) sectionOrder(id string) {
	var last *section
	for i := range c.f.sections {
		s := &c.f.sections[i]
		if !s.known {
			continue
		}
		if first := c.f.byName[s.name]; first != s {
			c.add(id, s.line, s.col, fmt.Sprintf("section ## %s is repeated (first at line %d); keep one", s.name, first.line))
			continue
		}
		if last != nil && s.order < last.order {
			c.add(id, s.line, s.col, fmt.Sprintf("section ## %s is out of order: it belongs before ## %s", s.name, last.name))
			continue
		}
		last = s
	}
}

func (c *checker) checkUnknownSections() {
	for _, s := range c.f.sections {
		if !s.known {
			c.add(RuleRemnantUnknownSection, s.line, s.col,
				fmt.Sprintf("section ## %s is not in the Remnant schema (%s)", clip(s.name), strings.Join(v2Sections, ", ")))
		}
	}
}

// checkSchemaV1 names what a v1 file needs to become v2.
func (c *checker) checkSchemaV1() {
	if c.f.version != 1 {
		return
	}
	var add []string
	if k, ok := c.f.sessionValue("version"); !ok || k.value != "2" {
		add = append(add, "`version: 2` in Session")
	}
	for _, n := range []string{"Decisions", "Map"} {
		if c.f.byName[n] == nil {
			add = append(add, "## "+n)
		}
	}
	c.add(RuleRemnantSchemaV1, 0, 0, "file uses Remnant schema v1: add "+strings.Join(add, ", ")).Hint =
		"migrate by adding the missing parts and keeping every existing line"
}

// short quotes s for a message, cut by clip.
func short(s string) string { return fmt.Sprintf("%q", clip(s)) }

// clip redacts what could be a secret in a value (Redact) and cuts it to
// 24 runes, so that a secret pasted in the wrong place is never echoed.
func clip(s string) string {
	s = validate.Redact(s)
	if c := textsafe.CutRunes(s, 24); c != s {
		return c + "…"
	}
	return s
}
