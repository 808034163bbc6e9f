package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/remnant-guard/remnant-guard/internal/mockmodel"
)

// realRepo is a repository that uses Remnant, a fresh home folder, and
// remnant-guard on PATH, for a real client's session.
type realRepo struct {
	dir      string // the repository's top
	home     string
	fixtures string // files the scripted model copies in with the shell
	path     string // PATH with remnant-guard first
	bin      string // the remnant-guard binary
}

// The secret the scripted model writes into memory: none of it beyond the
// first 4 characters may come back from the hooks.
const (
	realSecret     = "ghp_8r6Jk2LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq"
	realSecretTail = "LmQw9ZxT4bN7vC1dF5hY3uE0pA2sKq"
)

func newRealRepo(t *testing.T, bin string) *realRepo {
	t.Helper()
	r := &realRepo{dir: t.TempDir(), home: t.TempDir(), fixtures: t.TempDir(), bin: bin}
	binDir := t.TempDir()
	if err := os.Symlink(bin, filepath.Join(binDir, "remnant-guard")); err != nil {
		t.Fatal(err)
	}
	r.path = binDir + string(os.PathListSeparator) + os.Getenv("PATH")
	r.git(t, "init", "-q", "-b", "main")
	r.write(t, ".gitignore", "/REMNANT.md\n")
	r.write(t, "main.go", "package main\n")
	os.MkdirAll(filepath.Join(r.dir, "sub"), 0o755)
	r.write(t, "sub/util.go", "package sub\n")
	r.git(t, "add", "-A")
	r.git(t, "commit", "-q", "-m", "start")
	r.write(t, "REMNANT.md", handoff("2026-05-05", "Keep it small"))
	for name, text := range map[string]string{
		"broken.md": handoff("2026-05-05", "Keep it big"),
		"patch.txt": "*** Begin Patch\n*** Update File: REMNANT.md\n@@\n-- 2026-05-04 — Keep it small — easier to read.\n+- 2026-05-04 — Keep it big — easier to read.\n*** End Patch\n",
	} {
		if err := os.WriteFile(filepath.Join(r.fixtures, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// handoff is a Remnant v2 REMNANT.md dated date, whose first decision is
// "<choice> — easier to read".
func handoff(date, choice string) string {
	return `<!-- AGENT PROTOCOL: read this file fully before touching code.
     Never commit this file. -->
# Remnant - app

## Session
- version: 2
- date: ` + date + `
- agent: claude-code
- duration: 5

## History
- None

## Done
- Nothing yet.

## Failed
- None.

## State
- Empty.

## Next
- Start.

## Blockers
- None.

## Decisions
- 2026-05-04 — ` + choice + ` — easier to read.

## Map
- main.go — entry point
`
}

// validHandoff is the handoff updated now.
func validHandoff() string {
	return strings.Replace(handoff(time.Now().UTC().Format(time.RFC3339), "Keep it small"), "- Nothing yet.", "- Wrote the handoff.", 1)
}

// secretHandoff carries the secret in its State.
func secretHandoff() string {
	return strings.Replace(handoff("2026-05-05", "Keep it small"), "- Empty.", "- token "+realSecret, 1)
}

func (r *realRepo) write(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(r.dir, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func (r *realRepo) git(t *testing.T, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=Ada", "-c", "user.email=ada@example.com"}, args...)...)
	cmd.Dir = r.dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+r.home)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", args, err, out)
	}
}

// reset puts the working tree back to its start between sessions.
func (r *realRepo) reset(t *testing.T) {
	t.Helper()
	r.git(t, "clean", "-fdq", "-e", "/.claude/", "-e", "/.gemini/", "-e", "/.codex/", "-e", "/.github/")
	r.git(t, "checkout", "-q", ".")
	r.write(t, "REMNANT.md", handoff("2026-05-05", "Keep it small"))
}

// remnantGuard runs the binary in the repository, as a user would.
func (r *realRepo) remnantGuard(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(r.bin, args...)
	cmd.Dir = r.dir
	cmd.Env = append(os.Environ(), "HOME="+r.home, "PATH="+r.path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("remnant-guard %s: %v\n%s", args, err, out)
	}
	return string(out)
}

// runClient runs one headless session of a client in dir against a mock
// model serving steps, and returns the mock (its requests) and what the
// client printed.
func runClient(t *testing.T, api mockmodel.API, steps []mockmodel.Step, dir string, setup func(url string), env []string, argv ...string) (*mockmodel.Server, string) {
	t.Helper()
	srv, err := mockmodel.Start(api, steps)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	if setup != nil {
		setup(srv.URL)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = nil // Codex reads a prompt from stdin when it is open
	for i, e := range cmd.Env {
		cmd.Env[i] = strings.ReplaceAll(e, "@URL@", srv.URL)
	}
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("%s: no end after 2 minutes\n%s", argv[0], out)
	}
	if err != nil {
		t.Logf("%s: %v", argv[0], err)
	}
	return srv, string(out)
}

// countIn counts s in each request.
func countIn(reqs []string, s string) []int {
	out := make([]int, len(reqs))
	for i, r := range reqs {
		out[i] = strings.Count(r, s)
	}
	return out
}

// checkSession checks the requests of the main session's script: a broken
// REMNANT.md written, one with a secret, a valid one, a file that is not
// memory, REMNANT.md broken again through the shell, then two ends of the
// turn. stopMark is how the client shows the stop gate's text.
func checkSession(t *testing.T, client string, reqs []string, out, stopMark string) {
	t.Helper()
	if len(reqs) != 7 {
		t.Fatalf("%s made %d requests of the model, want 7 (5 tool calls, a stop the gate blocks, a stop it lets end)\n%s", client, len(reqs), out)
	}
	if !strings.Contains(reqs[0], "Remnant (REMNANT.md, local handoff memory)") {
		t.Errorf("the first request holds no start context\n%s", reqs[0])
	}
	want := []int{0, 1, 2, 2, 2, 2, 2}
	if got := countIn(reqs, "breaks the memory rules"); !equalInts(got, want) {
		t.Errorf("reports of a broken memory write per request: %v, want %v (each write reported in the next request; a valid one and one that is not memory silent)", got, want)
	}
	if !strings.Contains(reqs[1], "remnant-decisions-append-only") {
		t.Errorf("the request after the broken write does not name the rule\n%s", reqs[1])
	}
	reported := false
	for _, h := range hookTexts(reqs[2]) {
		reported = reported || strings.Contains(h, "[secret-github-pat]")
	}
	if !reported {
		t.Errorf("the request after the secret's write does not report it\n%s", reqs[2])
	}
	// The client may echo what the model wrote (Gemini CLI shows the file
	// it wrote); what the hooks said must not hold the secret.
	for i, req := range reqs {
		for _, h := range hookTexts(req) {
			if strings.Contains(h, realSecretTail) {
				t.Errorf("request %d: the hooks' text holds the secret: %s", i+1, h)
			}
		}
	}
	if strings.Contains(reqs[5], "needs its handoff") {
		t.Errorf("the gate spoke before the end of the turn\n%s", reqs[5])
	}
	for _, s := range []string{stopMark, "this session changed the repository", "remnant-decisions-append-only", "REMNANT.md was not updated in this session"} {
		if !strings.Contains(reqs[6], s) {
			t.Errorf("the request after the first stop does not hold %q", s)
		}
	}
}

// checkShell checks a session that only broke REMNANT.md through the
// shell: no write hook fires, the gate at the end of the turn judges it.
func checkShell(t *testing.T, client string, reqs []string, out string) {
	t.Helper()
	if len(reqs) != 3 {
		t.Fatalf("%s made %d requests of the model, want 3 (the shell, a stop the gate blocks, a stop it lets end)\n%s", client, len(reqs), out)
	}
	if strings.Contains(reqs[1], "remnant-guard:") && strings.Contains(reqs[1], "breaks the memory rules") {
		t.Errorf("a write hook reported the shell's change\n%s", reqs[1])
	}
	for _, s := range []string{"memory files changed in this session (REMNANT.md) break the memory rules", "remnant-decisions-append-only"} {
		if !strings.Contains(reqs[2], s) {
			t.Errorf("the request after the first stop does not hold %q\n%s", s, reqs[2])
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// hookTexts finds what remnant-guard said in a request: each text from
// "remnant-guard: " to the end of the JSON string that holds it.
func hookTexts(req string) []string {
	var out []string
	for i := 0; ; {
		j := strings.Index(req[i:], "remnant-guard: ")
		if j < 0 {
			return out
		}
		start := i + j
		end := start
		for end < len(req) && (req[end] != '"' || req[end-1] == '\\') {
			end++
		}
		out = append(out, req[start:end])
		i = end
	}
}

// pathWithout is PATH without the folders that hold a program called name
// (the test binary's own folder holds remnant-guard).
func pathWithout(name string) string {
	var keep []string
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(d, name)); err != nil {
			keep = append(keep, d)
		}
	}
	return strings.Join(keep, string(os.PathListSeparator))
}
