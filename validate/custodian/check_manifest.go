package custodian

import (
	"io/fs"
	"path"
)

func (c *checker) manifest() {
	m := c.mem.Manifest
	if m == nil {
		c.add(RuleManifestMissing, "manifest.md", 0, 0, "memory directory has no manifest.md")
		return
	}
	for _, p := range m.Problems {
		c.add(p.Rule, "manifest.md", p.Line, p.Column, "%s", p.Message)
	}
	for _, r := range m.Always {
		c.route(r)
	}
	for _, r := range m.Routes {
		c.route(r)
	}
	c.moduleIndex()
}

func (c *checker) route(r TaskRoute) {
	seen := map[string]int{}
	for _, e := range r.Entries {
		if why := unsafePath(c.mem.FS, e.Path); why != "" {
			c.add(RuleUnsafeRoutePath, "manifest.md", e.Line, e.Column, "route path %q: %s", e.Path, why)
			continue
		}
		p := path.Clean(e.Path)
		if first, dup := seen[p]; dup {
			c.add(RuleDuplicateRoutePath, "manifest.md", e.Line, e.Column, "%s is listed twice in route %q (first on line %d)", p, r.Heading, first)
			continue
		}
		seen[p] = e.Line
		if e.Required && !exists(c.mem.FS, p) {
			c.add(RuleMissingRouteTarget, "manifest.md", e.Line, e.Column, "route %q requires %s, which does not exist", r.Heading, p)
		}
		if p == "inbox.md" && r.Category != "maintenance" {
			c.add(RuleInboxRoute, "manifest.md", e.Line, e.Column, "inbox.md is routed to %s; unreviewed candidates belong to memory maintenance only", r.Category)
		}
	}
}

func (c *checker) moduleIndex() {
	indexed := map[string]bool{}
	for _, e := range c.mem.Manifest.Index {
		if why := unsafePath(c.mem.FS, e.Path); why != "" {
			c.add(RuleUnsafeRoutePath, "manifest.md", e.Line, e.Column, "module index path %q: %s", e.Path, why)
			continue
		}
		p := path.Clean(e.Path)
		indexed[p] = true
		if !exists(c.mem.FS, p) {
			c.add(RuleMissingIndexedModule, "manifest.md", e.Line, e.Column, "optional module index lists %s, which does not exist", p)
		}
	}
	for _, name := range c.mem.Names(false) {
		if moduleKind(name) != "" && !indexed[name] {
			c.add(RuleUnindexedModule, name, 0, 0, "%s is not listed in the manifest's optional module index", name)
		}
	}
}

func exists(fsys fs.FS, name string) bool {
	if fsys == nil {
		return false
	}
	_, err := fs.Stat(fsys, name)
	return err == nil
}
