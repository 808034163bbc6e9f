package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/mockmodel"
)

// TestRealGeminiCLI drives Gemini CLI through scripted sessions with
// remnant-guard's hooks installed.
func TestRealGeminiCLI(t *testing.T) {
	gemini := realClient(t, "gemini")
	r := newRealRepo(t, buildBinary(t))
	// With a base URL set, Gemini CLI takes the key only when the user's
	// settings choose it; nothing is to leave the machine.
	userSettings := filepath.Join(r.home, ".gemini", "settings.json")
	os.MkdirAll(filepath.Dir(userSettings), 0o755)
	userBefore := `{"security": {"auth": {"selectedType": "gemini-api-key"}}, "privacy": {"usageStatisticsEnabled": false}, "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false}}` + "\n"
	os.WriteFile(userSettings, []byte(userBefore), 0o644)
	settings := filepath.Join(r.dir, ".gemini", "settings.json")
	os.MkdirAll(filepath.Dir(settings), 0o755)
	before := "{\n\t// the team's settings\n\t\"general\": {\"vimMode\": true}\n}\n"
	os.WriteFile(settings, []byte(before), 0o644)
	r.remnantGuard(t, "install", "--agent", "gemini")

	run := func(dir string, steps []mockmodel.Step) ([]string, string) {
		srv, out := runClient(t, mockmodel.Gemini, steps, dir, nil, []string{
			"HOME=" + r.home, "PATH=" + r.path,
			"GOOGLE_GEMINI_BASE_URL=@URL@", "GEMINI_API_KEY=dummy", "GEMINI_CLI_TRUST_WORKSPACE=true",
			"NO_COLOR=1", "CI=1",
		}, gemini, "-p", "Work on the task.", "--yolo", "--output-format", "stream-json")
		return srv.Requests(), out
	}
	write := func(path, content string) mockmodel.Step {
		return mockmodel.Step{Tool: "write_file", Input: map[string]any{"file_path": path, "content": content}}
	}
	shell := func(cmd string) mockmodel.Step {
		return mockmodel.Step{Tool: "run_shell_command", Input: map[string]any{"command": cmd, "description": "copy a file"}}
	}
	t.Run("session", func(t *testing.T) {
		reqs, out := run(r.dir, []mockmodel.Step{
			write("REMNANT.md", handoff("2026-05-05", "Keep it big")),
			write(filepath.Join(r.dir, "REMNANT.md"), secretHandoff()),
			write("REMNANT.md", validHandoff()),
			write("notes.go", "package main\n"),
			shell("cp " + filepath.Join(r.fixtures, "broken.md") + " REMNANT.md"),
			{Text: "Done."},
			{Text: "Done."},
		})
		checkSession(t, "Gemini CLI", reqs, out, "needs its handoff before you finish")
	})
	r.reset(t)
	t.Run("shell", func(t *testing.T) {
		reqs, out := run(r.dir, []mockmodel.Step{
			shell("cp " + filepath.Join(r.fixtures, "broken.md") + " REMNANT.md"),
			{Text: "Done."},
			{Text: "Done."},
		})
		checkShell(t, "Gemini CLI", reqs, out)
	})
	r.reset(t)
	t.Run("subfolder", func(t *testing.T) {
		sub := filepath.Join(r.dir, "sub")
		reqs, out := run(sub, []mockmodel.Step{{Text: "Done."}})
		if len(reqs) == 0 || strings.Contains(reqs[0], "Remnant (REMNANT.md") {
			t.Fatalf("a session started in a subfolder: %d requests; Gemini CLI was expected to read no project hooks there\n%s", len(reqs), out)
		}
		r.remnantGuard(t, "install", "--agent", "gemini", "--scope", "user")
		reqs, out = run(sub, []mockmodel.Step{{Text: "Done."}})
		if len(reqs) == 0 || !strings.Contains(reqs[0], "Remnant (REMNANT.md") {
			t.Fatalf("with --scope user, a session started in a subfolder got no start context\n%s", out)
		}
		// At the top both settings hold the same command: it runs once.
		reqs, out = run(r.dir, []mockmodel.Step{{Text: "Done."}})
		if len(reqs) == 0 || strings.Count(reqs[0], "Remnant (REMNANT.md, local handoff memory)") != 1 {
			t.Fatalf("with project and user settings, a session started at the top got the start context %d times, want once\n%s", strings.Count(strings.Join(reqs, ""), "Remnant (REMNANT.md, local handoff memory)"), out)
		}
		r.remnantGuard(t, "uninstall", "--agent", "gemini", "--scope", "user")
		if got, _ := os.ReadFile(userSettings); string(got) != userBefore {
			t.Errorf("after uninstall --scope user, the user's settings are\n%s\nwant\n%s", got, userBefore)
		}
	})
	r.remnantGuard(t, "uninstall", "--agent", "gemini")
	if got, _ := os.ReadFile(settings); string(got) != before {
		t.Errorf("after uninstall, settings.json is\n%s\nwant it as before install:\n%s", got, before)
	}
}
