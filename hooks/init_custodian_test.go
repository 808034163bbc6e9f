package hooks

import (
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/mcoracle"
)

// TestInitCustodianOracle runs MemoryCustodian 0.12.0's own init and
// check (../shared/oracles/memory-custodian-0.12.0-core) beside init
// --custodian: every file is upstream's byte for byte but brief.md and the
// project_id, and upstream's check passes on what init --custodian wrote
// (on its own init's output it fails, on the TODO brief).
func TestInitCustodianOracle(t *testing.T) {
	core, err := filepath.Abs("../../shared/oracles/memory-custodian-0.12.0-core")
	if err != nil {
		t.Fatal(err)
	}
	mc := filepath.Join(t.TempDir(), "mc12")
	if err := mcoracle.Build12(core, mc); errors.Is(err, mcoracle.ErrAbsent) {
		t.Skip("the MemoryCustodian 0.12.0 core (../shared/oracles) or python3 is not here; differential test not run")
	} else if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	py := func(args ...string) (string, error) {
		cmd := exec.Command("python3", args...)
		cmd.Env = mcoracle.Env()
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	ours, theirs := filepath.Join(tmp, "ours"), filepath.Join(tmp, "theirs")
	for _, d := range []string{ours, theirs} {
		if out, err := exec.Command("git", "init", "-q", d).CombinedOutput(); err != nil {
			t.Fatalf("git init: %v: %s", err, out)
		}
	}
	if _, err := Init(InitOptions{Dir: ours, Custodian: true}); err != nil {
		t.Fatal(err)
	}
	if out, err := py(filepath.Join(mc, "mc.py"), "init", "--project-root", theirs); err != nil {
		t.Fatalf("upstream init: %v: %s", err, out)
	}
	out, err := py(filepath.Join(mc, "mc.py"), "check", "--project-root", ours)
	if err != nil || !strings.Contains(out, "MemoryCustodian check: OK") {
		t.Errorf("upstream check on init --custodian's memory: %v\n%s", err, out)
	}
	out, err = py(filepath.Join(mc, "mc.py"), "check", "--project-root", theirs)
	if err == nil || !strings.Contains(out, "brief.md: generated scaffold") {
		t.Errorf("upstream check on its own init: %v\n%s (want it to fail on the brief)", err, out)
	}
	a, b := snapshot(t, filepath.Join(ours, "docs", "memory")), snapshot(t, filepath.Join(theirs, "docs", "memory"))
	if len(a) != len(b) || len(a) != 7 {
		t.Errorf("init --custodian wrote %d memory files, upstream's init %d, want 7", len(a), len(b))
	}
	id := regexp.MustCompile(`(?m)^- project_id: [0-9a-f-]{36}$`)
	for name, want := range b {
		got := a[name]
		if name == "manifest.md" {
			got, want = id.ReplaceAllString(got, "- project_id: X"), id.ReplaceAllString(want, "- project_id: X")
		}
		if name != "brief.md" && got != want {
			t.Errorf("%s differs from upstream's:\n%s\nwant\n%s", name, got, want)
		}
	}
	if !strings.Contains(a["brief.md"], "# Project Brief\n\nPurpose:\n") || strings.Contains(a["brief.md"], "TODO") {
		t.Errorf("brief.md:\n%s", a["brief.md"])
	}
}

// TestNewProjectID: a UUIDv4 in lower case, different each time.
func TestNewProjectID(t *testing.T) {
	re := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	seen := map[string]bool{}
	for range 64 {
		id, err := newProjectID()
		if err != nil || !re.MatchString(id) || seen[id] {
			t.Fatalf("project_id %q (%v), seen before: %v", id, err, seen[id])
		}
		seen[id] = true
	}
}
