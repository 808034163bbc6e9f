package hooks

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
)

// TestFocusForeignManifest: another memory system's manifest is refused,
// unless the config names the directory; then its contract is judged.
func TestFocusForeignManifest(t *testing.T) {
	dir := t.TempDir()
	mem := filepath.Join(dir, "docs", "memory")
	if err := os.MkdirAll(mem, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(mem, "manifest.md"), []byte("# Project manifest\n\nOur own notes.\n"), 0o644)
	_, err := Focus(Options{Dir: dir}, "", custodian.FocusRouting)
	var nm *notMemoryError
	if !errors.As(err, &nm) || nm.Dir != "docs/memory" {
		t.Fatalf("foreign manifest: %v", err)
	}
	os.WriteFile(filepath.Join(dir, config.Name), []byte("[custodian]\ndir = \"docs/memory\"\n"), 0o644)
	rep, err := Focus(Options{Dir: dir}, "", custodian.FocusRouting)
	if err != nil {
		t.Fatal(err)
	}
	if rep.ExitCode() != 1 || len(rep.Findings) == 0 || rep.Findings[0].Code != "MC-ROUTING-007" || !strings.Contains(rep.Findings[0].Message, "Always load") {
		t.Errorf("named foreign manifest: %+v", rep.Findings)
	}
}

// TestFocusMasksSecrets: a secret quoted by a message is masked.
func TestFocusMasksSecrets(t *testing.T) {
	dir := t.TempDir()
	mem := filepath.Join(dir, "docs", "memory")
	os.MkdirAll(mem, 0o755)
	secret := "ghp_" + "8r6Jk2LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq"
	os.WriteFile(filepath.Join(mem, "manifest.md"), []byte("# Memory Manifest\n\n## Always load\n- /"+secret+".md\n"), 0o644)
	rep, err := Focus(Options{Dir: dir}, "docs/memory", custodian.FocusRouting)
	if err != nil {
		t.Fatal(err)
	}
	quoted := false
	for _, f := range rep.Findings {
		if strings.Contains(f.Message, secret[4:]) {
			t.Errorf("secret shown: %s", f.Message)
		}
		quoted = quoted || strings.Contains(f.Message, "ghp_")
	}
	if !quoted {
		t.Errorf("no finding quotes the route path: %+v", rep.Findings)
	}
}
