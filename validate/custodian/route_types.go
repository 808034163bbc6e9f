package custodian

import "io/fs"

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
	// Paths are the repository files the task touches (protocol 0.6+):
	// areas whose `paths` globs match one load. Rules name rules/NAME.md
	// explicitly (0.6+).
	Paths, Rules []string
	// Project is the repository's working tree, to tell whether Paths
	// exist; nil leaves that unknown.
	Project fs.FS
	// Strict makes an INCOMPLETE route fail (ExitCode 1), as upstream's
	// --strict-routing does, and (0.7+) a route with REVIEW conflicts for
	// a substantial task.
	Strict bool
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
	// Protocol is the protocol the route follows.
	Protocol string `json:"protocol"`
	// Completeness is COMPLETE, or INCOMPLETE when a required file is
	// missing or a substantial task with path-routed areas was given
	// neither paths nor areas (0.6+). An invalid route is an error.
	Completeness string `json:"completeness"`
	// Files are every file the route considered, with what became of it
	// and why, in upstream's reason codes.
	Files []Disposition `json:"files"`
	// Paths are the input paths as matched, and whether they exist.
	Paths []InputPath `json:"paths,omitempty"`
	// ConflictStatus (0.7+) is CLEAR, REVIEW, CONFLICT or INVALID: the
	// worst of Conflicts.
	ConflictStatus string `json:"conflict_status,omitempty"`
	// Conflicts are the conflict findings that bear on this route: those
	// of check in the loaded files, subjects.md and reconciliations.md,
	// and MC-CONFLICT-009 for two matched areas owning one Subject+Facet.
	Conflicts []RouteConflict `json:"conflicts,omitempty"`
	strict    bool
	proto     version
}

// Disposition is what the route did with one file: loaded, skipped,
// missing-required or missing-optional, and the reason code
// (MC-ROUTE-ALWAYS, MC-ROUTE-TASK, MC-ROUTE-PATH, MC-ROUTE-EXPLICIT-RULE,
// MC-ROUTE-EXPLICIT-PROFILE, MC-ROUTE-EXPLICIT-AREA, MC-SKIP-TASK-MISMATCH,
// MC-SKIP-SCOPE-MISSING, MC-SKIP-NO-PATH-MATCH, MC-SKIP-NOT-REQUESTED,
// MC-MISSING-REQUIRED, MC-MISSING-OPTIONAL, MC-OMIT-BUDGET).
type Disposition struct {
	Path        string `json:"path"`
	Disposition string `json:"disposition"`
	Reason      string `json:"reason"`
}

// InputPath is one --path as normalized.
type InputPath struct {
	Path   string `json:"path"`
	OnDisk bool   `json:"on_disk"`
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
	Reason   string `json:"reason"`
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
