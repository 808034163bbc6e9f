package custodian

import (
	"fmt"
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// Module is an optional module declared in the index of a protocol 0.7+
// manifest:
//
//   - `areas/storage.md`
//   - activation: path-or-explicit
//   - paths: `internal/storage/**`, `cmd/store/*.go`
type Module struct {
	Path       string // as declared, e.g. "areas/storage.md"
	Kind       string // rules, profiles or areas
	Name       string // file name without .md
	Line       int
	Activation string
	Tasks      []string
	Paths      []string
	// keys are the settings the declaration has.
	keys map[string]bool
}

// activations are the modes each module kind may use.
var activations = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"rules":    {"task", "task-or-explicit", "explicit-only"},
		"profiles": {"explicit-only"},
		"areas":    {"path", "path-or-explicit", "explicit-only"},
	}
})

// moduleLineRE is a declaration line, "- `<type>/<name>.md`", with the
// one-line trigger of protocol 0.6 after a colon; moduleKeyRE a setting.
var moduleLineRE = validate.LazyRegexp("^- `([^`]+)`(?:\\s*:\\s*(.*))?$")
var moduleKeyRE = validate.LazyRegexp(`^  - ([a-z-]+):\s*(.*)$`)

// moduleKeys are the settings a declaration may have.
var moduleKeys = []string{"activation", "tasks", "paths", "description"}

// modules parses the optional module index and returns the declarations
// and the grammar problems, line by line as upstream's parser reads it.
// The grammar is the nested one of protocol 0.7 for every manifest;
// before 0.7 a declaration may also be the one-line form,
// "- `areas/x.md`: trigger prose", and a declaration without settings is
// explicit-only, as upstream's read keeps them.
func (m *Manifest) modules() ([]Module, []routeProblem) {
	v, _ := m.Version()
	legacy := v != "0.7" && v != "0.8"
	var mods []Module
	var probs []routeProblem
	bad := func(line int, format string, args ...any) {
		probs = append(probs, routeProblem{category: "general", blocks: true, rule: RuleModuleDeclaration, line: line, msg: fmt.Sprintf(format, args...)})
	}
	if len(m.IndexLines) > 1 {
		bad(m.IndexLines[1], "manifest.md may contain at most one Optional module index (found %d)", len(m.IndexLines))
	}
	if m.IndexLine == 0 {
		return nil, probs
	}
	end := m.sectionEnd(m.IndexLine-1, false)
	sub, subs := "", map[string]int{}
	none, declared := map[string]bool{}, map[string]bool{}
	seen := map[string]int{}
	var cur *Module
	flush := func() {
		if cur != nil {
			if md, ok := m.declaration(cur, sub, seen, legacy, bad); ok {
				mods = append(mods, md)
			}
		}
		cur = nil
	}
	for i := m.IndexLine; i < end; i++ {
		l := m.Lines[i]
		s := pyStrip(l)
		if title, ok := m.h3At(i); ok {
			flush()
			switch title {
			case "enabled rules", "enabled profiles", "enabled areas":
				sub = strings.TrimPrefix(title, "enabled ")
				if first, dup := subs[sub]; dup {
					bad(i+1, "duplicate optional module subsection %q (first on line %d)", s, first)
				}
				subs[sub] = i + 1
			default:
				sub = ""
				bad(i+1, "unknown optional module subsection %q", s)
			}
			continue
		}
		if s == "" {
			continue
		}
		mod := moduleLineRE().FindStringSubmatch(l)
		key := moduleKeyRE().FindStringSubmatch(l)
		switch {
		case sub == "":
			if mod != nil || key != nil || strings.HasPrefix(s, "- ") || strings.HasPrefix(l, "  - ") {
				bad(i+1, "optional module declaration appears outside a canonical subsection: %q", short(l))
			}
		case s == "- None enabled.":
			flush()
			if none[sub] || declared[sub] {
				bad(i+1, "contradictory optional module sentinel in Enabled %s", sub)
			}
			none[sub] = true
		case mod != nil:
			if none[sub] {
				bad(i+1, "contradictory optional module sentinel in Enabled %s", sub)
			}
			flush()
			declared[sub] = true
			cur = &Module{Path: mod[1], Kind: sub, Line: i + 1}
			if pyStrip(mod[2]) != "" && !legacy {
				bad(i+1, "%s: Protocol 0.7 module line may not contain inline metadata", mod[1])
			}
		case key != nil && cur != nil:
			k, val := key[1], pyStrip(key[2])
			switch {
			case !contains(moduleKeys, k):
				bad(i+1, "%s: unknown optional module key %q", cur.Path, k)
			case cur.keys[k]:
				bad(i+1, "%s: duplicate optional module key %q", cur.Path, k)
			default:
				cur.set(k, val, i+1, bad)
			}
		case strings.HasPrefix(s, "- ") || strings.HasPrefix(l, "  - "):
			bad(i+1, "malformed optional module declaration: %q", short(l))
		case cur != nil:
			bad(i+1, "%s: continuation lines are not allowed", cur.Path)
		}
	}
	flush()
	return mods, probs
}

// set records one setting of a declaration.
func (md *Module) set(key, val string, line int, bad func(int, string, ...any)) {
	if md.keys == nil {
		md.keys = map[string]bool{}
	}
	md.keys[key] = true
	switch key {
	case "activation":
		md.Activation = val
	case "tasks":
		md.Tasks = strings.Split(val, ",")
		for i := range md.Tasks {
			md.Tasks[i] = strings.TrimSpace(md.Tasks[i])
		}
	case "paths":
		md.Paths = codeSpans(val)
		if len(md.Paths) == 0 || strings.TrimSpace(strings.ReplaceAll(stripCodeSpans(val), ",", "")) != "" {
			bad(line, "%s: paths must be comma-separated Markdown code spans", md.Path)
		}
	}
}

// declaration checks a declaration once its settings are read: its path,
// its folder, that it is declared once, and its settings against its kind.
func (m *Manifest) declaration(md *Module, sub string, seen map[string]int, legacy bool, bad func(int, string, ...any)) (Module, bool) {
	kind, name, ok := strings.Cut(md.Path, "/")
	switch {
	case pathProblem(md.Path) != "" || !strings.HasSuffix(md.Path, ".md"):
		bad(md.Line, "unsafe or malformed memory path %q", md.Path)
		return Module{}, false
	case !ok || kind != sub || strings.Contains(name, "/"):
		bad(md.Line, "%s: module path does not match %s/", md.Path, sub)
		return Module{}, false
	}
	if first, dup := seen[md.Path]; dup {
		bad(md.Line, "duplicate optional module declaration: %s (first on line %d)", md.Path, first)
		return Module{}, false
	}
	seen[md.Path] = md.Line
	md.Name = strings.TrimSuffix(name, ".md")
	if legacy && len(md.keys) == 0 {
		md.Activation = "explicit-only"
	}
	for _, p := range md.problems() {
		bad(p.line, "%s", p.msg)
	}
	return *md, true
}

// problems checks a declaration's settings against its kind.
func (md Module) problems() []routeProblem {
	var out []routeProblem
	bad := func(format string, args ...any) {
		out = append(out, routeProblem{category: "general", blocks: true, rule: RuleModuleDeclaration, line: md.Line, msg: md.Path + ": " + fmt.Sprintf(format, args...)})
	}
	allowed := activations()[md.Kind]
	if !contains(allowed, md.Activation) {
		bad("activation %q is not one of %s", md.Activation, strings.Join(allowed, ", "))
	}
	usesTasks := strings.HasPrefix(md.Activation, "task")
	usesPaths := strings.HasPrefix(md.Activation, "path")
	switch {
	case usesTasks && len(md.Tasks) == 0:
		bad("activation %s needs tasks", md.Activation)
	case usesPaths && len(md.Paths) == 0:
		bad("activation %s needs paths", md.Activation)
	case md.Kind != "rules" && len(md.Tasks) > 0:
		bad("%s may not declare tasks", md.Kind)
	case md.Kind != "areas" && len(md.Paths) > 0:
		bad("%s may not declare paths", md.Kind)
	}
	for _, t := range md.Tasks {
		if !contains(Categories, t) {
			bad("task %q is not a canonical task name (%s)", t, strings.Join(Categories, ", "))
		}
	}
	for _, g := range md.Paths {
		if why := globProblem(g); why != "" {
			bad("invalid glob %q: %s", g, why)
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

var codeSpanRE = validate.LazyRegexp("`([^`]*)`")

func codeSpans(s string) []string {
	var out []string
	for _, g := range codeSpanRE().FindAllStringSubmatch(s, -1) {
		out = append(out, g[1])
	}
	return out
}

func stripCodeSpans(s string) string { return codeSpanRE().ReplaceAllString(s, "") }
