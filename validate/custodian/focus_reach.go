package custodian

import (
	"fmt"
	"strings"
)

// rootStorage are the root files that are canonical storage whether or
// not a route names them.
var rootStorage = []string{"brief.md", "decisions.md", "constraints.md", "do-not-use.md", "inbox.md"}

// reachability reports active entries no normal route can load: an entry
// outside canonical, manifest-authorized storage, or in a canonical file
// that neither Always load nor a task route reaches (MC-REACH-001, an
// ERROR for a project constraint, rejection or tombstone, else a
// WARNING), and an area constraint whose module has neither a path nor an
// explicit activation (MC-REACH-002). archive/ and local/ overlays are
// not routed and not judged; protocols before 0.6 have no entries.
func (f *focus) reachability() {
	if f.proto.before(v06) {
		return
	}
	m := f.mem.Manifest
	routed := map[string]bool{}
	for _, cat := range focusCategories() {
		for _, e := range m.specs(cat) {
			routed[cleanName(e.Path)] = true
		}
	}
	mods := map[string]Module{}
	for _, md := range declaredModules(m, f.proto) {
		mods[cleanName(md.Path)] = md
	}
	for _, name := range f.entryFiles() {
		md, declared := mods[name]
		authorized := declared || (!strings.Contains(name, "/") && (contains(rootStorage, name) || routed[name]))
		for _, e := range f.mem.formalOf(name, f.schema()).entries {
			if e.One("Status") != "active" {
				continue
			}
			switch {
			case !authorized:
				f.reach("MC-REACH-001", SevError, e, "%s in %s is outside canonical manifest-authorized storage.", e.ID, name)
			case !declared && !routed[name]:
				sev := SevWarning
				if hardOwner(e) {
					sev = SevError
				}
				f.reach("MC-REACH-001", sev, e, "%s in %s is unreachable from normal routes.", e.ID, name)
			case declared && md.Kind == "areas" && areaConstraint(e) && !activatable(md):
				f.reach("MC-REACH-002", SevError, e, "Area constraint %s has no valid path or explicit activation.", e.ID)
			}
		}
	}
}

func (f *focus) reach(code, sev string, e *FormalEntry, format string, args ...any) {
	f.res.add(FocusFinding{Code: code, Severity: sev, Path: e.File, Line: e.Line, EntryID: e.ID, Message: fmt.Sprintf(format, args...)})
}

func (f *focus) schema() int { return entrySchema(f.mem.Manifest, f.proto) }

// entryFiles are the live files that may hold entries, in name order:
// not the manifest, the registries, README.md files, archive/ or local/.
func (f *focus) entryFiles() []string {
	var out []string
	for _, name := range f.mem.Names(false) {
		file := f.mem.Files[name]
		if !file.UTF8 || name == "manifest.md" || name == "subjects.md" || name == "reconciliations.md" ||
			strings.HasSuffix(name, "README.md") || isLocal(name) {
			continue
		}
		out = append(out, name)
	}
	return out
}

// hardOwner reports a project constraint, rejection or tombstone: memory
// that must never be out of reach.
func hardOwner(e *FormalEntry) bool {
	return e.One("Scope") == "project" && contains([]string{"CON", "DNU", "TOMB"}, e.Type)
}

// areaConstraint reports an area-scoped constraint: MC-CON, or MC-AREA
// with Entry-Type constraint.
func areaConstraint(e *FormalEntry) bool {
	if !strings.HasPrefix(e.One("Scope"), "area:") {
		return false
	}
	return e.Type == "CON" || (e.Type == "AREA" && e.One("Entry-Type") == "constraint")
}

// activatable reports a module that a path or an explicit request can
// load. Before 0.7 every declared module is explicit-only.
func activatable(md Module) bool {
	a := md.Activation
	if a == "" || a == "explicit-only" || strings.HasSuffix(a, "-or-explicit") {
		return true
	}
	if !strings.HasPrefix(a, "path") {
		return false
	}
	for _, g := range md.Paths {
		if globProblem(g) == "" {
			return true
		}
	}
	return false
}

// declaredModules returns the declared modules: the 0.7+ declarations,
// or before 0.7 each backticked module path of the index (explicit-only).
func declaredModules(m *Manifest, proto version) []Module {
	if proto.atLeast(v07) {
		mods, _ := m.modules()
		return mods
	}
	var out []Module
	for _, p := range declaredPaths(m, proto) {
		if kind := moduleKind(cleanName(p.Path)); kind != "" {
			out = append(out, Module{Path: p.Path, Kind: kind, Line: p.Line, Activation: "explicit-only"})
		}
	}
	return out
}
