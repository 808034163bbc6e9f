package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// initLine is one package's line of GODEBUG=inittrace=1.
var initLine = regexp.MustCompile(`(?m)^init (main|github\.com/remnant-guard/remnant-guard\S*) @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs$`)

// TestStartupBuildsNoTables: the program's own packages build their
// tables on first use, so that starting (every hook run, every agent
// write) allocates next to nothing for them.
func TestStartupBuildsNoTables(t *testing.T) {
	bin := buildBinary(t)
	cmd := exec.Command(bin, "version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("version: %v\n%s", err, out)
	}
	lines := initLine.FindAllSubmatch(out, -1)
	if len(lines) < 5 {
		t.Fatalf("only %d of the program's packages in the init trace:\n%s", len(lines), out)
	}
	const limit = 8 << 10
	for _, m := range lines {
		if n, _ := strconv.Atoi(string(m[2])); n > limit {
			t.Errorf("%s allocates %d bytes when the program starts, over %d", m[1], n, limit)
		}
	}
}
