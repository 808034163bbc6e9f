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
	// settings is set when the declaration has indented settings lines.
	settings bool
}

// activations are the modes each module kind may use.
var activations = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"rules":    {"task", "task-or-explicit", "explicit-only"},
		"profiles": {"explicit-only"},
		"areas":    {"path", "path-or-explicit", "explicit-only"},
	}
})

var moduleLineRE = validate.LazyRegexp("^- `([^`]+)`(.*)$")
var moduleKeyRE = validate.LazyRegexp(`^  - ([A-Za-z_-]+):(.*)$`)

// legacyLineRE is the tail of a protocol 0.6 one-line declaration:
// "- `areas/x.md`: trigger prose".
var legacyLineRE = validate.LazyRegexp(`^\s*:\s*(.*)$`)

// modules parses the optional module index and returns the declarations
// and the grammar problems. The grammar is the nested one of protocol 0.7
// for every manifest; before 0.7 a declaration may also be the one-line
// form, "- `areas/x.md`: trigger prose", and a declaration without
// settings is explicit-only, as upstream's read keeps them.
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
	sub, subs, sentinel := "", map[string]int{}, false
	declared := map[string]int{}
	var cur *Module
	keys := map[string]bool{}
	for i := m.IndexLine; i < end; i++ {
		l := strings.TrimRight(m.Lines[i], " \t")
		if title, ok := m.h3At(i); ok {
			cur = nil
			sub, sentinel = "", false
			switch title {
			case "enabled rules", "enabled profiles", "enabled areas":
				sub = strings.TrimPrefix(title, "enabled ")
				if first, dup := subs[sub]; dup {
					bad(i+1, "duplicate optional module subsection %q (first on line %d)", pyStrip(l), first)
				}
				subs[sub] = i + 1
			default:
				bad(i+1, "unknown optional module subsection %q", pyStrip(l))
			}
			continue
		}
		if g := moduleKeyRE().FindStringSubmatch(l); g != nil && cur != nil {
			key, val := g[1], pyStrip(g[2])
			if keys[key] {
				bad(i+1, "duplicate optional module key %q for %s", key, cur.Path)
			}
			keys[key] = true
			cur.settings = true
			switch key {
			case "activation":
				cur.Activation = val
			case "tasks":
				cur.Tasks = splitList(val)
			case "paths":
				cur.Paths = codeSpans(val)
				if len(cur.Paths) == 0 || strings.Trim(stripCodeSpans(val), ", ") != "" {
					bad(i+1, "paths of %s must be a comma-separated list of code spans", cur.Path)
				}
			case "description":
			default:
				bad(i+1, "unknown optional module key %q", key)
			}
			continue
		}
		if !strings.HasPrefix(l, "-") {
			if pyStrip(l) != "" && cur != nil {
				bad(i+1, "unexpected line after module %s", cur.Path)
			}
			continue
		}
		cur = nil
		if sub == "" {
			bad(i+1, "module line %q is outside a canonical subsection", short(pyStrip(l)))
			continue
		}
		if l == "- None enabled." {
			if len(declaredIn(mods, sub)) > 0 {
				bad(i+1, "contradictory optional module sentinel in Enabled %s", sub)
			}
			sentinel = true
			continue
		}
		g := moduleLineRE().FindStringSubmatch(l)
		if g != nil && g[2] != "" && legacy && legacyLineRE().MatchString(g[2]) {
			g[2] = ""
		}
		if g == nil || g[2] != "" {
			bad(i+1, "module line %q must be a bare `- `<type>/<name>.md`` line with its settings indented below", short(pyStrip(l)))
			continue
		}
		if sentinel {
			bad(i+1, "contradictory optional module sentinel in Enabled %s", sub)
		}
		kind, name, ok := strings.Cut(g[1], "/")
		if !ok || kind != sub || strings.Contains(name, "/") || !strings.HasSuffix(name, ".md") || pathProblem(g[1]) != "" {
			bad(i+1, "module %s must be a .md file directly in %s/", g[1], sub)
			continue
		}
		if first, dup := declared[g[1]]; dup {
			bad(i+1, "duplicate optional module declaration %s (first on line %d)", g[1], first)
			continue
		}
		declared[g[1]] = i + 1
		mods = append(mods, Module{Path: g[1], Kind: kind, Name: strings.TrimSuffix(name, ".md"), Line: i + 1})
		cur = &mods[len(mods)-1]
		keys = map[string]bool{}
	}
	for i := range mods {
		if legacy && mods[i].Activation == "" && !mods[i].settings {
			mods[i].Activation = "explicit-only"
		}
		probs = append(probs, mods[i].problems()...)
	}
	return mods, probs
}

func declaredIn(mods []Module, kind string) []Module {
	var out []Module
	for _, md := range mods {
		if md.Kind == kind {
			out = append(out, md)
		}
	}
	return out
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

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
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
