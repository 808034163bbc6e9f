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

// TestRouteMasksConfigRuleSecrets: route and check --routing read the
// config but build no secret engine; what they print of the memory (a
// module's name in JSON, the packed context of --budget) must still mask
// a secret only a [[secrets.rules]] rule of the config reports.
func TestRouteMasksConfigRuleSecrets(t *testing.T) {
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
	// the upstream template, whose routing is complete, with a secret in
	// a memory line and in a module's name
	tmpl := filepath.Join("..", "..", "validate", "custodian", "testdata", "template")
	mds, _ := filepath.Glob(filepath.Join(tmpl, "*.md"))
	if len(mds) == 0 {
		t.Fatal("no MemoryCustodian template in " + tmpl)
	}
	for _, md := range mds {
		data, err := os.ReadFile(md)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(md) == "decisions.md" {
			data = append(data, "- note "+secret+"\n"...)
		}
		write("docs/memory/"+filepath.Base(md), string(data))
	}
	write("docs/memory/brief.md", "# Project Brief\n\nPurpose:\n- token "+secret+"\n")
	write("docs/memory/areas/"+secret+".md", "# Area\n\nx\n")
	t.Chdir(dir)
	for _, args := range [][]string{
		{"route", "--task", "planning", "--budget"},
		{"check", "--routing", "--format", "json"},
	} {
		var stdout, stderr bytes.Buffer
		run(args, strings.NewReader(""), &stdout, &stderr)
		out := stdout.String() + stderr.String()
		if !strings.Contains(out, "acme") {
			t.Fatalf("%s: nothing of the memory printed:\n%s", args, out)
		}
		if strings.Contains(out, secret[4:12]) {
			t.Errorf("%s: the output quotes the secret:\n%s", args, out)
		}
	}
}
