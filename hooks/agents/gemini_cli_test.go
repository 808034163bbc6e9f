package agents

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// geminiCheck loads a workspace's settings with Gemini CLI's own loader,
// which validates every settings file against Gemini CLI's schema, and
// prints the problems it found and the workspace's hooks.
const geminiCheck = `
const [chunk, dir] = process.argv.slice(2);
const mod = await import(chunk);
const s = mod.loadSettings(dir);
console.log(JSON.stringify({
  errors: (s.errors || []).map(e => e.path + ": " + e.message),
  hooks: s.workspace?.settings?.hooks ?? null,
}));
`

// TestGeminiCLIAcceptsTheSettings has Gemini CLI load a settings file that
// holds other hooks and ours. It needs an unpacked @google/gemini-cli
// package (the npm tarball holds the whole CLI, no install needed):
//
//	npm pack @google/gemini-cli@0.61.0 && tar xzf google-gemini-cli-0.61.0.tgz
//	REMNANT_GUARD_GEMINI_CLI=$PWD/package go test -run GeminiCLI ./hooks
func TestGeminiCLIAcceptsTheSettings(t *testing.T) {
	pkg := os.Getenv("REMNANT_GUARD_GEMINI_CLI")
	node, err := exec.LookPath("node")
	if pkg == "" || err != nil {
		t.Skip("REMNANT_GUARD_GEMINI_CLI (an unpacked @google/gemini-cli package) or node is absent: Gemini CLI's own settings check not run")
	}
	chunk := geminiSettingsChunk(t, pkg)
	src := "{\n  // the user's own\n  \"general\": {\"vimMode\": true},\n  \"hooks\": {\n    \"BeforeTool\": [\n      {\"matcher\": \"run_shell_command\", \"hooks\": [{\"type\": \"command\", \"name\": \"guard\", \"command\": \"./guard.sh\", \"timeout\": 5000}]}\n    ]\n  }\n}\n"
	out, err := settingsEditor{name: "settings.json", agent: Gemini, comments: true}.add([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	res := runGeminiCheck(t, node, chunk, out)
	if len(res.Errors) > 0 {
		t.Fatalf("Gemini CLI rejects the settings:\n%s\n%s", strings.Join(res.Errors, "\n"), out)
	}
	for _, ev := range append(EventNames(Gemini), "BeforeTool") {
		if !bytes.Contains(res.Hooks[ev], []byte("agent-hook --agent gemini")) && ev != "BeforeTool" {
			t.Errorf("Gemini CLI's %s hooks lack ours: %s", ev, res.Hooks[ev])
		}
		if ev == "BeforeTool" && !bytes.Contains(res.Hooks[ev], []byte("./guard.sh")) {
			t.Errorf("the user's hook is gone: %s", res.Hooks[ev])
		}
	}
	// The check is live: a wrong type is reported.
	bad := runGeminiCheck(t, node, chunk, []byte(`{"hooks": {"AfterTool": [{"hooks": [{"type": "command", "command": "x", "timeout": "30s"}]}]}}`))
	if len(bad.Errors) == 0 {
		t.Error("Gemini CLI accepted a string timeout: the check proves nothing")
	}
}

type geminiResult struct {
	Errors []string                   `json:"errors"`
	Hooks  map[string]json.RawMessage `json:"hooks"`
}

func runGeminiCheck(t *testing.T, node, chunk string, settings []byte) geminiResult {
	t.Helper()
	ws := t.TempDir()
	os.MkdirAll(filepath.Join(ws, ".gemini"), 0o755)
	if err := os.WriteFile(filepath.Join(ws, ".gemini", "settings.json"), settings, 0o644); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(t.TempDir(), "check.mjs")
	os.WriteFile(script, []byte(geminiCheck), 0o644)
	cmd := exec.Command(node, script, "file://"+chunk, ws)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "GEMINI_CLI_TRUST_WORKSPACE=true", "NO_COLOR=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var res geminiResult
	if err := json.Unmarshal(lastLine(out), &res); err != nil {
		t.Fatalf("node printed %q: %v", out, err)
	}
	return res
}

func lastLine(b []byte) []byte {
	lines := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	return lines[len(lines)-1]
}

// geminiSettingsChunk finds the bundle file that defines Gemini CLI's
// settings loader (bundle file names change with every release).
func geminiSettingsChunk(t *testing.T, pkg string) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(pkg, "bundle", "*.js"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err == nil && bytes.Contains(data, []byte("function _doLoadSettings(")) && bytes.Contains(data, []byte("  loadSettings,")) {
			return f
		}
	}
	t.Fatalf("no settings loader in %s/bundle: not a @google/gemini-cli package?", pkg)
	return ""
}
