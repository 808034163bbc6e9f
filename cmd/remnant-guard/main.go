package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/remnant-guard/remnant-guard/hooks/judge"
	"github.com/remnant-guard/remnant-guard/internal/suggest"
)

// Exit codes.
const (
	exitClean    = 0
	exitFindings = 1
	exitError    = 2
)

// memoryLimit is the soft limit the garbage collector keeps the heap under
// (unless GOMEMLIMIT says otherwise): content is read in bounded chunks, and
// this keeps the garbage of one chunk from piling up under the next.
const memoryLimit = 40 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// command is one subcommand's entry in the command table: its name, a
// one-line summary, the global flags it takes, its help and its body.
type command struct {
	name    string
	summary string
	// takesConfig and takesNoColor say whether the command's flag set
	// defines --config and --no-color: dispatch hands it the global ones
	// only then (TestCommandTableFlags holds them to the flag sets).
	takesConfig, takesNoColor bool
	// help is its help text besides the synopsis and the flags, which come
	// from its flag set (help.go); it sits in the command's file.
	help helpDoc
	run  func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{name: "check", summary: "validate memory files in the working tree",
			takesConfig: true, takesNoColor: true, help: checkHelp(), run: runCheck},
		{name: "pre-commit", summary: "check what is being committed (run by the git hook)",
			takesConfig: true, takesNoColor: true, help: preCommitHelp(), run: runPreCommit},
		{name: "pre-push", summary: "check the commits being pushed (run by the git hook)",
			takesConfig: true, takesNoColor: true, help: prePushHelp(), run: runPrePush},
		{name: "ci", summary: "check every commit of a pull request or range",
			takesConfig: true, takesNoColor: true, help: ciHelp(), run: runCI},
		{name: "scan", summary: "scan the working tree for secrets (adopting on an existing repository)",
			takesConfig: true, takesNoColor: true, help: scanHelp(), run: runScan},
		{name: "allow", summary: "accept one secret finding that is not a secret",
			help: allowHelp(), run: runAllow},
		{name: "install", summary: "install the git hooks",
			help: installHelp(), run: runInstall},
		{name: "uninstall", summary: "remove the git hooks, restoring earlier ones",
			help: uninstallHelp(), run: runUninstall},
		{name: "init", summary: "set a repository up for Remnant",
			help: initHelp(), run: runInit},
		{name: "migrate", summary: "turn a schema v1 REMNANT.md into v2",
			help: migrateHelp(), run: runMigrate},
		{name: "agent-hook", summary: "answer a coding agent's hook: Claude Code, Gemini CLI, Codex CLI",
			help: agentHookHelp(), run: runAgentHook},
		{name: "route", summary: "explain what a task loads from MemoryCustodian memory",
			takesConfig: true, help: routeHelp(), run: runRoute},
		{name: "rules", summary: "list the rules, or explain one",
			help: rulesHelp(), run: runRules},
		{name: "version", summary: "print the version",
			help: versionHelp(), run: runVersion},
		{name: "help", summary: "show help for a command",
			help: helpHelp(), run: runHelp},
	}
}

// commandNames lists the commands' names, for suggestions.
func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

func lookup(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// run masks every secret in what the command prints (see redact.go and
// hooks/judge).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	m := judge.NewMasker()
	out, errs := newRedactWriter(stdout, m), newRedactWriter(stderr, m)
	code := dispatch(args, stdin, out, errs)
	out.Flush()
	errs.Flush()
	return code
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	global, rest, err := splitGlobal(args)
	if err != nil {
		fmt.Fprintf(stderr, "remnant-guard: error: %v\n", err)
		fmt.Fprint(stderr, "remnant-guard: hint: run 'remnant-guard help' for the commands and global flags\n")
		return exitError
	}
	if len(rest) == 0 {
		usage(stderr)
		return exitError
	}
	name := rest[0]
	switch name {
	case "-h", "-help", "--help": // --help COMMAND, as git and gitleaks take it
		return runHelp(rest[1:], stdin, stdout, stderr)
	case "-version", "--version":
		name = "version"
	}
	c, ok := lookup(name)
	if !ok {
		fmt.Fprintf(stderr, "remnant-guard: error: unknown command %q%s\n", name, suggest.DidYouMean(name, commandNames(), "%s"))
		fmt.Fprint(stderr, "remnant-guard: hint: run 'remnant-guard help' for the commands\n")
		return exitError
	}
	if asksHelp(rest[1:]) {
		return c.run([]string{"--help"}, stdin, stdout, stdout)
	}
	global, err = forCommand(c, global)
	if err != nil {
		fmt.Fprintf(stderr, "remnant-guard: error: %v\n", err)
		fmt.Fprintf(stderr, "remnant-guard: hint: run 'remnant-guard help %s' for its flags\n", c.name)
		return exitError
	}
	return c.run(append(global, dropNoColor(c, rest[1:])...), stdin, stdout, stderr)
}

// dropNoColor takes the global --no-color out of the arguments of a
// command that colours nothing, so that it may come after the command too.
func dropNoColor(c command, args []string) []string {
	var out []string
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "="); strings.HasPrefix(a, "-") && name == "no-color" && !c.takesNoColor {
			continue
		}
		out = append(out, a)
	}
	return out
}

// forCommand keeps the global flags the command takes, as the command
// table says: --no-color is dropped where nothing is coloured, --config
// where no config is read is an error.
func forCommand(c command, global []string) ([]string, error) {
	if len(global) == 0 {
		return nil, nil
	}
	var out []string
	for i := 0; i < len(global); i++ {
		a := global[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case name == "no-color" && !c.takesNoColor:
		case name == "config" && !c.takesConfig:
			return nil, fmt.Errorf("%s takes no --config: it reads no configuration, or only the repository's own", c.name)
		case name == "config" && !hasValue:
			out = append(out, a, global[i+1])
			i++
		default:
			out = append(out, a)
		}
	}
	return out, nil
}

// globalFlags lists the flags that may come before the command, as usage
// words them.
const globalFlags = "--no-color, --config FILE, -h/--help, --version"

// splitGlobal takes the global flags (--no-color, --config FILE) off the
// front of the arguments, to hand them to the command.
func splitGlobal(args []string) (global, rest []string, err error) {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		a := args[0]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case a == "-h" || a == "-help" || a == "--help" || a == "-version" || a == "--version":
			return global, args, nil
		case a == "--":
			return global, args[1:], nil
		case name == "no-color":
			global, args = append(global, a), args[1:]
		case name == "config" && hasValue:
			global, args = append(global, a), args[1:]
		case name == "config":
			if len(args) < 2 {
				return nil, nil, fmt.Errorf("flag --config needs an argument")
			}
			global, args = append(global, a, args[1]), args[2:]
		default:
			typed, _, _ := strings.Cut(a, "=")
			return nil, nil, fmt.Errorf("unknown global flag %s%s; the global flags are %s", typed,
				suggest.DidYouMean(name, []string{"no-color", "config", "help", "version"}, "--%s"), globalFlags)
		}
	}
	return global, args, nil
}

// asksHelp tells whether a command's arguments ask for its help.
func asksHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}
