//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestAgentHookOutOfTimeSaysUnjudged holds every agent's start, write and
// stop hook in its first write (REMNANT_GUARD_HOLD_WRITE: the session
// record, the Decisions record of the REMNANT.md just written), so that
// the check cannot end before the deadline: the answer is exit 0 JSON in
// the agent's contract that tells the model (context, or one block of the
// turn's end) and the user (systemMessage) that memory was not checked;
// a stop hook already asked once tells the user alone.
func TestAgentHookOutOfTimeSaysUnjudged(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, filepath.Join(dir, ".gitignore"), "REMNANT.md\n")
	writeFile(t, filepath.Join(dir, "REMNANT.md"), "# Remnant - x\n\n## Decisions\n- 2026-05-04 — Keep it small — easier to read.\n")
	writePatch := "*** Begin Patch\n*** Update File: REMNANT.md\n@@\n+x\n*** End Patch\n"
	cases := []struct {
		agent, event, payload string
		model                 string // the key the model reads, "" for none
	}{
		{"claude", "SessionStart", `{"session_id":"s","cwd":"@DIR@","hook_event_name":"SessionStart"}`, "additionalContext"},
		{"claude", "PostToolUse", `{"session_id":"s","cwd":"@DIR@","hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":"@DIR@/REMNANT.md"}}`, "additionalContext"},
		{"claude", "Stop", `{"session_id":"s2","cwd":"@DIR@","hook_event_name":"Stop"}`, "additionalContext"},
		{"claude", "Stop", `{"session_id":"s3","cwd":"@DIR@","hook_event_name":"Stop","stop_hook_active":true}`, ""},
		{"gemini", "SessionStart", `{"session_id":"s","cwd":"@DIR@","hook_event_name":"SessionStart"}`, "additionalContext"},
		{"gemini", "AfterTool", `{"session_id":"s","cwd":"@DIR@","hook_event_name":"AfterTool","tool_name":"write_file","tool_input":{"file_path":"REMNANT.md"}}`, "additionalContext"},
		{"gemini", "AfterAgent", `{"session_id":"s2","cwd":"@DIR@","hook_event_name":"AfterAgent"}`, "reason"},
		{"codex", "SessionStart", `{"session_id":"s","cwd":"@DIR@","hook_event_name":"SessionStart"}`, "additionalContext"},
		{"codex", "PostToolUse", `{"session_id":"s","cwd":"@DIR@","hook_event_name":"PostToolUse","tool_name":"apply_patch","tool_input":{"command":` + quoteJSON(writePatch) + `}}`, "additionalContext"},
		{"codex", "Stop", `{"session_id":"s2","cwd":"@DIR@","hook_event_name":"Stop"}`, "reason"},
	}
	for _, c := range cases {
		os.RemoveAll(filepath.Join(dir, ".git", "remnant-guard"))
		hold := t.TempDir()
		for _, f := range []string{"written", "resume"} {
			if err := syscall.Mkfifo(filepath.Join(hold, f), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		// A process of its own per hook, ended once it answers: the check
		// it gave up on stays held until then.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestAgentHookDeadlineProcess$")
		cmd.Env = append(os.Environ(), "REMNANT_GUARD_HOLD_WRITE="+hold, "DEADLINE_AGENT="+c.agent)
		cmd.Stdin = strings.NewReader(strings.ReplaceAll(c.payload, "@DIR@", dir))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		cancel()
		code := exitCode(err)
		name := c.agent + " " + c.event
		if code != 0 {
			t.Errorf("%s: exit %d, want 0\n%s%s", name, code, stdout.String(), stderr.String())
			continue
		}
		var out map[string]any
		if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
			t.Errorf("%s: not JSON: %v\n%s", name, err, stdout.String())
			continue
		}
		if msg, _ := out["systemMessage"].(string); !strings.Contains(msg, "memory was NOT checked") {
			t.Errorf("%s: the user is not told: %s", name, stdout.String())
		}
		model := ""
		if s, ok := out["hookSpecificOutput"].(map[string]any); ok {
			model, _ = s["additionalContext"].(string)
			if s["hookEventName"] != c.event && !(c.event != "SessionStart" && s["hookEventName"] == "SessionStart") {
				if c.event != "SessionStart" && s["hookEventName"] != c.event {
					t.Errorf("%s: hookEventName %v", name, s["hookEventName"])
				}
			}
		}
		if r, ok := out["reason"].(string); ok {
			model = r
		}
		switch {
		case c.model == "" && model != "":
			t.Errorf("%s: a stop hook asked once already blocks again: %s", name, stdout.String())
		case c.model != "" && !strings.Contains(model, "remnant-guard could not"):
			t.Errorf("%s: the model is not told in %s: %s", name, c.model, stdout.String())
		}
	}
}

// TestAgentHookDeadlineProcess is the process of one hook for
// TestAgentHookOutOfTimeSaysUnjudged: agent-hook with a deadline of 500 ms (the held write never ends: any deadline runs out).
func TestAgentHookDeadlineProcess(t *testing.T) {
	agent := os.Getenv("DEADLINE_AGENT")
	if agent == "" {
		t.Skip("run by TestAgentHookOutOfTimeSaysUnjudged")
	}
	os.Exit(agentHookWithin(500*time.Millisecond, []string{"--agent", agent}, os.Stdin, os.Stdout, os.Stderr))
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
