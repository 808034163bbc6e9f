package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/remnant-guard/remnant-guard/internal/suggest"
)

// helpDoc is what `remnant-guard help COMMAND` says besides the synopsis
// and the flags, which come from the command's flag set; it is the help of
// the command's entry in the command table. A command without an about
// still gets its synopsis, summary and flags.
type helpDoc struct {
	// about is one paragraph on what the command does.
	about string
	// examples are command lines, each followed by what it does after "#".
	examples []string
	// exits says what the exit codes mean; "" is the reporting commands'
	// exitsReport.
	exits string
}

const (
	exitsReport = "0 no finding reaches --fail-on; 1 blocking findings; 2 usage, configuration, git or I/O error"
	exitsAction = "0 done; 2 usage error, not in a git repository, or an I/O error"
)

// writeHelp prints a command's help: synopsis, description, flags,
// examples and exit codes.
func writeHelp(w io.Writer, fs *flag.FlagSet, h *helpOut) {
	name := fs.Name()
	c, _ := lookup(name)
	doc := c.help
	synopsis := name
	if h != nil && h.synopsis != "" {
		synopsis = h.synopsis
	}
	fmt.Fprintf(w, "Usage: remnant-guard %s\n\n", synopsis)
	about := doc.about
	if about == "" {
		about = c.summary
	}
	fmt.Fprintf(w, "%s\n", wrap(about, 78, ""))
	if lines := flagLines(fs); len(lines) > 0 {
		fmt.Fprintf(w, "\nFlags:\n%s", strings.Join(lines, ""))
	}
	if len(doc.examples) > 0 {
		fmt.Fprint(w, "\nExamples:\n")
		for _, e := range doc.examples {
			cmdLine, what, _ := strings.Cut(e, "#")
			fmt.Fprintf(w, "  %s\n", strings.TrimSpace(cmdLine))
			if what = strings.TrimSpace(what); what != "" {
				fmt.Fprintf(w, "%s\n", wrap(what, 78, "      "))
			}
		}
	}
	exits := doc.exits
	if exits == "" {
		exits = exitsReport
	}
	fmt.Fprintf(w, "\n%s\n", wrap("Exit codes: "+exits, 78, ""))
}

// flagLines lists a flag set's flags as "--name ARG  usage (default X)",
// the usage wrapped in a column of its own.
func flagLines(fs *flag.FlagSet) []string {
	const col = 25
	var out []string
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		head := "--" + f.Name
		if arg != "" {
			head += " " + strings.ToUpper(arg)
			usage = strings.Replace(usage, arg, strings.ToUpper(arg), 1)
		}
		if !isZeroDefault(f) {
			usage += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		prefix := fmt.Sprintf("  %-22s ", head)
		if len(prefix) > col {
			prefix += "\n" + strings.Repeat(" ", col)
		}
		out = append(out, prefix+strings.TrimLeft(wrap(usage, 78, strings.Repeat(" ", col)), " ")+"\n")
	})
	return out
}

// isZeroDefault tells a flag whose default is not worth printing.
func isZeroDefault(f *flag.Flag) bool {
	switch f.DefValue {
	case "", "false", "0", "[]":
		return true
	}
	return false
}

// wrap breaks s into lines of at most width columns, each starting with
// indent.
func wrap(s string, width int, indent string) string {
	words := strings.Fields(s)
	lead := indent
	var b strings.Builder
	col := 0
	for i, w := range words {
		switch {
		case i == 0:
			b.WriteString(lead)
			col = len(lead)
		case col+1+len(w) > width:
			b.WriteString("\n" + indent)
			col = len(indent)
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	return b.String()
}

// usage is the top-level help.
func usage(w io.Writer) {
	fmt.Fprint(w, "Usage: remnant-guard [--no-color] [--config FILE] <command> [flags] [args]\n\n"+
		"Keeps repo-native agent memory honest: REMNANT.md stays out of commits, memory\n"+
		"files (Remnant, MemoryCustodian's docs/memory) follow their schema, and no\n"+
		"secret is committed.\n\nCommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-11s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, "\nGlobal flags (before or after the command):\n"+
		"  --no-color             never colour the output\n"+
		"  --config FILE          config file (default: .remnant-guard.toml at the repository root)\n"+
		"  -h, --help             show help (remnant-guard COMMAND --help: that command's)\n"+
		"  --version              print the version\n"+
		"\nRun 'remnant-guard help COMMAND' for a command's description, flags and examples.\n"+
		"Exit codes: "+exitsReport+".\n")
}

// helpHelp is what help says of help besides its synopsis and flags.
func helpHelp() helpDoc {
	return helpDoc{
		about: "Shows the commands and global flags, or one command's description, flags, examples " +
			"and exit codes. remnant-guard COMMAND --help prints the same.",
		examples: []string{
			"remnant-guard help  # the commands",
			"remnant-guard help check  # one command",
			"remnant-guard check --help  # the same",
		},
		exits: "0 done; 2 unknown command",
	}
}

func runHelp(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("help", "help [COMMAND]", stderr)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	switch len(pos) {
	case 0:
		usage(stdout)
		return exitClean
	case 1:
	default:
		return usageError(fs, stderr, fmt.Errorf("help takes one COMMAND, not %d", len(pos)))
	}
	if c, ok := lookup(pos[0]); ok {
		return c.run([]string{"--help"}, stdin, stdout, stdout)
	}
	fmt.Fprintf(stderr, "remnant-guard: error: unknown command %q%s\n", pos[0], suggest.DidYouMean(pos[0], commandNames(), "%s"))
	fmt.Fprint(stderr, "remnant-guard: hint: 'remnant-guard help' lists the commands\n")
	return exitError
}
