package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
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

// command is one subcommand: its name, a one-line summary and its body.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"check", "validate memory files in the working tree", runCheck},
		{"pre-commit", "check what is being committed (run by the git hook)", runPreCommit},
		{"pre-push", "check the commits being pushed (run by the git hook)", runPrePush},
		{"ci", "check every commit of a pull request or range", runCI},
		{"scan", "scan the working tree for secrets (adopting on an existing repository)", runScan},
		{"install", "install the git hooks", runInstall},
		{"uninstall", "remove the git hooks, restoring earlier ones", runUninstall},
		{"init", "set a repository up for Remnant", runInit},
		{"migrate", "turn a schema v1 REMNANT.md into v2", runMigrate},
		{"route", "explain what a task loads from MemoryCustodian memory", runRoute},
		{"rules", "list the rules, or explain one", runRules},
		{"version", "print the version", runVersion},
		{"help", "show help for a command", runHelp},
	}
}

// run masks every secret in what the command prints (see redact.go).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out, errs := newRedactWriter(stdout), newRedactWriter(stderr)
	code := dispatch(args, stdin, out, errs)
	out.Flush()
	errs.Flush()
	return code
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitError
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		usage(stdout)
		return exitClean
	case "-version", "--version":
		name = "version"
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "remnant-guard: error: unknown command %q\n", name)
	usage(stderr)
	return exitError
}

func usage(w io.Writer) {
	fmt.Fprint(w, "Usage: remnant-guard <command> [flags] [args]\n\nCommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-11s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, "\nRun 'remnant-guard help <command>' for a command's flags.\n"+
		"Exit codes: 0 clean, 1 blocking findings, 2 usage, config, git or I/O error.\n")
}

func runHelp(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stdout)
		return exitClean
	}
	for _, c := range commands() {
		if c.name == args[0] && c.name != "help" {
			return c.run([]string{"-h"}, stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "remnant-guard: error: unknown command %q\n", args[0])
	return exitError
}
