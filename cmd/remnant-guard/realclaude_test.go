package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/mockmodel"
)

// TestRealClaudeCode drives Claude Code through scripted sessions with
// remnant-guard's hooks installed.
func TestRealClaudeCode(t *testing.T) {
	claude := realClient(t, "claude")
	r := newRealRepo(t, buildBinary(t))
	settings := filepath.Join(r.dir, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(settings), 0o755)
	before := "{\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]}\n}\n"
	os.WriteFile(settings, []byte(before), 0o644)
	r.remnantGuard(t, "install", "--agent", "claude")

	runEnv := func(dir string, steps []mockmodel.Step, extra ...string) (*mockmodel.Server, []string, string) {
		srv, out := runClient(t, mockmodel.Anthropic, steps, dir, nil, append([]string{
			"HOME=" + r.home, "PATH=" + r.path,
			"ANTHROPIC_BASE_URL=@URL@", "ANTHROPIC_API_KEY=dummy", "IS_SANDBOX=1",
			"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_AUTOUPDATER=1",
		}, extra...), claude, "-p", "Work on the task.", "--output-format", "stream-json", "--verbose", "--dangerously-skip-permissions")
		return srv, srv.Requests(), out
	}
	run := func(dir string, steps []mockmodel.Step) (*mockmodel.Server, []string, string) {
		return runEnv(dir, steps)
	}
	write := func(path, content string) mockmodel.Step {
		return mockmodel.Step{Tool: "Write", Input: map[string]any{"file_path": path, "content": content}}
	}
	bash := func(cmd string) mockmodel.Step {
		return mockmodel.Step{Tool: "Bash", Input: map[string]any{"command": cmd, "description": "copy a file"}}
	}
	remnant := filepath.Join(r.dir, "REMNANT.md")

	t.Run("session", func(t *testing.T) {
		_, reqs, out := run(r.dir, []mockmodel.Step{
			write(remnant, handoff("2026-05-05", "Keep it big")),
			write(remnant, secretHandoff()),
			write(remnant, validHandoff()),
			write(filepath.Join(r.dir, "notes.go"), "package main\n"),
			bash("cp " + filepath.Join(r.fixtures, "broken.md") + " REMNANT.md"),
			{Text: "Done."},
			{Text: "Done."},
		})
		checkSession(t, "Claude Code", reqs, out, "Stop hook additional context")
	})
	r.reset(t)
	// A Claude Code session started from a GitHub Copilot CLI session's
	// shell inherits COPILOT_CLI=1: Claude Code's CLAUDE_CODE_SESSION_ID,
	// the payload's session, tells the entries that Claude Code runs them,
	// and they answer as in any Claude Code session, though GitHub
	// Copilot's own entries are installed too (they do not stand aside).
	t.Run("copilot-form", func(t *testing.T) {
		r.remnantGuard(t, "install", "--agent", "copilot")
		defer r.remnantGuard(t, "uninstall", "--agent", "copilot")
		_, reqs, out := runEnv(r.dir, []mockmodel.Step{
			write(remnant, handoff("2026-05-05", "Keep it big")),
			write(remnant, secretHandoff()),
			write(remnant, validHandoff()),
			write(filepath.Join(r.dir, "notes.go"), "package main\n"),
			bash("cp " + filepath.Join(r.fixtures, "broken.md") + " REMNANT.md"),
			{Text: "Done."},
			{Text: "Done."},
		}, "COPILOT_CLI=1")
		checkSession(t, "Claude Code", reqs, out, "Stop hook additional context")
		if len(reqs) > 1 && strings.Count(reqs[1], "breaks the memory rules") != 1 {
			t.Errorf("the findings reached the model %d times, want once", strings.Count(reqs[1], "breaks the memory rules"))
		}
	})
	r.reset(t)
	t.Run("shell", func(t *testing.T) {
		_, reqs, out := run(r.dir, []mockmodel.Step{
			bash("cp " + filepath.Join(r.fixtures, "broken.md") + " REMNANT.md"),
			{Text: "Done."},
			{Text: "Done."},
		})
		checkShell(t, "Claude Code", reqs, out)
	})
	r.reset(t)
	t.Run("subfolder", func(t *testing.T) {
		sub := filepath.Join(r.dir, "sub")
		_, reqs, out := run(sub, []mockmodel.Step{{Text: "Done."}})
		if len(reqs) == 0 || strings.Contains(reqs[0], "Remnant (REMNANT.md") {
			t.Fatalf("a session started in a subfolder: %d requests; Claude Code was expected to read no project hooks there\n%s", len(reqs), out)
		}
		r.remnantGuard(t, "install", "--agent", "claude", "--scope", "local")
		_, reqs, out = run(sub, []mockmodel.Step{{Text: "Done."}})
		if len(reqs) == 0 || !strings.Contains(reqs[0], "Remnant (REMNANT.md") {
			t.Fatalf("with --scope local, a session started in a subfolder got no start context\n%s", out)
		}
		// At the top both settings hold the same command: it runs once.
		_, reqs, out = run(r.dir, []mockmodel.Step{{Text: "Done."}})
		if len(reqs) == 0 || strings.Count(reqs[0], "Remnant (REMNANT.md, local handoff memory)") != 1 {
			t.Fatalf("with project and local settings, a session started at the top got the start context %d times, want once\n%s", strings.Count(strings.Join(reqs, ""), "Remnant (REMNANT.md, local handoff memory)"), out)
		}
		r.remnantGuard(t, "uninstall", "--agent", "claude", "--scope", "local")
		if _, err := os.Stat(filepath.Join(r.dir, ".claude", "settings.local.json")); err == nil {
			t.Error("uninstall --scope local left settings.local.json")
		}
	})
	r.remnantGuard(t, "uninstall", "--agent", "claude")
	if got, _ := os.ReadFile(settings); string(got) != before {
		t.Errorf("after uninstall, settings.json is\n%s\nwant it as before install:\n%s", got, before)
	}
}
