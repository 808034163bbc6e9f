package custodian

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

// ExitCode is the exit status of upstream's read for this result. Up to
// protocol 0.5: 0 when something loaded and no required file is missing,
// 1 otherwise. From 0.6: 1 when the conflict status is CONFLICT or
// INVALID; when Strict, also for an INCOMPLETE route and for REVIEW
// conflicts of a substantial task; else 0.
func (r *RouteResult) ExitCode() int {
	if r.proto.atLeast(v06) {
		if r.ConflictStatus == "CONFLICT" || r.ConflictStatus == "INVALID" {
			return 1
		}
		if r.strict && (r.Completeness != "COMPLETE" || r.ConflictStatus == "REVIEW" && contains(substantial, r.Category)) {
			return 1
		}
		return 0
	}
	if len(r.Loaded) > 0 && len(r.MissingRequired) == 0 {
		return 0
	}
	return 1
}

// Route resolves req against the manifest of the memory directory fsys,
// as upstream's read does: Always load and the task's route, then the
// profiles, then the areas asked for. It is deterministic and reads
// through fsys only. Errors are *UnknownTaskError, *ManifestError and
// *ModuleNameError. A Protocol section whose version is missing, not a
// number, newer than 0.8 or 0.8 not written canonically refuses every
// task, as upstream's 0.12 read does; from 0.6 so does any problem of the
// metadata form or the routing contract, a memory file that is not UTF-8
// and a symbolic link; up to 0.5 a route problem refuses only the tasks
// it affects. Missing required files do not fail: they are listed in
// MissingRequired.
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
	if p := readRefusal(m); p != nil {
		return nil, &ManifestError{Line: p.line, Rule: p.rule, Message: p.msg}
	}
	if proto.atLeast(v06) {
		// The 0.12 CLI reads every memory file before it routes.
		if name := firstNotUTF8(mem); name != "" {
			return nil, &ManifestError{Rule: RuleNotUTF8, Line: invalidLine(mem.Files[name].Src), Message: name + " is not valid UTF-8 text; the memory cannot be routed"}
		}
		for _, l := range mem.Links {
			if refusedLink(l) {
				return nil, &ManifestError{Rule: RuleSymlink, Message: l + " is a symbolic link; the memory cannot be routed"}
			}
		}
	}
	cat := resolveTask(req.Task, proto)
	if cat == "" {
		return nil, &UnknownTaskError{Task: req.Task, Valid: validTasks()}
	}
	if p := blocking(m.problems(proto), cat); p != nil {
		return nil, &ManifestError{Line: p.line, Rule: p.rule, Message: p.msg}
	}
	res := &RouteResult{Task: req.Task, Category: cat, Loaded: []LoadedFile{}, Protocol: proto.String(), proto: proto, strict: req.Strict,
		MissingRequired: []string{}, SkippedOptional: []string{}, Omitted: []Omission{}, Oversized: []Oversized{}, Files: []Disposition{}}
	if cat != "general" {
		r := m.Routes[cat][0]
		res.Route, res.RouteLine = r.Heading, r.Line
	}
	r := &router{mem: mem, res: res, seen: map[string]bool{}, budgets: newBudgets(Options{Budgets: req.Budgets})}
	if req.Project != nil {
		r.onDisk = func(p string) bool { return exists(req.Project, p) }
	}
	always := map[string]bool{}
	for _, e := range m.Always[0].Entries {
		always[e.Path] = true
	}
	var err error
	for _, e := range m.specs(cat) {
		src, reason := "route", "MC-ROUTE-TASK"
		if always[e.Path] {
			src, reason = "always", "MC-ROUTE-ALWAYS"
		}
		err = errors.Join(err, r.add(e.Path, src, reason, e.Required))
	}
	if proto.atLeast(v06) {
		err = errors.Join(err, r.declared(m, cat, req))
	} else {
		if len(req.Paths) > 0 || len(req.Rules) > 0 {
			return nil, &ModuleNameError{Kind: "path", Name: strings.Join(append(req.Paths, req.Rules...), ", "), Reason: "--path and --rule need protocol 0.6 or later (this manifest is " + proto.String() + ")"}
		}
		err = errors.Join(err, r.modules("profile", "profiles", req.Profiles), r.modules("area", "areas", req.Areas))
	}
	if err != nil {
		return nil, err
	}
	res.Completeness = "COMPLETE"
	if len(res.MissingRequired) > 0 || r.scopeMissing {
		res.Completeness = "INCOMPLETE"
	}
	if proto.atLeast(v07) {
		r.conflicts()
	}
	if req.Budget {
		res.Packed = r.pack()
	}
	return res, nil
}

// firstNotUTF8 returns the first memory file, by name, that is not UTF-8.
func firstNotUTF8(mem *Memory) string {
	var names []string
	for name, f := range mem.Files {
		if !f.UTF8 {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return ""
	}
	return names[0]
}

type router struct {
	mem     *Memory
	res     *RouteResult
	seen    map[string]bool
	budgets budgets
	packed  []packedFile
	// scopeMissing is set when a substantial task has path-routed areas
	// and was given neither paths nor areas.
	scopeMissing bool
	// onDisk tells whether a repository path exists (nil: unknown).
	onDisk func(string) bool
}

// safeName is upstream's rule for --area and --profile names.
var safeName = validate.LazyRegexp(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

func (r *router) modules(kind, dir string, names []string) error {
	for _, n := range names {
		if !safeName().MatchString(n) {
			return &ModuleNameError{Kind: kind, Name: n, Reason: "want letters, digits, '.', '_' or '-', starting with a letter or digit"}
		}
	}
	var err error
	for _, n := range names {
		err = errors.Join(err, r.add(dir+"/"+n+".md", kind, "MC-ROUTE-EXPLICIT-"+strings.ToUpper(kind), false))
	}
	return err
}

// add loads the file named p once; a missing file is recorded as missing
// or skipped.
func (r *router) add(p, source, reason string, required bool) error {
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
			r.dispose(p, "missing-required", "MC-MISSING-REQUIRED")
		} else {
			r.res.SkippedOptional = append(r.res.SkippedOptional, p)
			r.dispose(p, "missing-optional", "MC-MISSING-OPTIONAL")
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
	pk := packFile(f, budget, has, r.res.proto)
	r.res.Loaded = append(r.res.Loaded, LoadedFile{Path: p, Source: source, Required: required,
		Tokens: EstimateTokens(f.Text), Budget: budget, Units: pk.units, Reason: reason})
	r.dispose(p, "loaded", reason)
	if pk.omitted > 0 {
		r.res.Omitted = append(r.res.Omitted, Omission{Path: p, Units: pk.omitted, FirstLine: pk.firstOmitted, Tokens: pk.omittedTokens,
			Reason: fmt.Sprintf("MC-OMIT-BUDGET: complete entries omitted because of the %d-token budget", budget)})
	}
	if pk.oversized {
		r.res.Oversized = append(r.res.Oversized, Oversized{Path: p, Line: pk.oversizedLine, Tokens: pk.oversizedTokens, Budget: budget})
	}
	r.packed = append(r.packed, packedFile{name: p, text: pk.text})
	return nil
}

func (r *router) dispose(p, disposition, reason string) {
	r.res.Files = append(r.res.Files, Disposition{Path: p, Disposition: disposition, Reason: reason})
}

// substantial are the tasks that need their scope (0.6+).
var substantial = []string{"planning", "implementation", "artifact", "history"}

// declared routes the declared modules of a 0.6+ manifest: a rule whose
// tasks name the task, an area whose globs match a path, and modules named
// explicitly whose activation allows it, each as optional.
func (r *router) declared(m *Manifest, cat string, req RouteRequest) error {
	mods, _ := m.modules()
	sort.SliceStable(mods, func(i, j int) bool { return mods[i].Path < mods[j].Path })
	paths, err := r.inputPaths(req.Paths)
	if err != nil {
		return err
	}
	asked := map[string]bool{}
	for kind, names := range map[string][]string{"rules": req.Rules, "profiles": req.Profiles, "areas": req.Areas} {
		for _, n := range names {
			n = strings.TrimSpace(n)
			if !safeName().MatchString(n) {
				return &ModuleNameError{Kind: strings.TrimSuffix(kind, "s"), Name: n, Reason: "want letters, digits, '.', '_' or '-', starting with a letter or digit"}
			}
			if strings.EqualFold(n, "readme") {
				return &ModuleNameError{Kind: strings.TrimSuffix(kind, "s"), Name: n, Reason: "README.md is documentation, not a module"}
			}
			p := kind + "/" + n + ".md"
			if !declaredModule(mods, p) && !asked[p] {
				// Upstream lists a module asked for but not declared as a
				// missing optional file, with a warning, and loads nothing.
				r.res.SkippedOptional = append(r.res.SkippedOptional, p)
				r.dispose(p, "missing-optional", "MC-MISSING-OPTIONAL")
			}
			asked[p] = true
		}
	}
	pathRouted := false
	for _, md := range mods {
		reason, skip := moduleReason(md, cat, paths, asked[md.Path])
		if strings.HasPrefix(md.Activation, "path") && md.Kind == "areas" {
			pathRouted = true
		}
		if skip {
			r.dispose(md.Path, "skipped", reason)
			continue
		}
		if err := r.add(md.Path, strings.TrimSuffix(md.Kind, "s"), reason, false); err != nil {
			return err
		}
	}
	r.scopeMissing = pathRouted && contains(substantial, cat) && len(req.Paths) == 0 && len(req.Areas) == 0
	return nil
}

func declaredModule(mods []Module, p string) bool {
	for _, md := range mods {
		if md.Path == p {
			return true
		}
	}
	return false
}

// moduleReason returns why a declared module loads or is skipped.
func moduleReason(md Module, cat string, paths []string, asked bool) (string, bool) {
	explicit := asked && (md.Activation == "explicit-only" || strings.HasSuffix(md.Activation, "-or-explicit"))
	switch md.Kind {
	case "rules":
		if strings.HasPrefix(md.Activation, "task") && contains(md.Tasks, cat) {
			return "MC-ROUTE-TASK", false
		}
		if explicit {
			return "MC-ROUTE-EXPLICIT-RULE", false
		}
		if strings.HasPrefix(md.Activation, "task") {
			return "MC-SKIP-TASK-MISMATCH", true
		}
	case "areas":
		// A path that matches loads the area whatever its activation
		// (an explicit-only area may keep paths), as upstream routes it.
		for _, p := range paths {
			for _, g := range md.Paths {
				if globMatch(g, p) {
					return "MC-ROUTE-PATH", false
				}
			}
		}
		if explicit {
			return "MC-ROUTE-EXPLICIT-AREA", false
		}
		if strings.HasPrefix(md.Activation, "path") {
			if len(paths) == 0 {
				return "MC-SKIP-SCOPE-MISSING", true
			}
			return "MC-SKIP-NO-PATH-MATCH", true
		}
	case "profiles":
		if explicit {
			return "MC-ROUTE-EXPLICIT-PROFILE", false
		}
	}
	return "MC-SKIP-NOT-REQUESTED", true
}

// inputPaths normalizes --path values as upstream does: `\` becomes `/`,
// one leading `./` is dropped; the rest must be a relative path inside
// the project written plainly: not absolute, no drive letter, no empty,
// `.` or `..` segment (`src//x`, `src/./x` and `src/backend/` are
// refused). They need not exist; the result records whether they do
// (relative to the memory directory's project, when known).
func (r *router) inputPaths(in []string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, p := range in {
		q := strings.TrimPrefix(strings.ReplaceAll(p, `\`, "/"), "./")
		bad := q == "" || strings.HasPrefix(q, "/") || driveLetter(q)
		for _, part := range strings.Split(q, "/") {
			bad = bad || part == "" || part == "." || part == ".."
		}
		if bad {
			return nil, &ModuleNameError{Kind: "path", Name: p, Reason: "must be a relative path inside the project, without empty, `.` or `..` segments"}
		}
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
	}
	sort.Strings(out)
	for _, q := range out {
		r.res.Paths = append(r.res.Paths, InputPath{Path: q, OnDisk: r.onDisk != nil && r.onDisk(q)})
	}
	return out, nil
}
