package custodian

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
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

// ExitCode is the exit status of upstream's read for this result: 0 when
// something loaded and no required file is missing, 1 otherwise.
func (r *RouteResult) ExitCode() int {
	if len(r.Loaded) > 0 && len(r.MissingRequired) == 0 {
		return 0
	}
	return 1
}

// Route resolves req against the manifest of the memory directory fsys,
// as upstream's read does: Always load and the task's route, then the
// profiles, then the areas asked for. It is deterministic and reads
// through fsys only. Errors are *UnknownTaskError, *ManifestError and
// *ModuleNameError; a manifest problem refuses only the tasks it affects,
// and the protocol version never refuses one. Missing required files do
// not fail: they are listed in MissingRequired.
func Route(fsys fs.FS, req RouteRequest) (*RouteResult, error) {
	mem := Load(fsys)
	m := mem.Manifest
	if m == nil {
		return nil, &ManifestError{Rule: RuleManifestMissing, Message: ErrNoManifest.Error(), Err: ErrNoManifest}
	}
	if !m.UTF8 {
		return nil, &ManifestError{Rule: RuleNotUTF8, Line: invalidLine(m.File.Src), Message: "manifest.md is not valid UTF-8 text"}
	}
	proto, _ := protocolOf(m)
	cat := resolveTask(req.Task, proto)
	if cat == "" {
		return nil, &UnknownTaskError{Task: req.Task, Valid: validTasks()}
	}
	if p := blocking(m.problems(proto), cat); p != nil {
		return nil, &ManifestError{Line: p.line, Rule: p.rule, Message: p.msg}
	}
	res := &RouteResult{Task: req.Task, Category: cat, Loaded: []LoadedFile{},
		MissingRequired: []string{}, SkippedOptional: []string{}, Omitted: []Omission{}, Oversized: []Oversized{}}
	if cat != "general" {
		r := m.Routes[cat][0]
		res.Route, res.RouteLine = r.Heading, r.Line
	}
	r := &router{mem: mem, res: res, seen: map[string]bool{}, budgets: newBudgets(Options{Budgets: req.Budgets})}
	always := map[string]bool{}
	for _, e := range m.Always[0].Entries {
		always[e.Path] = true
	}
	var err error
	for _, e := range m.specs(cat) {
		src := "route"
		if always[e.Path] {
			src = "always"
		}
		err = errors.Join(err, r.add(e.Path, src, e.Required))
	}
	err = errors.Join(err, r.modules("profile", "profiles", req.Profiles), r.modules("area", "areas", req.Areas))
	if err != nil {
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
	packed  []packedFile
}

// safeName is upstream's rule for --area and --profile names.
var safeName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

func (r *router) modules(kind, dir string, names []string) error {
	for _, n := range names {
		if !safeName.MatchString(n) {
			return &ModuleNameError{Kind: kind, Name: n, Reason: "want letters, digits, '.', '_' or '-', starting with a letter or digit"}
		}
	}
	var err error
	for _, n := range names {
		err = errors.Join(err, r.add(dir+"/"+n+".md", kind, false))
	}
	return err
}

// add loads the file named p once; a missing file is recorded as missing
// or skipped.
func (r *router) add(p, source string, required bool) error {
	if r.seen[p] {
		return nil
	}
	r.seen[p] = true
	name := cleanName(p)
	if escapes(r.mem.FS, name) {
		return &ManifestError{Rule: RuleUnsafeRoutePath, Message: fmt.Sprintf("memory path %q leaves the memory directory through a symbolic link", p)}
	}
	if !exists(r.mem.FS, name) {
		if required {
			r.res.MissingRequired = append(r.res.MissingRequired, p)
		} else {
			r.res.SkippedOptional = append(r.res.SkippedOptional, p)
		}
		return nil
	}
	f, ok := r.mem.Files[name]
	switch {
	case !ok:
		return &ManifestError{Rule: RuleUnsafeRoutePath, Message: fmt.Sprintf("memory path %q is not a readable file", p)}
	case !f.UTF8:
		return &ManifestError{Rule: RuleNotUTF8, Message: fmt.Sprintf("%s is not valid UTF-8 text", p)}
	}
	budget, has := r.budgets.of(p)
	pk := packFile(f, budget, has)
	r.res.Loaded = append(r.res.Loaded, LoadedFile{Path: p, Source: source, Required: required,
		Tokens: EstimateTokens(f.Text), Budget: budget, Units: pk.units})
	if pk.omitted > 0 {
		r.res.Omitted = append(r.res.Omitted, Omission{Path: p, Units: pk.omitted, FirstLine: pk.firstOmitted, Tokens: pk.omittedTokens,
			Reason: fmt.Sprintf("complete entries omitted because of the %d-token budget", budget)})
	}
	if pk.oversized {
		r.res.Oversized = append(r.res.Oversized, Oversized{Path: p, Line: pk.oversizedLine, Tokens: pk.oversizedTokens, Budget: budget})
	}
	r.packed = append(r.packed, packedFile{name: p, text: pk.text})
	return nil
}
