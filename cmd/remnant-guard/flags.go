package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/validate"
)

// reportFlags are the flags of every command that reports findings.
type reportFlags struct {
	format  string
	config  string
	noColor bool
	failOn  string
	only    string
	output  string
}

func (r *reportFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&r.format, "format", "text", "output `format`: text, json, sarif, github or gitlab")
	fs.StringVar(&r.output, "output", "", "write the report to `file`; the text listing still goes to the terminal")
	fs.StringVar(&r.config, "config", "", "config `file` (default: .remnant-guard.toml at the repository root)")
	fs.BoolVar(&r.noColor, "no-color", false, "never colour the output")
	fs.StringVar(&r.failOn, "fail-on", "error", "lowest `severity` that fails: error or warning")
	fs.StringVar(&r.only, "only", "", "run one `family` of rules: memory or secrets")
}

// formats lists the output formats a report can be written in.
var formats = []string{"text", "json", "sarif", "github", "gitlab"}

func (r *reportFlags) validate() (validate.Severity, validate.Family, error) {
	ok := false
	for _, f := range formats {
		ok = ok || r.format == f
	}
	if !ok {
		return 0, "", fmt.Errorf("unknown --format %q (want %s)", r.format, strings.Join(formats, ", "))
	}
	var failOn validate.Severity
	switch r.failOn {
	case "error":
		failOn = validate.Error
	case "warning":
		failOn = validate.Warning
	default:
		return 0, "", fmt.Errorf("unknown --fail-on %q (want error or warning)", r.failOn)
	}
	switch validate.Family(r.only) {
	case "", validate.Memory, validate.Secrets:
	default:
		return 0, "", fmt.Errorf("unknown --only %q (want memory or secrets)", r.only)
	}
	return failOn, validate.Family(r.only), nil
}

// parse parses a reporting command's arguments (the caller has registered
// its own flags on fs after rf.register). It returns the positional
// arguments and the options for hooks; when ok is false the usage problem
// has been reported and code is the exit code.
func (r *reportFlags) parse(fs *flag.FlagSet, args []string, stderr io.Writer) (pos []string, opt hooks.Options, failOn validate.Severity, code int, ok bool) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, opt, 0, usageError(fs, stderr, err), false
	}
	failOn, only, err := r.validate()
	if err != nil {
		return nil, opt, 0, usageError(fs, stderr, err), false
	}
	return pos, hooks.Options{ConfigPath: r.config, Only: only}, failOn, 0, true
}

// newFlagSet makes a flag set whose usage text starts with the command's
// synopsis.
func newFlagSet(name, synopsis string, w io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(w)
	fs.Usage = func() {
		fmt.Fprintf(w, "Usage: remnant-guard %s\n\nFlags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseArgs parses flags that may come before or after the positional
// arguments, as people type them; "--" ends the flags. It returns the
// positional arguments, or an error that has already been printed with the
// usage (flag.ErrHelp when help was asked for).
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// usageError reports a usage problem and returns the exit code for it.
func usageError(fs *flag.FlagSet, stderr io.Writer, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitClean
	}
	if err != nil && !isFlagPackageError(err) {
		fmt.Fprintf(stderr, "remnant-guard: error: %v\n", err)
		fs.Usage()
	}
	return exitError
}

// isFlagPackageError tells errors the flag package printed itself.
func isFlagPackageError(err error) bool {
	s := err.Error()
	return strings.HasPrefix(s, "flag provided but not defined") || strings.HasPrefix(s, "invalid ") || strings.HasPrefix(s, "bad flag syntax")
}
