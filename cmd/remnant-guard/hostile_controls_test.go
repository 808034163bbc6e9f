package main

import (
	encjson "encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostileText is every character the escaping rule shows escaped: the C0
// controls but NUL and the line end (which a line of a file cannot hold),
// DEL, the C1 controls, the bidirectional controls and separators, and
// the escape sequences that clear a screen, set a window title and write
// the clipboard. CR is left to names: a file that holds one has another
// line ending.
func hostileText() string {
	var b strings.Builder
	b.WriteString("\x1b[2J\x1b]0;title\a\x1b]52;c;aGVsbG8=\a")
	for c := byte(1); c < 0x20; c++ {
		if c != '\n' && c != '\r' {
			b.WriteByte(c)
		}
	}
	b.WriteByte(0x7f)
	for r := rune(0x80); r <= 0x9f; r++ {
		b.WriteRune(r)
	}
	for _, r := range bidiRunes {
		b.WriteRune(r)
	}
	return b.String()
}

var bidiRunes = []rune{0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c, 0x2028, 0x2029}

// tomlEscaped is s as the inside of a TOML basic string.
func tomlEscaped(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r >= 0x80 {
			fmt.Fprintf(&b, `\u%04x`, r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// rawControl describes the first character of s that must never reach a
// terminal, a log or a viewer raw, or "" when there is none: a C0 control
// but a tab and a line end (\n, \r\n), DEL, a C1 control, a bidirectional
// control or separator, or a byte of invalid UTF-8. keepLines false
// refuses line ends and tabs too.
func rawControl(s string, keepLines bool) string {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			return fmt.Sprintf("invalid UTF-8 byte %#x at %d", s[i], i)
		case keepLines && (r == '\n' || r == '\t' || r == '\r' && strings.HasPrefix(s[i:], "\r\n")):
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
			return fmt.Sprintf("control %U at %d", r, i)
		default:
			for _, b := range bidiRunes {
				if r == b {
					return fmt.Sprintf("bidirectional control %U at %d", r, i)
				}
			}
		}
		i += n
	}
	return ""
}

// jsonStrings calls f with every string (keys included) of a JSON value.
func jsonStrings(v any, f func(string)) {
	switch v := v.(type) {
	case string:
		f(v)
	case []any:
		for _, e := range v {
			jsonStrings(e, f)
		}
	case map[string]any:
		for k, e := range v {
			f(k)
			jsonStrings(e, f)
		}
	}
}

// TestNoControlInAnyOutput plants every control, escape sequence and
// bidirectional control in every place remnant-guard quotes repository
// content from (REMNANT.md headings, Session keys and values, MemoryCustodian
// entries and route headings, file and folder names, branch names, CI event
// values, config keys, rule IDs), runs every command in every format, and
// checks the bytes of everything printed and written: none of them raw.
// The strings of the JSON reports are checked once decoded too, so that
// a SARIF or JSON viewer shows them escaped. A key-shaped secret no rule
// flags, after the word AWS in a heading, is shown by 4 characters at most.
func TestNoControlInAnyOutput(t *testing.T) {
	bin := buildBinary(t)
	bad := hostileText()
	awsKey := randomFrom(t, alnum, 36) + "/+" + randomFrom(t, "0123456789", 2)
	dir := newRepo(t)
	sw := &sweep{t: t, bin: bin, dir: dir}
	gitIn(t, dir, "config", "user.name", "Ada")
	gitIn(t, dir, "config", "user.email", "ada@example.com")
	cp := func(from, to string) {
		t.Helper()
		if err := os.CopyFS(filepath.Join(dir, to), os.DirFS(filepath.Join(sourceRoot(t), from))); err != nil {
			t.Fatal(err)
		}
	}
	cp("validate/custodian/testdata/valid/nightnotes", "docs/memory")
	sw.write(".gitignore", "REMNANT.md\n")
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "commit", "-q", "--no-verify", "-m", "base")
	gitIn(t, dir, "tag", "base")

	// Memory: a heading, a Session key and value, a Decisions entry, a
	// Map path; a MemoryCustodian decision and route heading; an old
	// decision edited, which the append-only error quotes.
	sw.write("REMNANT.md", "# Remnant\n\n## Session\n- version: 2\n- date: 2020-01-01\n- agent: a"+bad+
		"\n- k"+bad+": v\n- duration: 30\n\n## History\n\n## Done\n\n## Failed\n\n## State\n- s"+bad+
		"\n\n## Next\n\n## Blockers\n\n## Decisions\n- 2019-12-30 — d"+bad+" — why\n\n## Map\n- m"+bad+"/x.go — key\n\n## H"+bad+
		"\n\n## AWS "+awsKey+"\n")
	decisions := filepath.Join(dir, "docs/memory/decisions.md")
	old, err := os.ReadFile(decisions)
	if err != nil {
		t.Fatal(err)
	}
	sw.write("docs/memory/decisions.md", strings.Replace(string(old), "## 2026-03-02 - Export notes as Markdown",
		"## 2026-04-01 - T"+bad+"\n\n## 2026-03-02 - Export notes as Markdown"+bad, 1))
	manifest, err := os.ReadFile(filepath.Join(dir, "docs/memory/manifest.md"))
	if err != nil {
		t.Fatal(err)
	}
	sw.write("docs/memory/manifest.md", strings.Replace(string(manifest), "## Load by task\n", "## Load by task\n\n### R"+bad+"\nLoad:\n- brief.md\n", 1))

	// Names: a staged file and a folder holding a REMNANT.md, named with
	// every control, CR and LF, invalid UTF-8, and what GitHub's workflow
	// commands and Markdown take as syntax.
	name := "n" + bad + "\r\n\xff%:,|[x](y)`<b>.txt"
	sw.write(name, "token ghp_"+randomFrom(t, alnum, 36)+"\n")
	sw.write("s"+bad+"/REMNANT.md", "# Remnant\n\n## X"+bad+"\n")
	sw.write("::error file=forged.go::forged", "token ghp_"+randomFrom(t, alnum, 36)+"\n")
	gitIn(t, dir, "add", "-A", "-f", ".")

	formats := []string{"text", "json", "sarif", "github", "gitlab", "junit"}
	for _, f := range formats {
		sw.run("check", "--format", f)
		sw.run("pre-commit", "--format", f)
		sw.run("scan", "--format", f)
		sw.run("check", "--format", f, "--output", filepath.Join(sw.out(), "check."+f))
	}
	sw.env = []string{"GITHUB_STEP_SUMMARY=" + filepath.Join(sw.out(), "summary.md")}
	sw.run("pre-commit", "--format", "github")
	sw.env = nil
	sw.run("route", "--task", "t"+bad)
	sw.run("route", "--task", "implementation", "--area", "a"+bad, "--format", "json")
	sw.run("check", "--verbose", "s"+bad+"/REMNANT.md", name)

	// History: the commit and a branch named with the bidirectional and
	// C1 controls git allows in a ref name; ci over the range, pre-push
	// with the branch and hostile refs in git's input, CI event values.
	gitIn(t, dir, "commit", "-q", "--no-verify", "-m", "head "+bad)
	branch := "b\u202e\u2066\u0085x"
	gitIn(t, dir, "branch", branch)
	head := gitIn(t, dir, "rev-parse", "HEAD")
	base := gitIn(t, dir, "rev-parse", "base")
	for _, f := range formats {
		sw.run("ci", "--base", "base", "--format", f)
		sw.run("scan", "--history", "--format", f)
		sw.stdin = "refs/heads/" + branch + " " + head + " refs/heads/" + branch + " " + base + "\n"
		sw.run("pre-push", "--format", f, "origin", "u"+bad)
	}
	sw.stdin = "refs/heads/x" + bad + " " + head + " refs/heads/y " + bad + "\n"
	sw.run("pre-push", "origin", "url")
	sw.stdin = ""
	event := filepath.Join(t.TempDir(), "event.json")
	for i, ev := range []string{
		`{"before":"` + tomlEscaped(bad) + `\u0000","after":"` + head + `"}`,
		`{"pull_request":{"base":{"sha":"` + tomlEscaped(bad) + `"},"head":{"sha":"` + head + `"}}}`,
		`{"before":"` + strings.Repeat("0", 40) + `","after":"` + head + `","ref":"refs/heads/` + tomlEscaped(bad) +
			`","repository":{"default_branch":"` + tomlEscaped(bad) + `"}}`,
	} {
		if err := os.WriteFile(event, []byte(ev), 0o644); err != nil {
			t.Fatal(err)
		}
		kind := []string{"push", "pull_request", "push"}[i]
		sw.env = []string{"GITHUB_ACTIONS=true", "GITHUB_EVENT_NAME=" + kind, "GITHUB_EVENT_PATH=" + event}
		sw.run("ci")
	}
	sw.env = []string{"GITHUB_ACTIONS=true", "GITHUB_EVENT_NAME=e" + bad}
	sw.run("ci")
	sw.env = []string{"GITLAB_CI=true", "CI_PIPELINE_SOURCE=push", "CI_COMMIT_SHA=" + head, "CI_COMMIT_BRANCH=c" + bad, "CI_DEFAULT_BRANCH=d" + bad}
	sw.run("ci", "--format", "gitlab")
	sw.run("ci")
	sw.env = []string{"GITLAB_CI=true", "CI_MERGE_REQUEST_DIFF_BASE_SHA=m" + bad, "CI_COMMIT_SHA=" + head}
	sw.run("ci")
	sw.env = nil

	// Config: keys, rule IDs and values that quote it.
	for i, cfg := range []string{
		`"k` + tomlEscaped(bad) + "\" = 1\n",
		"[rules]\n\"r" + tomlEscaped(bad) + "\" = \"off\"\n",
		"[rules]\nremnant-title = \"v" + tomlEscaped(bad) + "\"\n",
		"paths = [\"/p" + tomlEscaped(bad) + "\"]\n",
		"[custodian]\ndir = \"../d" + tomlEscaped(bad) + "\"\n",
		"[[secrets.rules]]\nid = \"i" + tomlEscaped(bad) + "\"\nregex = '''token ghp_'''\n",
	} {
		sw.write(".remnant-guard.toml", "# config "+fmt.Sprint(i)+"\n"+cfg)
		sw.run("check")
		sw.run("pre-commit", "--format", "sarif")
	}
	os.Remove(filepath.Join(dir, ".remnant-guard.toml"))
	// A gitleaks config's rules: an ID and a description with controls.
	for _, id := range []string{"acme-token", "acme" + tomlEscaped(bad)} {
		sw.write(".gitleaks.toml", "[[rules]]\nid = \""+id+"\"\ndescription = \"Acme "+tomlEscaped(bad)+
			"\"\nregex = 'acme_[a-z0-9]{24}'\nkeywords = [\"acme_\"]\n")
		sw.write("acme.txt", "k = acme_"+randomFrom(t, lowerAlnum, 24)+"\n")
		gitIn(t, dir, "add", "acme.txt")
		for _, f := range []string{"text", "sarif", "github", "junit"} {
			sw.run("pre-commit", "--format", f)
		}
	}
	os.Remove(filepath.Join(dir, ".gitleaks.toml"))

	// Agents: the session's context quotes REMNANT.md; a write of it is
	// answered with its findings.
	for _, ev := range []string{
		`{"session_id":"s","cwd":%q,"hook_event_name":"SessionStart","source":"startup"}`,
		`{"session_id":"s","cwd":%q,"hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":"REMNANT.md"}}`,
		`{"session_id":"s","cwd":%q,"hook_event_name":"Stop"}`,
	} {
		sw.stdin = fmt.Sprintf(ev, dir)
		sw.run("agent-hook", "--agent", "claude")
	}
	sw.stdin = ""

	written := sw.files(sw.out())
	all := map[string]string{}
	for k, v := range sw.outputs {
		all[k] = v
	}
	for k, v := range written {
		all["written "+k] = v
	}
	var seen strings.Builder
	decoded, sessionStart := 0, 0
	for name, text := range all {
		seen.WriteString(text)
		if what := rawControl(text, true); what != "" {
			t.Errorf("%s: %s:\n%q", name, what, text)
			continue
		}
		// No line is a workflow command but the github format's own, in
		// which the forged one's colons are escaped: its properties end at
		// the first "::" after the command, and its message (which may
		// quote the name in a hint) does not start with the forged text.
		for _, l := range strings.Split(text, "\n") {
			l = strings.TrimSpace(l)
			if !strings.HasPrefix(l, "::") {
				continue
			}
			end := strings.Index(l[2:], "::")
			if !strings.Contains(name, "github") || end < 0 {
				t.Errorf("%s: a line reads as a workflow command: %q", name, l)
				continue
			}
			if msg := l[2+end+2:]; strings.HasPrefix(msg, "error file=forged") || strings.HasPrefix(msg, "forged") {
				t.Errorf("%s: a line reads as a forged workflow command: %q", name, l)
			}
		}
		// A report in JSON (stdout, or a file written with --output) or an
		// agent's answer: its strings, decoded, hold no control either,
		// line ends and tabs aside. Output that is not JSON decodes to
		// nothing.
		dec := encjson.NewDecoder(strings.NewReader(text))
		for {
			var v any
			if dec.Decode(&v) != nil {
				break
			}
			decoded++
			if m, ok := v.(map[string]any); ok {
				if h, ok := m["hookSpecificOutput"].(map[string]any); ok && h["hookEventName"] == "SessionStart" {
					sessionStart++
					// The escapes count in the context's bound.
					if c, _ := h["additionalContext"].(string); len(c) > 2000 || !strings.Contains(c, `\u0085`) {
						t.Errorf("%s: the session's context is %d bytes, escaped %v", name, len(c), strings.Contains(c, `\u0085`))
					}
				}
			}
			jsonStrings(v, func(s string) {
				if what := rawControl(s, true); what != "" {
					t.Errorf("%s: a JSON string holds %s: %q", name, what, s)
				}
			})
		}
		for i := 0; i+8 <= len(awsKey); i++ {
			if run := awsKey[i : i+8]; strings.Contains(text, run) {
				t.Errorf("%s: the key-shaped secret's %q appears:\n%s", name, run, excerpt(text, run))
			}
		}
	}
	// The hostile text was quoted, escaped, in the places it was planted.
	for _, want := range []string{
		`## H\x1b[2J\x1b]0;title\x07`, "Session key `k\\x1b[2", `\u202e`, `\u0085`, `\x7f`, `\xff%:,`, `\r\n`,
		"remnant-unknown-section", "custodian-", "AWS " + awsKey[:4] + "…", `Acme \x1b[2J`,
	} {
		if !strings.Contains(seen.String(), want) {
			t.Errorf("no output shows %q", want)
		}
	}
	if os.Getenv("HOSTILE_DUMP") != "" {
		for name, text := range all {
			t.Logf("== %s\n%s", name, text)
		}
	}
	if sessionStart != 1 {
		t.Errorf("%d SessionStart answers, want 1", sessionStart)
	}
	if decoded < 20 {
		t.Errorf("only %d JSON documents decoded", decoded)
	}
	if sw.runs < 60 {
		t.Errorf("only %d runs", sw.runs)
	}
}
