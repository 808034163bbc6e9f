package hooks

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// fakeGitHubToken builds a token of the GitHub shape at test time, so that
// no token sits in the source.
func fakeGitHubToken() string {
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	r := rand.New(rand.NewPCG(7, 11))
	var b strings.Builder
	b.WriteString("ghp_")
	for range 36 {
		b.WriteByte(alnum[r.IntN(len(alnum))])
	}
	return b.String()
}

// gitRepo makes a repository in a temporary directory with files written
// and committed (force-added, so that ignore rules do not apply).
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git(t, dir, "add", "-f", ".")
	git(t, dir, "commit", "-q", "-m", "initial")
	return dir
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir,
		"GIT_AUTHOR_NAME=Ada", "GIT_AUTHOR_EMAIL=ada@example.com",
		"GIT_COMMITTER_NAME=Ada", "GIT_COMMITTER_EMAIL=ada@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

const agentsMD = "# Agent rules\n\nRun the tests before you stop.\n"

func rulesAt(rep *report.Report) map[string]string {
	out := map[string]string{}
	for _, f := range rep.Findings {
		out[f.Path] += f.RuleID + " "
	}
	return out
}

func TestCheckFiles(t *testing.T) {
	token := fakeGitHubToken()
	dir := gitRepo(t, map[string]string{
		"REMNANT.md": "# Remnant - x\n",
		"config.env": "GITHUB_TOKEN=" + token + "\n",
		"AGENTS.md":  agentsMD,
		"main.go":    "package main\n",
	})
	files := []string{"REMNANT.md", "config.env", "AGENTS.md", "main.go", "gone.txt", "config.env"}
	for _, tc := range []struct {
		only          validate.Family
		remnant, leak bool
	}{
		{"", true, true},
		{validate.Memory, true, false},
		{validate.Secrets, false, true},
	} {
		rep, err := checkNamedFiles(Options{Dir: dir, Only: tc.only}, files)
		if err != nil {
			t.Fatalf("only %q: %v", tc.only, err)
		}
		at := rulesAt(rep)
		if got := strings.Contains(at["REMNANT.md"], "remnant-staged"); got != tc.remnant {
			t.Errorf("only %q: remnant-staged reported %v, want %v (%v)", tc.only, got, tc.remnant, at)
		}
		if got := strings.Contains(at["config.env"], "secret-github-pat"); got != tc.leak {
			t.Errorf("only %q: token reported %v, want %v (%v)", tc.only, got, tc.leak, at)
		}
		if at["AGENTS.md"] != "" || at["main.go"] != "" {
			t.Errorf("only %q: findings in clean files: %v", tc.only, at)
		}
		if rep.Checked != 4 {
			t.Errorf("only %q: checked %d files, want 4", tc.only, rep.Checked)
		}
		for _, f := range rep.Findings {
			if strings.Contains(f.Message+f.Hint, token) {
				t.Errorf("finding shows the whole token: %s", f.Message)
			}
		}
		if !rep.Blocking(validate.Error) {
			t.Errorf("only %q: report does not block", tc.only)
		}
	}
}

func TestCheckFilesUntrackedRemnant(t *testing.T) {
	dir := gitRepo(t, map[string]string{".gitignore": "REMNANT.md\n"})
	src, err := os.ReadFile("../validate/remnant/testdata/valid/worked-example/REMNANT.md")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "REMNANT.md"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := checkNamedFiles(Options{Dir: dir}, []string{"REMNANT.md", ".gitignore"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Blocking(validate.Error) {
		t.Errorf("an ignored, valid REMNANT.md blocks: %v", rulesAt(rep))
	}
}

func TestCheckFilesMemoryRules(t *testing.T) {
	dir := gitRepo(t, map[string]string{"REMNANT.template.md": "# not a template\n"})
	rep, err := checkNamedFiles(Options{Dir: dir, Only: validate.Memory}, []string{"REMNANT.template.md"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rulesAt(rep)["REMNANT.template.md"], "template-schema") {
		t.Errorf("broken template not reported: %v", rulesAt(rep))
	}
}
