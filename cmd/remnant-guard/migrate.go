package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/remnant-guard/remnant-guard/hooks"
)

// migrateHelp is what help says of migrate besides its synopsis and flags.
func migrateHelp() helpDoc {
	return helpDoc{
		about: "Turns a schema v1 REMNANT.md into schema v2 the way the Remnant protocol says, keeping " +
			"every line. Without --write it only shows the change as a unified diff.",
		examples: []string{
			"remnant-guard migrate  # show what would change in REMNANT.md at the repository root",
			"remnant-guard migrate --write  # and write it",
			"remnant-guard migrate --write path/to/REMNANT.md",
		},
		exits: "0 done or nothing to do; 2 usage error, missing file, or not a Remnant file",
	}
}

func runMigrate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("migrate", "migrate [--write] [PATH]", stderr)
	write := fs.Bool("write", false, "write the migrated file (without it, only show the changes)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	if len(pos) > 1 {
		return usageError(fs, stderr, fmt.Errorf("unexpected argument %q", pos[1]))
	}
	path := ""
	if len(pos) == 1 {
		path = pos[0]
	}
	m, err := hooks.Migrate(hooks.Options{}, path, *write)
	if err != nil {
		return fail(stderr, err)
	}
	if !m.Changed {
		fmt.Fprintf(stdout, "%s is already Remnant schema v2: nothing to do\n", m.Display)
		return exitClean
	}
	writeDiff(stdout, m.Display, splitKeep(string(m.Before)), splitKeep(string(m.After)))
	if !m.Written {
		fmt.Fprintf(stderr, "remnant-guard: hint: nothing written; apply it with: remnant-guard migrate --write %s\n", m.Display)
		return exitClean
	}
	fmt.Fprintf(stdout, "%s: migrated to Remnant schema v2\n", m.Display)
	fmt.Fprintf(stdout, "run 'remnant-guard check %s' for what is left to fix by hand (History tags, for one)\n", m.Display)
	return exitClean
}

// splitKeep cuts s into lines, each without its line ending.
func splitKeep(s string) []string {
	s = strings.TrimPrefix(s, "\ufeff")
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// diffOp is one line of a diff: ' ' kept, '-' removed, '+' added.
type diffOp struct {
	kind byte
	text string
}

// lineDiff compares two versions where b is mostly a with lines added: a
// line of a is kept when it comes again later in b, else it is removed.
func lineDiff(a, b []string) []diffOp {
	var ops []diffOp
	j := 0
	for _, l := range a {
		k := j
		for k < len(b) && b[k] != l {
			k++
		}
		if k == len(b) {
			ops = append(ops, diffOp{'-', l})
			continue
		}
		for ; j < k; j++ {
			ops = append(ops, diffOp{'+', b[j]})
		}
		ops = append(ops, diffOp{' ', l})
		j++
	}
	for ; j < len(b); j++ {
		ops = append(ops, diffOp{'+', b[j]})
	}
	return ops
}

// diffContext is how many unchanged lines surround a change.
const diffContext = 2

// writeDiff writes a unified diff of a and b.
func writeDiff(w io.Writer, name string, a, b []string) {
	ops := lineDiff(a, b)
	fmt.Fprintf(w, "--- %s\n+++ %s (schema v2)\n", name, name)
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(0, i-diffContext)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run-end > 2*diffContext || run == len(ops) {
				end = min(end+diffContext, len(ops))
				break
			}
			end = run
		}
		writeHunk(w, ops, start, end)
		i = end
	}
}

func writeHunk(w io.Writer, ops []diffOp, start, end int) {
	oldLine, newLine := 1, 1
	for _, op := range ops[:start] {
		if op.kind != '+' {
			oldLine++
		}
		if op.kind != '-' {
			newLine++
		}
	}
	oldN, newN := 0, 0
	for _, op := range ops[start:end] {
		if op.kind != '+' {
			oldN++
		}
		if op.kind != '-' {
			newN++
		}
	}
	fmt.Fprintf(w, "@@ -%d,%d +%d,%d @@\n", oldLine, oldN, newLine, newN)
	for _, op := range ops[start:end] {
		fmt.Fprintf(w, "%c%s\n", op.kind, op.text)
	}
}
