package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/remnant-guard/remnant-guard/hooks"
	"github.com/remnant-guard/remnant-guard/internal/suggest"
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
	verbose bool
	// sarif is ci's --sarif: a SARIF report written besides the one of
	// --format.
	sarif string
	// acceptHint is how to accept secret findings, said once per run;
	// "" is acceptHint (text.go).
	acceptHint string
}

func (r *reportFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&r.format, "format", "text", "output `format`: "+strings.Join(formats, ", "))
	fs.StringVar(&r.output, "output", "", "write the report to `file`; the text listing still goes to the terminal")
	fs.StringVar(&r.config, "config", "", "config `file` (default: .remnant-guard.toml at the repository root)")
	fs.BoolVar(&r.noColor, "no-color", false, "never colour the output")
	fs.StringVar(&r.failOn, "fail-on", "error", "lowest `severity` that fails: error or warning")
	fs.StringVar(&r.only, "only", "", "run one `family` of rules: memory or secrets")
	fs.BoolVar(&r.verbose, "verbose", false, "list every file not scanned, not only how many")
}

// formats lists the output formats a report can be written in.
var formats = []string{"text", "json", "sarif", "github", "gitlab", "junit"}

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
	return pos, hooks.Options{ConfigPath: r.config, Only: only, Masker: maskerOf(stderr)}, failOn, 0, true
}

// helpOut is a flag set's output: it swallows the flag package's own
// messages (usageError words them) and remembers where help goes and the
// command's synopsis.
type helpOut struct {
	w        io.Writer
	synopsis string
}

func (h *helpOut) Write(p []byte) (int, error) { return len(p), nil }

// newFlagSet makes a flag set for a command; asked for help it prints the
// command's help (see help.go) to w.
func newFlagSet(name, synopsis string, w io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(&helpOut{w: w, synopsis: synopsis})
	fs.Usage = func() {}
	return fs
}

// parseArgs parses flags that may come before or after the positional
// arguments, as people type them; "--" ends the flags. It returns the
// positional arguments, or the parse error (flag.ErrHelp when help was
// asked for), for usageError.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, unknownFlag(fs, args, err)
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

// unknownFlagError is a flag the command does not define, as it was
// typed, with the nearest flag the command does define.
type unknownFlagError struct {
	typed string
	hint  string
}

func (e *unknownFlagError) Error() string { return "unknown flag " + e.typed + e.hint }

// unknownFlag turns the flag package's "flag provided but not defined"
// into an unknownFlagError naming the argument as it was typed (-v stays
// -v) and the command's nearest flag when one is close; other errors pass.
func unknownFlag(fs *flag.FlagSet, args []string, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return err
	}
	typed := "-" + name
	for _, a := range args {
		if a == "--" {
			break
		}
		if n, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "="); strings.HasPrefix(a, "-") && n == name {
			typed, _, _ = strings.Cut(a, "=")
			break
		}
	}
	known := []string{"help"}
	fs.VisitAll(func(f *flag.Flag) { known = append(known, f.Name) })
	return &unknownFlagError{typed: typed, hint: suggest.DidYouMean(name, known, "--%s")}
}

// usageError reports a usage problem and returns the exit code for it:
// help when it was asked for (exit 0), else the problem and where to read
// about the command (exit 2).
func usageError(fs *flag.FlagSet, stderr io.Writer, err error) int {
	h, _ := fs.Output().(*helpOut)
	if err == nil {
		err = errors.New("bad usage")
	}
	if errors.Is(err, flag.ErrHelp) {
		if h != nil {
			stderr = h.w
		}
		writeHelp(stderr, fs, h)
		return exitClean
	}
	fmt.Fprintf(stderr, "remnant-guard: error: %s\n", flagMessage(err))
	fmt.Fprintf(stderr, "remnant-guard: hint: run 'remnant-guard help %s' for its flags and examples\n", fs.Name())
	return exitError
}

// flagMessage words the flag package's errors with --long flag names.
func flagMessage(err error) string {
	s := err.Error()
	if name, ok := strings.CutPrefix(s, "flag provided but not defined: "); ok {
		return "unknown flag " + longName(name)
	}
	if name, ok := strings.CutPrefix(s, "flag needs an argument: "); ok {
		return "flag " + longName(name) + " needs an argument"
	}
	if rest, ok := strings.CutPrefix(s, "invalid "); ok {
		// invalid value "x" for flag -name: reason / invalid boolean value ...
		if i := strings.Index(rest, " for flag -"); i >= 0 {
			return "invalid " + rest[:i] + " for --" + strings.TrimPrefix(rest[i+len(" for flag -"):], "-")
		}
		if i := strings.Index(rest, " for -"); i >= 0 {
			return "invalid " + rest[:i] + " for --" + strings.TrimPrefix(rest[i+len(" for -"):], "-")
		}
	}
	return s
}

// longName writes -name or --name as --name.
func longName(s string) string { return "--" + strings.TrimLeft(s, "-") }
