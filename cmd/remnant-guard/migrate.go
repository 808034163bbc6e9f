package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/validate"
)

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
	path, display, err := migratePath(pos)
	if err != nil {
		return fail(stderr, err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return fail(stderr, fmt.Errorf("%s: %w", display, unwrapPath(err)))
	}
	out, changed, err := validate.MigrateRemnant(src)
	if err != nil {
		return fail(stderr, fmt.Errorf("%s: %w", display, err))
	}
	if !changed {
		fmt.Fprintf(stdout, "%s is already Remnant schema v2: nothing to do\n", display)
		return exitClean
	}
	writeDiff(stdout, display, splitKeep(string(src)), splitKeep(string(out)))
	if !*write {
		fmt.Fprintf(stderr, "remnant-guard: hint: nothing written; apply it with: remnant-guard migrate --write %s\n", display)
		return exitClean
	}
	if err := writeAtomic(path, out); err != nil {
		return fail(stderr, fmt.Errorf("%s: %w", display, err))
	}
	fmt.Fprintf(stdout, "%s: migrated to Remnant schema v2\n", display)
	fmt.Fprintf(stdout, "run 'remnant-guard check %s' for what is left to fix by hand (History tags, for one)\n", display)
	return exitClean
}

// migratePath is the file to migrate: the argument, or REMNANT.md at the
// top of the repository (the current directory outside one).
func migratePath(pos []string) (path, display string, err error) {
	if len(pos) == 1 {
		return pos[0], pos[0], nil
	}
	repo, err := gitutil.Open("")
	if errors.Is(err, gitutil.ErrNotRepository) {
		return "REMNANT.md", "REMNANT.md", nil
	}
	if err != nil {
		return "", "", err
	}
	defer repo.Close()
	path = filepath.Join(repo.TopLevel, "REMNANT.md")
	display = "REMNANT.md"
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, path); err == nil {
			display = filepath.ToSlash(rel)
		}
	}
	return path, display, nil
}

// unwrapPath drops the os.PathError wrapper, whose path the caller shows.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// writeAtomic replaces path with data through a temporary file in the same
// directory and a rename, keeping the file's mode.
func writeAtomic(path string, data []byte) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".remnant-guard-migrate-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(fi.Mode().Perm())
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
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
