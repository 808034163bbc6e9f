package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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

// clientsRequired is set by .ci/run, which installs the clients: a client
// that is missing then fails the test instead of skipping it.
const clientsRequired = "REMNANT_GUARD_REAL_CLIENTS"

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

// realClient finds the pinned client name, skipping (or failing, in CI)
// with a message that names it when it is not installed.
func realClient(t *testing.T, name string) string {
	t.Helper()
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
		if os.Getenv(clientsRequired) != "" {
			t.Fatalf("%s (%s is set: .ci/run installs the clients)", msg, clientsRequired)
		}
		t.Skipf("real client missing: %s", msg)
	}
	t.Fatalf("no client %q", name)
	return ""
}
