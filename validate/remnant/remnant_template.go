package remnant

import (
	"fmt"
	"time"

	"github.com/remnant-guard/remnant-guard/validate"
)

// templateChecks are the rules CheckTemplate runs.
var templateChecks = []func(*checker){
	(*checker).checkMarkers,
	(*checker).checkTemplate,
}

// CheckTemplate checks a REMNANT.template.md: it must have the schema v2
// shape. Placeholders are expected there.
func CheckTemplate(path string, src []byte, lim Limits) []validate.Finding {
	return runChecks(path, src, lim, time.Time{}, templateChecks)
}

func (c *checker) checkTemplate() {
	c.f.version = 2
	if first, at := c.f.bannerLine(); at == 0 || at != first {
		c.add(RuleTemplateSchema, 1, 1, "the template does not start with the <!-- AGENT PROTOCOL: ... --> comment")
	}
	if h := c.f.title; h == nil {
		c.add(RuleTemplateSchema, 0, 0, "the template has no `# Remnant - <project-name>` title")
	} else if msg := titleProblem(h.Text); msg != "" {
		c.add(RuleTemplateSchema, h.Line, h.Col, msg)
	}
	c.sectionOrder(RuleTemplateSchema)
	for _, name := range v2Sections {
		if c.f.byName[name] == nil {
			c.add(RuleTemplateSchema, 0, 0, fmt.Sprintf("the template has no ## %s section; schema v2 wants %s", name, c.orderText()))
		}
	}
	c.templateSession()
}

func (c *checker) templateSession() {
	s := c.f.byName["Session"]
	if s == nil {
		return
	}
	for _, key := range sessionKeys {
		if _, ok := c.f.sessionValue(key); !ok {
			c.add(RuleTemplateSchema, s.line, s.col, fmt.Sprintf("the template's Session has no `%s` key", key))
		}
	}
	if k, ok := c.f.sessionValue("version"); ok && k.value != "2" {
		c.add(RuleTemplateSchema, k.line, k.valueCol, fmt.Sprintf("the template's Session version is %s; schema v2 wants `version: 2`", short(k.value)))
	}
}
