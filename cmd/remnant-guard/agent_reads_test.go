//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAgentWriteReadsOnce: the agent's check of a REMNANT.md just written
// opens the file once and the config once, as strace sees the real binary
// do it (the memory check, the local rules and the secret scan share what
// was read).
func TestAgentWriteReadsOnce(t *testing.T) {
	strace, err := exec.LookPath("strace")
	if err != nil {
		t.Skip("strace is not installed (.ci/run installs it): the open count cannot be seen")
	}
	bin := buildBinary(t)
	repo := newRepo(t)
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(repo, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".gitignore", "REMNANT.md\n")
	write(".remnant-guard.toml", "[limits]\nmax_lines = 300\n")
	write("REMNANT.md", "# Remnant - app\n\n## Session\n- date: someday\n")
	payload, _ := json.Marshal(map[string]any{
		"hook_event_name": "PostToolUse", "session_id": "s1", "cwd": repo, "tool_name": "Write",
		"tool_input": map[string]string{"file_path": filepath.Join(repo, "REMNANT.md"), "content": "x"},
	})
	trace := filepath.Join(t.TempDir(), "trace")
	cmd := exec.Command(strace, "-f", "-e", "trace=openat,open", "-o", trace, bin, "agent-hook", "--agent", "claude")
	cmd.Stdin = bytes.NewReader(payload)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || !strings.Contains(stdout.String(), "remnant-session") {
		t.Fatalf("agent-hook: %v, stdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"REMNANT.md", ".remnant-guard.toml"} {
		n := 0
		for _, line := range strings.Split(string(data), "\n") {
			// by its whole path, or by its name in its folder (os.Root)
			named := strings.Contains(line, "/"+name+`"`) || strings.Contains(line, `, "`+name+`"`)
			if named && !strings.Contains(line, "ENOENT") {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s opened %d times, want once:\n%s", name, n, data)
		}
	}
}
