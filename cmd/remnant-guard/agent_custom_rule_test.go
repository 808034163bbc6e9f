package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAgentWriteMasksConfigRuleSecrets writes a memory file whose name
// and content hold a secret only a [[secrets.rules]] rule of the config
// reports, and checks that the write hook's answer, for each agent, quotes
// none of it: the path in the findings and in the answer's first line is
// masked as check masks it.
func TestAgentWriteMasksConfigRuleSecrets(t *testing.T) {
	const secret = "acme_7f3k9q2m4x8v1b6n5c0z2p9r4t7y1w3e"
	dir := newRepo(t)
	write := func(name, content string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".remnant-guard.toml", "[[secrets.rules]]\nid = \"secret-acme-token\"\ndescription = \"ACME internal token\"\n"+
		"keywords = [\"acme_\"]\nregex = '''acme_[a-z0-9]{32}'''\n")
	write("docs/memory/manifest.md", "# Memory Manifest\n\n## MemoryCustodian Protocol\n- protocol_version: 0.5\n\n## Always load\n- brief.md\n")
	write("docs/memory/brief.md", "# Brief\n\n- x\n")
	name := "docs/memory/areas/" + secret + ".md"
	write(name, "# Area\n\ntoken "+secret+"\n")
	for _, c := range []struct{ agent, event, tool string }{
		{"claude", "PostToolUse", "Write"},
		{"gemini", "AfterTool", "write_file"},
	} {
		payload, _ := json.Marshal(map[string]any{
			"hook_event_name": c.event, "session_id": "s", "cwd": dir, "tool_name": c.tool,
			"tool_input": map[string]string{"file_path": filepath.Join(dir, filepath.FromSlash(name))},
		})
		var stdout, stderr bytes.Buffer
		run([]string{"agent-hook", "--agent", c.agent}, bytes.NewReader(payload), &stdout, &stderr)
		out := stdout.String() + stderr.String()
		if !strings.Contains(out, "secret-acme-token") {
			t.Fatalf("%s: the answer does not report the config's rule:\n%s", c.agent, out)
		}
		if strings.Contains(out, secret[4:12]) {
			t.Errorf("%s: the answer quotes the secret:\n%s", c.agent, out)
		}
	}
}
