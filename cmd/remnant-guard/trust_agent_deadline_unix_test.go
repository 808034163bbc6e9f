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
	cases := unjudgedHookCases()
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
		assertUnjudged(t, c, exitCode(err), stdout.String(), stderr.String())
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

// unjudgedCase is one hook of an agent: its payload (@DIR@ for the
// repository) and where the model is told ("" for a stop hook already
// asked once, which tells the user alone).
type unjudgedCase struct {
	agent, event, payload string
	model                 string
}

// unjudgedHookCases are the start, write and stop hooks of every agent,
// each of which writes REMNANT.md (or reads it) in the repository.
func unjudgedHookCases() []unjudgedCase {
	writePatch := "*** Begin Patch\n*** Update File: REMNANT.md\n@@\n+x\n*** End Patch\n"
	return []unjudgedCase{
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
}

// assertUnjudged checks the answer of a hook whose check could not judge:
// exit 0, the agent's JSON, the user told that memory was NOT checked,
// the model told in its channel.
func assertUnjudged(t *testing.T, c unjudgedCase, code int, stdout, stderr string) {
	t.Helper()
	name := c.agent + " " + c.event
	if code != 0 {
		t.Errorf("%s: exit %d, want 0\n%s%s", name, code, stdout, stderr)
		return
	}
	var out map[string]any
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Errorf("%s: not JSON: %v\n%s", name, err, stdout)
		return
	}
	if msg, _ := out["systemMessage"].(string); !strings.Contains(msg, "memory was NOT checked") {
		t.Errorf("%s: the user is not told: %s", name, stdout)
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
		t.Errorf("%s: a stop hook asked once already blocks again: %s", name, stdout)
	case c.model != "" && !strings.Contains(model, "remnant-guard could not"):
		t.Errorf("%s: the model is not told in %s: %s", name, c.model, stdout)
	}
}

// TestAgentHookFailedCheckSaysUnjudged gives every agent's start, write
// and stop hook a check that fails on the repository: a committed
// .gitleaks.toml over the size a config may have, a git config git cannot
// read (the first for the start and write hooks, which read the secret
// rules; the second for every hook). A REMNANT.md holding a token is never passed as checked: the
// answer is that of a check out of time (exit 0, the agent's JSON, the
// user and the model told that memory was NOT checked, and why), and the
// token is not in it.
func TestAgentHookFailedCheckSaysUnjudged(t *testing.T) {
	bin := buildBinary(t)
	const token = "ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d"
	for i, breakIt := range []func(dir string){
		func(dir string) {
			writeFile(t, filepath.Join(dir, ".gitleaks.toml"), "# "+strings.Repeat("x", 1<<20)+"\n")
		},
		func(dir string) {
			f, err := os.OpenFile(filepath.Join(dir, ".git", "config"), os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("[core\n")
			f.Close()
		},
	} {
		dir := newRepo(t)
		writeFile(t, filepath.Join(dir, ".gitignore"), "REMNANT.md\n")
		writeFile(t, filepath.Join(dir, "REMNANT.md"), "# Remnant - x\n\n## Decisions\n- 2026-05-04 — Keep it small — "+token+".\n")
		gitIn(t, dir, "add", "-A")
		gitIn(t, dir, "-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "-q", "--no-verify", "-m", "memory")
		breakIt(dir)
		for _, c := range unjudgedHookCases() {
			if i == 0 && (c.event == "Stop" || c.event == "AfterAgent") {
				// A stop hook of a session that changed nothing reads no
				// secret rules: it has nothing to judge.
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			cmd := exec.CommandContext(ctx, bin, "agent-hook", "--agent", c.agent)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
			cmd.Stdin = strings.NewReader(strings.ReplaceAll(c.payload, "@DIR@", dir))
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			cancel()
			assertUnjudged(t, c, exitCode(err), stdout.String(), stderr.String())
			if !strings.Contains(stdout.String(), "the check failed: ") {
				t.Errorf("%s %s: the answer does not say why: %s", c.agent, c.event, stdout.String())
			}
			if strings.Contains(stdout.String()+stderr.String(), token[:8]) {
				t.Errorf("%s %s: the token is in the answer", c.agent, c.event)
			}
		}
	}
}
