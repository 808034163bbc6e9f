package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
)

// routeHelp is what help says of route besides its synopsis and flags.
func routeHelp() helpDoc {
	return helpDoc{
		about: "Explains what a task loads from MemoryCustodian memory: the route manifest.md gives " +
			"the task's category, the files loaded (required or optional), their token counts and " +
			"budgets, and what was left out.",
		examples: []string{
			"remnant-guard route --task debugging  # what a debugging session loads",
			"remnant-guard route --task planning --area api --budget  # the packed context within budgets",
			"remnant-guard route --task general --names-only  # only the file names",
		},
		exits: "0 done; 1 a required memory file is missing; 2 usage, configuration or I/O error",
	}
}

func runRoute(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var areas, profiles, paths, rules hookList
	fs := newFlagSet("route", "route --task TASK [--path FILE]... [--area NAME]... [--profile NAME]... [--rule NAME]... [--strict] [--budget] [--names-only] [--format text|json]", stderr)
	task := fs.String("task", "", "the task `category` or alias (planning, debugging, ...)")
	fs.Var(&areas, "area", "load areas/`NAME`.md when present (repeatable)")
	fs.Var(&profiles, "profile", "load profiles/`NAME`.md when present (repeatable)")
	fs.Var(&paths, "path", "a repository `file` the task touches: areas whose paths globs match it load (protocol 0.6+, repeatable)")
	fs.Var(&rules, "rule", "load rules/`NAME`.md when its activation allows (protocol 0.6+, repeatable)")
	strict := fs.Bool("strict", false, "exit 1 unless the route is COMPLETE (protocol 0.6+)")
	budget := fs.Bool("budget", false, "print the packed context, within the token budgets")
	namesOnly := fs.Bool("names-only", false, "print only the names of the files loaded")
	format := fs.String("format", "text", "output `format`: text or json")
	config := fs.String("config", "", "config `file` (default: .remnant-guard.toml at the repository root)")
	dir := fs.String("dir", "", "the memory `directory` (default: custodian.dir of the config)")
	if code, ok := noPositional(fs, args, stderr); !ok {
		return code
	}
	if *task == "" {
		return usageError(fs, stderr, errors.New("--task is required"))
	}
	if *format != "text" && *format != "json" {
		return usageError(fs, stderr, fmt.Errorf("unknown --format %q (want text or json)", *format))
	}
	res, err := hooks.Route(hooks.Options{ConfigPath: *config, Masker: maskerOf(stdout)}, *dir,
		custodian.RouteRequest{Task: *task, Areas: areas, Profiles: profiles, Paths: paths, Rules: rules, Strict: *strict, Budget: *budget})
	if err != nil {
		if invalidRoute(err) {
			writeInvalid(stdout, *format, err)
		}
		return fail(stderr, err)
	}
	switch {
	case *format == "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return fail(stderr, err)
		}
	case *namesOnly:
		for _, f := range res.Loaded {
			fmt.Fprintln(stdout, f.Path)
		}
	case *budget:
		io.WriteString(stdout, res.Packed)
	default:
		writeRoute(stdout, res)
	}
	if len(res.MissingRequired) > 0 {
		fmt.Fprintf(stderr, "remnant-guard: error: required memory missing: %s\n", strings.Join(res.MissingRequired, ", "))
	} else if len(res.Loaded) == 0 && res.ExitCode() != 0 {
		fmt.Fprintln(stderr, "remnant-guard: error: the route loads no memory file")
	}
	if res.ConflictStatus != "" && res.ConflictStatus != "CLEAR" && res.ExitCode() != 0 {
		fmt.Fprintf(stderr, "remnant-guard: error: conflict status %s: context pack not approved\n", res.ConflictStatus)
	}
	if res.ExitCode() != 0 {
		return exitFindings
	}
	return exitClean
}

// invalidRoute reports an error that makes the route INVALID (rather
// than a usage or I/O error).
func invalidRoute(err error) bool {
	var me *custodian.ManifestError
	var ne *custodian.ModuleNameError
	var ue *custodian.UnknownTaskError
	return errors.As(err, &me) || errors.As(err, &ne) || errors.As(err, &ue)
}

// writeInvalid reports an INVALID route on standard output.
func writeInvalid(w io.Writer, format string, err error) {
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.Encode(map[string]string{"completeness": "INVALID", "reason": "MC-ROUTE-INVALID", "error": err.Error()})
		return
	}
	fmt.Fprintf(w, "completeness: INVALID (MC-ROUTE-INVALID)\n")
}

// writeRoute explains a route in plain text.
func writeRoute(w io.Writer, r *custodian.RouteResult) {
	fmt.Fprintf(w, "task %q: category %s", r.Task, r.Category)
	if r.Route != "" {
		fmt.Fprintf(w, " (route %q, manifest.md:%d)", r.Route, r.RouteLine)
	}
	fmt.Fprintf(w, "; protocol %s\ncompleteness: %s\n", r.Protocol, r.Completeness)
	if r.ConflictStatus != "" {
		fmt.Fprintf(w, "conflict status: %s\n", r.ConflictStatus)
		for _, c := range r.Conflicts {
			fmt.Fprintf(w, "conflict: %s %s %s:%d: %s\n", c.Code, c.Status, c.Path, c.Line, c.Message)
		}
	}
	for _, p := range r.Paths {
		state := "on disk"
		if !p.OnDisk {
			state = "missing-on-disk"
		}
		fmt.Fprintf(w, "path: %s (%s)\n", p.Path, state)
	}
	fmt.Fprintln(w, "loaded:")
	for _, f := range r.Loaded {
		req := "optional"
		if f.Required {
			req = "required"
		}
		budget := ""
		if f.Budget > 0 {
			budget = fmt.Sprintf(" of %d", f.Budget)
		}
		fmt.Fprintf(w, "  %-28s %-8s %-8s %d tokens%s, %d units\n", f.Path, f.Source, req, f.Tokens, budget, f.Units)
	}
	list := func(title string, items []string) {
		if len(items) > 0 {
			fmt.Fprintf(w, "%s:\n", title)
			for _, it := range items {
				fmt.Fprintf(w, "  %s\n", it)
			}
		}
	}
	list("missing required", r.MissingRequired)
	list("skipped optional", r.SkippedOptional)
	for _, o := range r.Omitted {
		fmt.Fprintf(w, "omitted: %s: %d units from line %d (%d tokens): %s\n", o.Path, o.Units, o.FirstLine, o.Tokens, o.Reason)
	}
	for _, o := range r.Oversized {
		fmt.Fprintf(w, "oversized: %s:%d: first entry kept whole (%d tokens, budget %d)\n", o.Path, o.Line, o.Tokens, o.Budget)
	}
	if len(r.Files) > 0 {
		fmt.Fprintln(w, "reasons:")
		for _, d := range r.Files {
			fmt.Fprintf(w, "  %-28s %-16s %s\n", d.Path, d.Disposition, d.Reason)
		}
	}
}
