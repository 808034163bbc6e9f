package custodian

import (
	"io/fs"
	"path"
	"strings"
)

// mentions are the substrings the manifest text must contain.
var mentions = []string{"brief.md", "do-not-use.md", "archive/", "rules/", "profiles/"}

func (c *checker) manifest() {
	m := c.mem.Manifest
	if m == nil {
		c.add(RuleManifestMissing, "manifest.md", 0, 0, "memory directory has no manifest.md")
		return
	}
	if !m.UTF8 {
		return // reported by utf8Files
	}
	if c.protoProblem != nil {
		p := c.protoProblem
		c.add(p.rule, "manifest.md", p.line, col(p.line), "%s", p.msg)
	}
	if c.protocol == v06 || c.protocol == v07 {
		_, line := m.Version()
		c.add(RuleMigration, "manifest.md", line, col(line), "protocol %s memory, judged by the rules of %s; MemoryCustodian 0.12 fails it as older than 0.8 until `memory-custodian migrate --apply` migrates it", c.protocol, c.protocol)
	}
	if m.Text == "" {
		return
	}
	for _, term := range mentions {
		if !strings.Contains(m.Text, term) {
			c.add(RuleManifestMentions, "manifest.md", 0, 0, "the manifest does not mention %s", term)
		}
	}
	seen := map[string]bool{}
	for _, p := range m.problems(c.protocol) {
		key := p.rule + "\x00" + p.msg
		if !seen[key] {
			seen[key] = true
			c.add(p.rule, "manifest.md", p.line, col(p.line), "%s", p.msg)
		}
	}
	for _, u := range m.Unknown {
		c.add(RuleManifestSyntax, "manifest.md", u.Line, 1, "route heading %q is not a canonical task route and is not used", u.Heading)
	}
	c.routeTargets()
	c.moduleIndex()
}

// isCoreFile reports a core file, whose absence coreFiles reports.
func isCoreFile(name string) bool { return contains(coreFiles, name) || name == "subjects.md" }

func col(line int) int {
	if line > 0 {
		return 1
	}
	return 0
}

// routeTargets reports, for every task that can be routed, paths that
// leave the memory directory and required files that do not exist.
func (c *checker) routeTargets() {
	m := c.mem.Manifest
	probs := m.problems(c.protocol)
	seen := map[string]bool{}
	for _, cat := range Categories {
		if blocking(probs, cat) != nil {
			continue
		}
		for _, e := range m.specs(cat) {
			name := cleanName(e.Path)
			switch {
			case escapes(c.mem.FS, name):
				if !seen["esc"+e.Path] {
					seen["esc"+e.Path] = true
					c.add(RuleUnsafeRoutePath, "manifest.md", e.Line, e.Column, "route path %q leaves the memory directory through a symbolic link", e.Path)
				}
			case e.Required && !exists(c.mem.FS, name) && !seen["req"+e.Path] && !isCoreFile(name):
				seen["req"+e.Path] = true
				c.add(RuleMissingRouteTarget, "manifest.md", e.Line, e.Column, "a route requires %s, which does not exist", e.Path)
			}
			if name == "inbox.md" && cat != "maintenance" && !seen["inbox"+cat] {
				seen["inbox"+cat] = true
				c.add(RuleInboxRoute, "manifest.md", e.Line, e.Column, "inbox.md is routed to %s; unreviewed candidates belong to memory maintenance only", cat)
			}
		}
	}
}

// moduleIndex checks rules/, profiles/ and areas/: a folder that exists
// must be mentioned in the manifest, and each .md file directly in it
// (README.md aside) must be listed, backticked, in the optional module
// index.
func (c *checker) moduleIndex() {
	m := c.mem.Manifest
	for _, dir := range []string{"rules", "profiles", "areas"} {
		if !exists(c.mem.FS, dir) {
			continue
		}
		if !strings.Contains(m.Text, dir+"/") {
			c.add(RuleManifestMentions, "manifest.md", 0, 0, "%s/ exists but the manifest does not describe when to load it", dir)
		}
		for _, name := range c.moduleFiles(dir) {
			if _, ok := m.Index[name]; !ok {
				c.add(RuleUnindexedModule, name, 0, 0, "%s is not listed in the manifest's optional module index", name)
			}
		}
	}
	for p, line := range m.Index {
		if pathProblem(p) == "" && !exists(c.mem.FS, cleanName(p)) {
			c.add(RuleMissingIndexedModule, "manifest.md", line, 1, "optional module index lists %s, which does not exist", p)
		}
	}
}

// moduleFiles returns the module files of dir that the index must list,
// README.md aside: up to protocol 0.5 the .md files directly in it, as the
// 0.9.1 CLI globs them; from 0.6 every Markdown file below it, its suffix
// and README in any case (areas/sub/deep.md, areas/Ghost.MD), as the 0.12
// CLI inventories managed memory.
func (c *checker) moduleFiles(dir string) []string {
	var out []string
	if c.protocol.before(v06) {
		entries, _ := fs.ReadDir(c.mem.FS, dir)
		for _, e := range entries {
			if e.Name() != "README.md" && strings.HasSuffix(e.Name(), ".md") {
				out = append(out, dir+"/"+e.Name())
			}
		}
		return out
	}
	_ = fs.WalkDir(c.mem.FS, dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		base := path.Base(name)
		if len(base) > 3 && strings.EqualFold(base[len(base)-3:], ".md") && !strings.EqualFold(base, "README.md") {
			out = append(out, name)
		}
		return nil
	})
	return out
}

func exists(fsys fs.FS, name string) bool {
	if fsys == nil || !fs.ValidPath(name) {
		return false
	}
	_, err := fs.Stat(fsys, name)
	return err == nil
}
