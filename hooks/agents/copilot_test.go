package agents

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCopilotPayloads reads the payloads GitHub Copilot CLI 1.0.102 sent:
// camelCase under its own events (no event name: WithEvent adds the one
// the entry names), snake_case with its own tool arguments under Claude
// Code's.
func TestCopilotPayloads(t *testing.T) {
	for _, tc := range []struct {
		name, in, event string
		agent           Agent
		tool            string
		paths           []string
		failed, active  bool
	}{
		{"camel create", `{"sessionId":"s","timestamp":1,"cwd":"/r","toolName":"create","toolArgs":{"file_text":"x","path":"/r/REMNANT.md"},"toolResult":{"resultType":"success","textResultForLlm":"ok"}}`,
			"postToolUse", Copilot, "create", []string{"/r/REMNANT.md"}, false, false},
		{"camel args as text", `{"sessionId":"s","cwd":"/r","toolName":"edit","toolArgs":"{\"path\":\"AGENTS.md\",\"old_str\":\"a\",\"new_str\":\"b\"}","toolResult":{"resultType":"success"}}`,
			"postToolUse", Copilot, "edit", []string{"AGENTS.md"}, false, false},
		{"camel failed", `{"sessionId":"s","cwd":"/r","toolName":"edit","toolArgs":{"path":"/r/REMNANT.md"},"toolResult":{"resultType":"failure"}}`,
			"postToolUse", Copilot, "edit", []string{"/r/REMNANT.md"}, true, false},
		{"camel stop", `{"sessionId":"s","cwd":"/r","transcriptPath":"/t","stopReason":"end_turn","stop_hook_active":true}`,
			"agentStop", Copilot, "", nil, false, true},
		{"snake edit", `{"hook_event_name":"PostToolUse","session_id":"s","cwd":"/r","tool_name":"Edit","tool_input":{"new_str":"b","old_str":"a","path":"/r/REMNANT.md"},"tool_result":{"result_type":"success","text_result_for_llm":"ok"}}`,
			"", Claude, "Edit", []string{"/r/REMNANT.md"}, false, false},
		{"snake rejected", `{"hook_event_name":"PostToolUse","session_id":"s","cwd":"/r","tool_name":"Write","tool_input":{"file_text":"b","path":"/r/REMNANT.md"},"tool_result":{"result_type":"rejected"}}`,
			"", Claude, "Write", []string{"/r/REMNANT.md"}, true, false},
		{"claude code write", `{"hook_event_name":"PostToolUse","session_id":"s","cwd":"/r","tool_name":"Write","tool_input":{"file_path":"/r/REMNANT.md","content":"x"},"tool_response":{"filePath":"/r/REMNANT.md"}}`,
			"postToolUse", Claude, "Write", []string{"/r/REMNANT.md"}, false, false},
	} {
		p, err := ParsePayload(WithEvent([]byte(tc.in), tc.event))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		wantEvent := tc.event
		if strings.Contains(tc.in, "hook_event_name") {
			wantEvent = "PostToolUse" // the payload's own name wins
		}
		if p.Event != wantEvent || p.SessionID != "s" || p.ToolName != tc.tool || p.ToolFailed() != tc.failed || p.StopHookActive != tc.active {
			t.Errorf("%s: event %q session %q tool %q failed %v active %v", tc.name, p.Event, p.SessionID, p.ToolName, p.ToolFailed(), p.StopHookActive)
		}
		if tc.tool == "" {
			continue
		}
		paths, err := p.WrittenPaths(tc.agent)
		if err != nil || !slices.Equal(paths, tc.paths) {
			t.Errorf("%s: paths %q, %v; want %q", tc.name, paths, err, tc.paths)
		}
	}
}

func TestWithEvent(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:   `{"hook_event_name":"agentStop","a":1}`,
		` { } `:     `{"hook_event_name":"agentStop"} `,
		"{\n}":      `{"hook_event_name":"agentStop"}`,
		`[1]`:       `[1]`,
		``:          ``,
		`{"x":"\"}`: `{"hook_event_name":"agentStop","x":"\"}`,
	} {
		if got := string(WithEvent([]byte(in), "agentStop")); got != want {
			t.Errorf("WithEvent(%q) = %q, want %q", in, got, want)
		}
	}
	if got := string(WithEvent([]byte(`{"a":1}`), "")); got != `{"a":1}` {
		t.Errorf("no event: %q", got)
	}
}

// TestRunKey: two runs of one event share a key; another tool call,
// another time or a stop that continues does not.
func TestRunKey(t *testing.T) {
	key := func(s string) string {
		p, err := ParsePayload([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return p.RunKey()
	}
	base := `{"hook_event_name":"PostToolUse","session_id":"s","cwd":"/r","tool_name":"apply_patch","tool_use_id":"c1","turn_id":"t1","tool_input":{"command":"x"}}`
	if first, again := key(base), key(base); first != again {
		t.Error("the same payload has two keys")
	}
	for _, other := range []string{
		strings.Replace(base, `"c1"`, `"c2"`, 1),
		strings.Replace(base, `"t1"`, `"t2"`, 1),
		strings.Replace(base, `"s"`, `"s2"`, 1),
		strings.Replace(base, `"x"`, `"y"`, 1),
		strings.Replace(base, `"cwd"`, `"timestamp":2,"cwd"`, 1),
		strings.Replace(base, `"PostToolUse"`, `"Stop","stop_hook_active":true`, 1),
	} {
		if key(other) == key(base) {
			t.Errorf("%s has the key of %s", other, base)
		}
	}
}

// TestInstalledTwice finds both hooks files of Codex and of GitHub
// Copilot, and the Claude Code project and local settings when Copilot
// runs them; one file alone, or one without our entries, is not twice.
func TestInstalledTwice(t *testing.T) {
	top := t.TempDir()
	home := t.TempDir()
	os.Mkdir(filepath.Join(top, ".git"), 0o755)
	sub := filepath.Join(top, "a", "b")
	os.MkdirAll(sub, 0o755)
	getenv := func(k string) string {
		return map[string]string{"CODEX_HOME": filepath.Join(home, "codex"), "COPILOT_HOME": filepath.Join(home, "copilot")}[k]
	}
	write := func(path, text string) {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ours := func(a Agent) string {
		return `{"hooks":{"Stop":[{"hooks":[{"command":"remnant-guard agent-hook --agent ` + string(a) + `"}]}]}}`
	}
	write(filepath.Join(top, ".codex", "hooks.json"), ours(Codex))
	if f := InstalledTwice(Codex, "", sub, getenv); f != nil {
		t.Errorf("codex, project only: %q", f)
	}
	write(filepath.Join(home, "codex", "hooks.json"), `{"hooks":{}}`)
	if f := InstalledTwice(Codex, "", sub, getenv); f != nil {
		t.Errorf("codex, a user file without ours: %q", f)
	}
	write(filepath.Join(home, "codex", "hooks.json"), ours(Codex))
	if f := InstalledTwice(Codex, "", sub, getenv); len(f) != 2 {
		t.Errorf("codex, both: %q", f)
	}
	write(filepath.Join(top, ".github", "hooks", "remnant-guard.json"), ours(Copilot))
	write(filepath.Join(home, "copilot", "hooks", "remnant-guard.json"), ours(Copilot))
	if f := InstalledTwice(Copilot, "", sub, getenv); len(f) != 2 {
		t.Errorf("copilot, both: %q", f)
	}
	write(filepath.Join(top, ".claude", "settings.json"), ours(Claude))
	write(filepath.Join(top, ".claude", "settings.local.json"), ours(Claude))
	if f := InstalledTwice(Claude, Copilot, sub, getenv); len(f) != 2 {
		t.Errorf("claude run by copilot, both: %q", f)
	}
	if f := InstalledTwice(Claude, "", sub, getenv); f != nil {
		t.Errorf("claude run by Claude Code, which runs it once: %q", f)
	}
	if f := InstalledTwice(Gemini, "", sub, getenv); f != nil {
		t.Errorf("gemini: %q", f)
	}
	write(filepath.Join(top, ".github", "hooks", "remnant-guard.json"), string(copilotFile()))
	if f := CopilotEntries(sub, "Stop", getenv); f != filepath.Join(top, ".github", "hooks", "remnant-guard.json") {
		t.Errorf("CopilotEntries = %q", f)
	}
}

// TestCopilotFileOurs: the file install writes is its own; anything else
// in it makes install and uninstall leave it alone.
func TestCopilotFileOurs(t *testing.T) {
	if err := copilotOurs("f", copilotFile()); err != nil {
		t.Errorf("the file install writes: %v", err)
	}
	for _, src := range []string{
		`{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"echo hi"}]}}`,
		`{"version":1,"hooks":{},"disableAllHooks":true}`,
		`{"version":1,"hooks":{"agentStop":[{"type":"command","bash":"exec remnant-guard agent-hook --agent copilot --event agentStop","env":{"X":"1"}}]}}`,
		`{"version":1,"hooks":{"agentStop":[{"type":"command","bash":"exec remnant-guard agent-hook --agent copilot --event agentStop","cwd":"sub"}]}}`,
		`{"version":1,"hooks":{"agentStop":[{"type":"command","bash":"exec remnant-guard agent-hook --agent copilot --event agentStop","powershell":"my-own-check.ps1"}]}}`,
		`{"version":1,"hooks":[]}`,
		`not json`,
	} {
		if err := copilotOurs("f", []byte(src)); err == nil {
			t.Errorf("%s: taken for remnant-guard's own", src)
		}
	}
}
