package custodian

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// checkedFinding is a finding of the plain check, its path relative to
// the memory directory.
type checkedFinding struct {
	rule string
	name string
	line int
	msg  string
}

// plain returns the findings of the plain check of the directory,
// computed once.
func (f *focus) plain() []checkedFinding {
	if f.done {
		return f.checked
	}
	f.done = true
	prefix := DefaultDir + "/"
	for _, x := range check(f.mem, Options{}, nil) {
		f.checked = append(f.checked, checkedFinding{rule: x.RuleID, name: strings.TrimPrefix(x.Path, prefix), line: x.Line, msg: x.Message})
	}
	return f.checked
}

// routing reports what upstream's `check --routing` does once the
// manifest holds its contract: module files the optional module index
// does not describe (MC-ROUTING-003), substantial tasks that do not reach
// constraints.md (MC-ROUTING-004), declared modules that are missing
// (MC-ROUTING-005) and required route files that are missing, per task
// (MC-ROUTING-006).
func (f *focus) routing() {
	for _, c := range f.plain() {
		msg := ""
		switch dir, _, undescribed := strings.Cut(c.msg, "/ exists but"); {
		case c.rule == RuleUnindexedModule:
			msg = c.name + " exists but is missing from optional module index"
		case c.rule == RuleManifestMentions && undescribed:
			msg = dir + "/ exists but manifest does not describe when to load it"
		default:
			continue
		}
		// upstream's words for them (its check's, without the file prefix)
		f.res.add(FocusFinding{Code: "MC-ROUTING-003", Severity: SevError, Path: c.name, Line: c.line, Message: msg})
	}
	m := f.mem.Manifest
	for _, cat := range focusCategories() {
		specs := m.specs(cat)
		if slices.Contains(substantial, cat) && !reaches(specs, "constraints.md") {
			f.res.add(FocusFinding{Code: "MC-ROUTING-004", Severity: SevWarning, Path: "manifest.md", Line: routeLine(m, cat),
				Message: fmt.Sprintf("Routing safety review required: %s does not reach root constraints.md.", cat)})
		}
	}
	for _, p := range declaredPaths(m, f.proto) {
		if pathProblem(p.Path) == "" && !exists(f.mem.FS, cleanName(p.Path)) {
			f.res.add(FocusFinding{Code: "MC-ROUTING-005", Severity: SevWarning, Path: "manifest.md", Line: p.Line,
				Message: "Enabled optional module is missing: " + p.Path})
		}
	}
	for _, cat := range focusCategories() {
		for _, e := range m.specs(cat) {
			if e.Required && !exists(f.mem.FS, cleanName(e.Path)) {
				f.res.add(FocusFinding{Code: "MC-ROUTING-006", Severity: SevError, Path: "manifest.md", Line: e.Line,
					Message: fmt.Sprintf("Required module is missing for %s: %s", cat, e.Path)})
			}
		}
	}
}

// focusCategories are general and the six task categories, in manifest
// template order.
func focusCategories() []string {
	out := []string{"general"}
	for _, c := range canonicalRoutes {
		out = append(out, c.category)
	}
	return out
}

// reaches reports whether a route (Always load included) lists name.
func reaches(specs []RouteEntry, name string) bool {
	for _, e := range specs {
		if cleanName(e.Path) == name {
			return true
		}
	}
	return false
}

func routeLine(m *Manifest, cat string) int {
	if rs := m.Routes[cat]; len(rs) > 0 {
		return rs[0].Line
	}
	return 0
}

// declaredPaths returns the optional modules the index declares, in
// path order: the 0.7+ declarations, or before 0.7 every backticked path
// in the index.
func declaredPaths(m *Manifest, proto version) []PathRef {
	var out []PathRef
	if proto.atLeast(v07) {
		mods, _ := m.modules()
		for _, md := range mods {
			out = append(out, PathRef{Path: md.Path, Line: md.Line})
		}
	} else {
		for p, line := range m.Index {
			out = append(out, PathRef{Path: p, Line: line})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}
