package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
	"time"
)

// The coding agents' clients these tests drive, at the versions the agent
// hooks are checked against. .ci/run installs them from npm.
var realClients = []struct{ name, pkg, version, bin string }{
	{"claude", "@anthropic-ai/claude-code", "2.1.328", "claude"},
	{"gemini", "@google/gemini-cli", "0.61.0", "gemini"},
	{"codex", "@openai/codex", "0.169.0", "codex"},
	{"copilot", "@github/copilot", "1.0.102", "copilot"},
}

// clientsDir is where the clients are installed (npm install --prefix):
// $REMNANT_GUARD_CLIENTS_DIR, else the cache folder .ci/run uses.
func clientsDir() string {
	if d := os.Getenv("REMNANT_GUARD_CLIENTS_DIR"); d != "" {
		return d
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(cache, "remnant-guard-ci", "clients")
}

// realClient finds the pinned client name. The real clients run in the
// full tier only; there, a client that is missing fails the test with a
// message that names it and says how to install it (.ci/run does).
func realClient(t *testing.T, name string) string {
	t.Helper()
	testtier.Slow(t)
	for _, c := range realClients {
		if c.name != name {
			continue
		}
		bin := filepath.Join(clientsDir(), "node_modules", ".bin", c.bin)
		why := ""
		if _, err := os.Stat(bin); err != nil {
			why = "not installed in " + clientsDir()
		} else {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			out, err := exec.CommandContext(ctx, bin, "--version").CombinedOutput()
			if err != nil || !strings.Contains(string(out), c.version) {
				why = "its --version says " + strings.TrimSpace(string(out))
			}
		}
		if why == "" {
			return bin
		}
		msg := c.pkg + "@" + c.version + " (" + c.name + "): " + why + "; install it with: npm install --prefix " + clientsDir() + " " + c.pkg + "@" + c.version
		t.Fatalf("real client missing: %s (.ci/run installs the clients)", msg)
	}
	t.Fatalf("no client %q", name)
	return ""
}
