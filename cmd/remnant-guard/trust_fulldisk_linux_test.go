package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// TestFullDisk runs init, init --custodian, SessionStart and the commit hook on a tmpfs
// filled to ENOSPC, in a private mount namespace (testdata/fulldisk/run.sh):
// init exits 2 and leaves no file it creates empty, nor a temporary file;
// a later init creates them whole; SessionStart leaves no empty
// REMNANT.md; the commit hook that cannot write its Decisions record
// gives the remnant-decisions-record-unusable warning and exits 0;
// install, install --agent, allow and --output exit 2 naming the file,
// with nothing created or changed (not the folder of a settings file) and
// no temporary file left. It
// needs root and unshare: without them it is skipped in the quick tier
// and fails in the full one.
func TestFullDisk(t *testing.T) {
	if _, err := exec.LookPath("unshare"); err != nil || os.Geteuid() != 0 {
		if testtier.Full() {
			t.Fatalf("the full tier needs root and unshare for the full-disk test (unshare: %v, uid %d)", err, os.Geteuid())
		}
		t.Skip("needs root and unshare")
	}
	bin := buildBinary(t)
	script, err := filepath.Abs(filepath.Join("testdata", "fulldisk", "run.sh"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "unshare", "--mount", "--propagation", "private", "sh", script)
	cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("unshare: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "FAIL") || strings.Count(string(out), "ok: ") < 16 {
		t.Errorf("%s", out)
	}
}
