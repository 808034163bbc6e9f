package custodian

import (
	"io/fs"
	"path"
	"sort"
	"strings"
)

// RouteRequest asks which memory a task loads.
type RouteRequest struct {
	// Task is a category or alias ("implementation", "debugging", ...).
	Task string
	// Areas and Profiles name optional modules: areas/NAME.md and
	// profiles/NAME.md, loaded when present.
	Areas, Profiles []string
	// Budget packs the loaded files into RouteResult.Packed under their
	// token budgets.
	Budget bool
	// Budgets overrides token budgets as Options.Budgets does.
	Budgets map[string]int
}

// RouteResult explains a route: what was loaded, what was not, and why.
type RouteResult struct {
	Task            string       `json:"task"`
	Category        string       `json:"category"`
	Route           string       `json:"route"`
	RouteLine       int          `json:"route_line"`
	Loaded          []LoadedFile `json:"loaded"`
	MissingRequired []string     `json:"missing_required"`
	SkippedOptional []string     `json:"skipped_optional"`
	Omitted         []Omission   `json:"omitted"`
	Oversized       []Oversized  `json:"oversized"`
	Packed          string       `json:"packed,omitempty"`
}

// LoadedFile is one file the route loads, in load order.
type LoadedFile struct {
	Path string `json:"path"`
	// Source is "always", "route", "area" or "profile".
	Source   string `json:"source"`
	Required bool   `json:"required"`
	Tokens   int    `json:"tokens"`
	Budget   int    `json:"budget,omitempty"`
	Units    int    `json:"units"`
}

// Omission is the tail of a file that packing left out.
type Omission struct {
	Path      string `json:"path"`
	Units     int    `json:"units"`
	FirstLine int    `json:"first_line"`
	Tokens    int    `json:"tokens"`
	Reason    string `json:"reason"`
}

// Oversized is a first unit kept whole although it exceeds its budget.
type Oversized struct {
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Tokens int    `json:"tokens"`
	Budget int    `json:"budget"`
}

// Route resolves req against the manifest of the memory directory fsys.
// It is deterministic and reads through fsys only. Errors are
// *UnknownTaskError, *ManifestError and *ModuleNameError. Missing required
// files do not fail: they are listed in MissingRequired.
func Route(fsys fs.FS, req RouteRequest) (*RouteResult, error) {
	cat := ResolveTask(req.Task)
	if cat == "" {
		return nil, &UnknownTaskError{Task: req.Task, Valid: validTasks()}
	}
	mem := Load(fsys)
	if err := routable(mem); err != nil {
		return nil, err
	}
	res := &RouteResult{Task: req.Task, Category: cat, Loaded: []LoadedFile{},
		MissingRequired: []string{}, SkippedOptional: []string{}, Omitted: []Omission{}, Oversized: []Oversized{}}
	r := &router{mem: mem, res: res, seen: map[string]bool{}, budgets: newBudgets(Options{Budgets: req.Budgets}, mem.Manifest)}
	r.routeFiles(cat)
	if err := r.modules("area", "areas", req.Areas); err != nil {
		return nil, err
	}
	if err := r.modules("profile", "profiles", req.Profiles); err != nil {
		return nil, err
	}
	if req.Budget {
		res.Packed = r.pack()
	}
	return res, nil
}

type router struct {
	mem     *Memory
	res     *RouteResult
	seen    map[string]bool
	budgets budgets
}

func (r *router) routeFiles(cat string) {
	m := r.mem.Manifest
	for _, e := range m.Always[0].Entries {
		r.add(path.Clean(e.Path), "always", e.Required)
	}
	route := m.Route(cat)
	if route == nil {
		return
	}
	r.res.Route, r.res.RouteLine = route.Heading, route.Line
	for _, e := range route.Entries {
		r.add(path.Clean(e.Path), "route", e.Required)
	}
}

func (r *router) modules(kind, dir string, names []string) error {
	for _, n := range names {
		if why := moduleNameProblem(n); why != "" {
			return &ModuleNameError{Kind: kind, Name: n, Reason: why}
		}
		p := dir + "/" + n + ".md"
		if why := unsafePath(r.mem.FS, p); why != "" {
			return &ModuleNameError{Kind: kind, Name: n, Reason: why}
		}
		r.add(p, kind, false)
	}
	return nil
}

func moduleNameProblem(n string) string {
	switch {
	case n == "":
		return "empty name"
	case strings.ContainsAny(n, `/\:`):
		return "name contains a path separator"
	case strings.HasPrefix(n, "."):
		return "name starts with a dot"
	}
	return ""
}

// add loads p once; a missing file is recorded as missing or skipped.
func (r *router) add(p, source string, required bool) {
	if r.seen[p] {
		return
	}
	r.seen[p] = true
	f, ok := r.mem.Files[p]
	switch {
	case !ok && required:
		r.res.MissingRequired = append(r.res.MissingRequired, p)
		return
	case !ok:
		r.res.SkippedOptional = append(r.res.SkippedOptional, p)
		return
	}
	budget, _ := r.budgets.of(p)
	r.res.Loaded = append(r.res.Loaded, LoadedFile{Path: p, Source: source, Required: required,
		Tokens: EstimateTokens(string(f.Src)), Budget: budget, Units: len(f.Units)})
}

func validTasks() []string {
	out := make([]string, 0, len(categoryWords))
	for w, c := range categoryWords {
		if w == c || !(strings.HasPrefix(w, c) || strings.HasPrefix(c, w)) {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}

// routable returns the first structural manifest problem, by line.
func routable(mem *Memory) error {
	m := mem.Manifest
	if m == nil {
		return &ManifestError{Rule: RuleManifestMissing, Message: ErrNoManifest.Error(), Err: ErrNoManifest}
	}
	c := &checker{mem: mem}
	c.manifest()
	var first *ManifestError
	for _, f := range c.out {
		switch f.RuleID {
		case RuleMissingRouteTarget, RuleInboxRoute, RuleUnindexedModule, RuleMissingIndexedModule:
			continue
		}
		if first == nil || f.Line < first.Line {
			first = &ManifestError{Line: f.Line, Rule: f.RuleID, Message: f.Message}
		}
	}
	if first != nil {
		return first
	}
	return nil
}
