package gitutil

import (
	"bytes"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// configPieces are the lines generated configs are made of: common forms,
// and the corners of git's syntax (quotes, escapes, continuations,
// comments, odd headers), valid and not.
var configPieces = []string{
	"[core]", "[Core]", "[extensions]", "[core \"sub\"]", "[core.Sub]", "[remote \"Origin\"]",
	"[include]", "[includeIf \"gitdir:/x/\"]", "[a-b]", "[ core ]", "[core] bare = true", "[]", "[x \"\"]",
	"[x \"a\\\"b\"]", "[x \"a\\\\b\"]", "[x \"a\\nb\"]", "[x  \"two  spaces\"]", "[x\t\"tab\"]", "[x \"q\"] # c",
	"\tbare = false", "bare", "bare =", "bare = yes", "Bare = TRUE", "bare = 1", "bare=0", "bare ; c",
	"worktree = /tmp/wt", "objectformat = sha256", "objectFormat = SHA1", "refstorage = reftable",
	"worktreeconfig = true", "repositoryformatversion = 1", "filemode = true",
	"name = a b  c", "name = \"a  b\"", "name = \"a ; b\" ; c", "name = a # c", "name = \"unclosed",
	"name = a\\\n  b", "name = a\\tb\\nc\\\\d\\\"e", "name = a\\qb", "name = \"\"", "name =  \t x \t ",
	"name = trailing\\", "name = x\r", "path = ~/x", "9bad = x", "-bad = x", "bad_key = x", "ke-y = v",
	"# comment", "; comment", "", "   ", "\t# indented comment", "url = https://a/b?c=d#e",
}

func TestParseGitConfigMatchesGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewSource(13))
	accepted, refused := 0, 0
	for i := 0; i < 400; i++ {
		var b strings.Builder
		if i%3 != 0 {
			b.WriteString("[core]\n")
		}
		for n := rng.Intn(6) + 1; n > 0; n-- {
			b.WriteString(configPieces[rng.Intn(len(configPieces))])
			if rng.Intn(8) == 0 {
				b.WriteString("\r")
			}
			b.WriteString("\n")
		}
		text := b.String()
		file := filepath.Join(dir, "config")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("git", "config", "--file", file, "--no-includes", "--list", "-z")
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		out, gitErr := cmd.Output()
		cfg, ok := parseGitConfig([]byte(text))
		switch {
		case gitErr != nil && ok:
			t.Errorf("git refuses this config, the reader takes it:\n%q", text)
		case !ok:
			refused++
		default:
			accepted++
			if got := listZ(cfg); got != string(out) {
				t.Errorf("config %q:\nreader %q\ngit    %q", text, got, out)
			}
		}
	}
	t.Logf("compared %d configs with git; the reader refused %d others", accepted, refused)
	if accepted < 100 {
		t.Errorf("the reader took only %d of 400 configs (refused %d): too few to compare", accepted, refused)
	}
}

// listZ prints cfg as `git config --list -z` does.
func listZ(cfg *gitConfig) string {
	var b bytes.Buffer
	for _, e := range cfg.entries {
		b.WriteString(e.name())
		if e.hasValue {
			b.WriteString("\n" + e.value)
		}
		b.WriteByte(0)
	}
	return b.String()
}

func TestGitConfigBooleans(t *testing.T) {
	cfg, ok := parseGitConfig([]byte("[core]\n\tbare\n[extensions]\n\tworktreeConfig =\n\tobjectformat = SHA256\n[core \"x\"]\n\tworktree = /a\n"))
	if !ok {
		t.Fatal("refused")
	}
	if !cfg.isTrue("core", "bare") || cfg.isTrue("extensions", "worktreeconfig") {
		t.Error("a bare key is true, an empty value false")
	}
	if _, ok := cfg.last("core", "worktree"); ok {
		t.Error(`[core "x"] worktree is not core.worktree`)
	}
	if e, _ := cfg.last("extensions", "objectformat"); e.value != "SHA256" {
		t.Errorf("objectformat = %q", e.value)
	}
}

// FuzzParseGitConfig: the reader never panics on any text.
func FuzzParseGitConfig(f *testing.F) {
	for _, p := range configPieces {
		f.Add("[core]\n" + p + "\n")
	}
	f.Fuzz(func(t *testing.T, text string) {
		if cfg, ok := parseGitConfig([]byte(text)); ok {
			for _, e := range cfg.entries {
				if e.section == "" || e.key == "" {
					t.Fatalf("entry without a section or key from %q", text)
				}
			}
		}
	})
}
