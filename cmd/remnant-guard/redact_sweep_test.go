package main

import (
	"bytes"
	"context"
	"crypto/rand"
	encjson "encoding/json"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/remnant-guard/remnant-guard/validate/secrets"
)

// plantedSecret is one secret of a kind the built-in rules report, and a
// line that holds it as the scanner recognises it. public is the length of
// the fixed prefix of the kind (ghp_, AKIA, ...), which is no secret: only
// the runs that hold at least 4 of the secret's own characters are looked
// for (a finding may show 4; a run with fewer, like "k_live_a", also
// occurs by chance in the rules' own examples).
type plantedSecret struct {
	kind, value, line string
	public            int
}

// name is the line as a file name, without spaces; "" when it holds a
// slash.
func (s plantedSecret) name() string {
	if strings.Contains(s.line, "/") {
		return ""
	}
	return strings.ReplaceAll(strings.ReplaceAll(s.line, " = ", "="), " ", "-")
}

// randomFrom draws n characters of alphabet with crypto/rand, so that no
// secret looks like a placeholder.
func randomFrom(t *testing.T, alphabet string, n int) string {
	t.Helper()
	b := make([]byte, n)
	for i := range b {
		k, err := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		if err != nil {
			t.Fatal(err)
		}
		b[i] = alphabet[k.Int64()]
	}
	return string(b)
}

const (
	upperDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	alnum       = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	lowerAlnum  = "abcdefghijklmnopqrstuvwxyz0123456789"
)

// plantSecrets makes secrets of ten kinds, each checked to be reported by
// the built-in engine on its own line, so that the sweep plants real ones.
func plantSecrets(t *testing.T) []plantedSecret {
	t.Helper()
	aws := "AKIA" + randomFrom(t, upperDigits, 16)
	awsSecret := randomFrom(t, alnum+"+", 40)
	ghp := "ghp_" + randomFrom(t, alnum, 36)
	glpat := "glpat-" + randomFrom(t, alnum, 20)
	slack := "xoxb-" + randomFrom(t, "0123456789", 12) + "-" + randomFrom(t, "0123456789", 13) + "-" + randomFrom(t, alnum, 24)
	stripe := "sk_live_" + randomFrom(t, alnum, 24)
	google := "AIza" + randomFrom(t, alnum+"-_", 35)
	urlPass := randomFrom(t, alnum, 6) + "!" + randomFrom(t, "0123456789", 4)
	generic := randomFrom(t, alnum, 20)
	npm := "npm_" + randomFrom(t, alnum, 36)
	out := []plantedSecret{
		{"aws-access-key", aws, "aws_access_key_id = " + aws, 4},
		{"aws-secret-key", awsSecret, "aws_secret_access_key=" + awsSecret, 0},
		{"github-pat", ghp, "token " + ghp, 4},
		{"gitlab-pat", glpat, "gitlab " + glpat, 6},
		{"slack-bot", slack, "slack " + slack, 5},
		{"stripe", stripe, "stripe " + stripe, 8},
		{"google-api", google, "google_key = " + google, 4},
		{"url-password", urlPass, "https://admin:" + urlPass + "@db.internal.example.com/prod", 0},
		{"generic-password", generic, `password = "` + generic + `"`, 0},
		{"npm", npm, "npm " + npm, 4},
	}
	e, err := secrets.NewEngine(secrets.BuiltinRules(), secrets.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range out {
		if found, _ := e.ScanFile("x.txt", []byte(s.line+"\n")); len(found) == 0 {
			t.Fatalf("the engine does not report the planted %s secret in %q", s.kind, s.line)
		}
		if n := s.name(); n != "" {
			if found, _ := e.ScanFile("x.txt", []byte("notes/"+n+".txt\n")); len(found) == 0 {
				t.Fatalf("the engine does not report the planted %s secret in the file name %q", s.kind, n)
			}
		}
	}
	return out
}

// TestNoSecretInAnyOutput plants secrets of ten kinds in every section of
// REMNANT.md, in AGENTS.md, the MemoryCustodian manifest, the config and
// file names, runs every reporting command in every format (and with
// --output, a GitHub step summary and --write-ignore), and checks that no
// 8-character run of any secret appears in anything the tool prints or
// writes.
func TestNoSecretInAnyOutput(t *testing.T) {
	bin := buildBinary(t)
	planted := plantSecrets(t)
	dir := newRepo(t)
	sw := &sweep{t: t, bin: bin, dir: dir}
	gitIn(t, dir, "config", "user.name", "Ada")
	gitIn(t, dir, "config", "user.email", "ada@example.com")
	sw.write(".gitignore", "REMNANT.md\n")
	sw.write("docs/memory/brief.md", "# Brief\n\n- "+lines(planted, "\n- ")+"\n")
	sw.write("docs/memory/manifest.md", manifest(planted))
	sw.write("AGENTS.md", "# Agents\n\n## "+planted[2].line+"\n\n- "+lines(planted, "\n- ")+"\n")
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "commit", "-q", "--no-verify", "-m", "base")
	gitIn(t, dir, "tag", "base")

	// The local REMNANT.md: secrets in every section, the Map and
	// Decisions included; a first check records the Decisions, then an
	// entry is edited so that the append-only error quotes it.
	sw.write("REMNANT.md", remnant(planted, "first"))
	sw.run("check")
	sw.write("REMNANT.md", remnant(planted, "edited "+planted[7].line))
	for i, s := range planted {
		if n := s.name(); n != "" {
			sw.write("notes/"+n+".txt", s.line+"\n")
		}
		sw.write(fmt.Sprintf("sub%d/REMNANT.md", i), remnant(planted, s.line))
	}
	gitIn(t, dir, "add", "-A", "-f", "notes", ".")
	for _, f := range []string{"text", "json", "sarif", "github", "gitlab"} {
		sw.run("check", "--format", f)
		sw.run("pre-commit", "--format", f)
		sw.run("scan", "--format", f)
		sw.run("check", "--format", f, "--output", filepath.Join(sw.out(), "check."+f))
	}
	sw.env = []string{"GITHUB_STEP_SUMMARY=" + filepath.Join(sw.out(), "summary.md")}
	sw.run("check", "--format", "github")
	sw.env = nil
	sw.run("route", "--task", planted[2].value)
	sw.run("route", "--task", "implementation", "--area", planted[0].value, "--format", "json")
	sw.run("route", "--task", "implementation")
	gitIn(t, dir, "commit", "-q", "--no-verify", "-m", "head "+planted[3].line)
	for _, f := range []string{"text", "json", "sarif", "github", "gitlab"} {
		sw.run("ci", "--base", "base", "--format", f)
		sw.run("scan", "--history", "--format", f)
	}
	sw.write("later-"+planted[4].name()+".txt", planted[4].line+"\n"+planted[6].line+"\n")
	gitIn(t, dir, "add", "-A", ".")
	sw.run("pre-commit", "--write-ignore")
	sw.run("scan", "--write-ignore")

	// Config files that are wrong in ways whose errors quote a value.
	for i, cfg := range []string{
		"\"" + planted[2].line + "\" = 1\n",
		"[limits]\nmax_lines = \"" + planted[1].line + "\"\n",
		"paths = [\"/" + planted[0].line + "\"]\n",
		"[secrets]\nexclude_paths = [\"[" + planted[5].line + "\"]\n",
		"[rules]\n\"" + planted[9].line + "\" = \"off\"\n",
		"[rules]\nremnant-title = \"" + planted[6].line + "\"\n",
		"[custodian]\ndir = \"../" + planted[3].line + "\"\n",
		"[custodian.areas]\n\"" + strings.ReplaceAll(planted[8].line, `"`, `'`) + "\" = []\n",
		"x = \"" + planted[7].line + "\n",
	} {
		sw.write(".remnant-guard.toml", "# config "+fmt.Sprint(i)+"\n"+cfg)
		sw.run("check")
		sw.run("pre-commit", "--format", "json")
	}
	os.Remove(filepath.Join(dir, ".remnant-guard.toml"))
	sw.write(".remnant-guard-ignore", planted[2].line+"\n")
	sw.run("check")
	sw.write(".remnant-guard-ignore", "")

	written := sw.files(filepath.Join(dir, ".remnant-guard-ignore"), sw.out(), filepath.Join(dir, ".git", "remnant-guard"))
	for name, text := range written {
		if ext := filepath.Ext(name); (ext == ".json" || ext == ".sarif" || ext == ".gitlab") && !encjson.Valid([]byte(text)) {
			t.Errorf("the masked report %s is not valid JSON", name)
		}
	}
	for _, s := range planted {
		for i := max(0, s.public-4); i+8 <= len(s.value); i++ {
			run := s.value[i : i+8]
			for name, text := range sw.outputs {
				if strings.Contains(text, run) {
					t.Errorf("%s secret: %q appears in %s:\n%s", s.kind, run, name, excerpt(text, run))
				}
			}
			for name, text := range written {
				if strings.Contains(text, run) {
					t.Errorf("%s secret: %q appears in the written file %s:\n%s", s.kind, run, name, excerpt(text, run))
				}
			}
		}
	}
	if sw.runs < 40 {
		t.Errorf("only %d runs", sw.runs)
	}
}

type sweep struct {
	t       *testing.T
	bin     string
	dir     string
	env     []string
	stdin   string
	runs    int
	outputs map[string]string
}

func (s *sweep) out() string {
	d := filepath.Join(s.dir, "..", "out")
	os.MkdirAll(d, 0o755)
	return d
}

func (s *sweep) write(name, content string) {
	s.t.Helper()
	p := filepath.Join(s.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		s.t.Fatal(err)
	}
}

// run runs the binary with a timeout; a panic or a hang fails the test.
func (s *sweep) run(args ...string) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.bin, args...)
	cmd.Dir = s.dir
	cmd.Env = append(append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+s.dir), s.env...)
	cmd.Stdin = strings.NewReader(s.stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	out := append(stdout.Bytes(), stderr.Bytes()...)
	if json := slices.Contains(args, "json") || slices.Contains(args, "sarif") || slices.Contains(args, "gitlab"); json &&
		stdout.Len() > 0 && !slices.Contains(args, "--output") && !encjson.Valid(stdout.Bytes()) {
		s.t.Errorf("%s: the masked output is not valid JSON:\n%s", args, stdout.Bytes())
	}
	if ctx.Err() != nil {
		s.t.Fatalf("%s did not finish within its timeout", args)
	}
	if strings.Contains(string(out), "panic:") || strings.Contains(string(out), "goroutine ") {
		s.t.Fatalf("%s panicked:\n%s", args, out)
	}
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			s.t.Fatal(err)
		}
	}
	if s.outputs == nil {
		s.outputs = map[string]string{}
	}
	s.runs++
	s.outputs[fmt.Sprintf("run %d (%s)", s.runs, strings.Join(args, " "))] = string(out)
}

// files reads every file under the given paths.
func (s *sweep) files(paths ...string) map[string]string {
	out := map[string]string{}
	for _, p := range paths {
		filepath.Walk(p, func(path string, fi os.FileInfo, err error) error {
			if err == nil && fi.Mode().IsRegular() {
				data, _ := os.ReadFile(path)
				out[path] = string(data)
			}
			return nil
		})
	}
	if len(out) < 3 {
		s.t.Errorf("only %d written files to look into: %v", len(out), out)
	}
	return out
}

func lines(planted []plantedSecret, sep string) string {
	var l []string
	for _, s := range planted {
		l = append(l, s.line)
	}
	return strings.Join(l, sep)
}

// remnant is a REMNANT.md with the secrets in every section; last is the
// text of the first Decisions entry.
func remnant(planted []plantedSecret, last string) string {
	all := "- " + lines(planted, "\n- ") + "\n"
	var m strings.Builder
	for _, s := range planted {
		fmt.Fprintf(&m, "- %s — key\n- missing/%s — key\n", s.line, s.name())
	}
	return "# Remnant - " + planted[0].value + "\n\n## Session\n- version: 2\n- date: 2020-01-01\n- agent: " + planted[1].value +
		"\n- duration: 30\n\n## History\n- 2019-12-31 (" + planted[2].value + ", 10m): " + planted[3].line +
		"\n\n## Done\n" + all + "\n## Failed\n" + all + "\n## State\n" + all + "\n## Next\n" + all + "\n## Blockers\n" + all +
		"\n## Decisions\n- 2019-12-30 — " + last + " — " + planted[4].line + "\n- 2019-12-31 — " + planted[5].line + " — why\n\n## Map\n" + m.String() +
		"\n## " + planted[6].line + "\n" + all
}

func manifest(planted []plantedSecret) string {
	var b strings.Builder
	b.WriteString("# Memory Manifest\n\n## MemoryCustodian Protocol\n- protocol_version: 0.5\n\n## Always load\n- brief.md\n- " + planted[0].value + ".md\n\n## Load by task\n\n")
	for _, s := range planted {
		fmt.Fprintf(&b, "### %s\nLoad:\n- %s.md\n- brief.md\n\n", s.line, s.value)
	}
	b.WriteString("### Implementation / execution / debugging\nLoad:\n- brief.md\n- " + planted[8].line + "\n")
	return b.String()
}

// excerpt is the line of text that holds run.
func excerpt(text, run string) string {
	i := strings.Index(text, run)
	start := strings.LastIndexByte(text[:i], '\n') + 1
	end := strings.IndexByte(text[i:], '\n')
	if end < 0 {
		return text[start:]
	}
	return text[start : i+end]
}
