package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// lefthookModule is the lefthook release the quick start is tested with.
const lefthookModule = "github.com/evilmartians/lefthook@v1.13.6"

// withBin builds remnant-guard from the working copy into a bin directory
// of the sandbox and puts it first on PATH, as `go install` would.
func (s *sandbox) withBin() string {
	s.t.Helper()
	bin := filepath.Join(s.dir, "bin")
	linkBuilt(s.t, filepath.Join(bin, "remnant-guard"))
	for i, kv := range s.env {
		if strings.HasPrefix(kv, "PATH=") {
			s.env[i] = "PATH=" + bin + string(os.PathListSeparator) + strings.TrimPrefix(kv, "PATH=")
		}
	}
	s.env = append(s.env, "GOBIN="+bin)
	return bin
}

// expectGuarded commits a clean file, then tries REMNANT.md and a token,
// which the installed hook must refuse.
func (s *sandbox) expectGuarded(t *testing.T, repo string) {
	t.Helper()
	if out, ok := s.commitFile(repo, "main.go", "package main\n"); !ok {
		t.Errorf("clean commit refused:\n%s", out)
	}
	out, ok := s.commitFile(repo, "REMNANT.md", validRemnant(t))
	if ok || !strings.Contains(out, "remnant-staged") {
		t.Errorf("commit staging REMNANT.md: passed %v, want refused with remnant-staged:\n%s", ok, out)
	}
	out, ok = s.commitFile(repo, "config.env", "GITHUB_TOKEN="+fakeToken()+"\n")
	if ok || !strings.Contains(out, "secret-github-pat") {
		t.Errorf("commit staging a token: passed %v, want refused:\n%s", ok, out)
	}
}

// TestQuickStarts follows the README quick starts on fresh repositories,
// as a new user would, with the configuration and commands README shows.
func TestQuickStarts(t *testing.T) {
	t.Parallel() // it waits on other programs (git, go, pre-commit): its waits overlap other tests
	s := newSandbox(t)
	s.withBin()

	t.Run("git-hook", func(t *testing.T) {
		s := s.with(t)
		repo := s.newRepo("plain")
		s.must(repo, "sh", "-ec", strings.Replace(readmeBlock(t, "## Quick start", "```sh\n"), "cd your-repo\n", "", 1))
		s.must(repo, "sh", "-ec", readmeBlock(t, "### Plain git hook", "```sh\n"))
		s.must(repo, "git", "add", "-A")
		s.must(repo, "git", "commit", "-q", "-m", "set up remnant")
		s.expectGuarded(t, repo)
	})

	t.Run("agents", func(t *testing.T) {
		s := s.with(t)
		repo := s.newRepo("agents")
		s.must(repo, "sh", "-ec", readmeBlock(t, "### Coding agents", "```sh\n"))
		for _, f := range []string{".claude/settings.json", ".gemini/settings.json", ".codex/hooks.json"} {
			data, err := os.ReadFile(filepath.Join(repo, f))
			if err != nil || !strings.Contains(string(data), "agent-hook") {
				t.Errorf("%s after README's agent installs: %v\n%s", f, err, data)
			}
		}
	})

	t.Run("lefthook", func(t *testing.T) {
		testtier.Slow(t) // builds lefthook
		s := s.with(t)
		s.must(s.dir, "go", "install", lefthookModule)
		repo := s.newRepo("lefthook")
		s.write(filepath.Join(repo, "lefthook.yml"), readmeBlock(t, "### lefthook", "```yaml\n"))
		s.must(repo, "sh", "-ec", readmeBlock(t, "### lefthook", "```sh\n"))
		s.must(repo, "git", "add", "-A")
		s.must(repo, "git", "commit", "-q", "-m", "lefthook")
		s.expectGuarded(t, repo)
	})

	t.Run("husky", func(t *testing.T) {
		s := s.with(t)
		repo := s.newRepo("husky")
		// What `npx husky init` leaves: core.hooksPath at .husky/_, whose
		// hooks run the user's .husky/<hook>.
		s.write(filepath.Join(repo, ".husky/_/pre-commit"), "#!/bin/sh\nexec sh \"$(dirname \"$0\")/../pre-commit\" \"$@\"\n")
		os.Chmod(filepath.Join(repo, ".husky/_/pre-commit"), 0o755)
		s.must(repo, "git", "config", "core.hooksPath", ".husky/_")
		s.write(filepath.Join(repo, ".husky/pre-commit"), "remnant-guard pre-commit\n")
		s.must(repo, "git", "add", "-A")
		s.must(repo, "git", "commit", "-q", "-m", "husky")
		s.expectGuarded(t, repo)
	})

	t.Run("husky-npm", func(t *testing.T) {
		// The README's husky commands, as they are, with the real husky from
		// npm, in a repository that has no package.json.
		testtier.Slow(t) // installs husky from npm
		s := s.with(t)
		if _, err := exec.LookPath("npm"); err != nil {
			t.Skip("npm is not installed: the husky quick start needs it")
		}
		repo := s.newRepo("husky-npm")
		if home, err := os.UserHomeDir(); err == nil {
			s.env = append(s.env, "npm_config_cache="+filepath.Join(home, ".npm"))
		}
		snippet := readmeBlock(t, "### husky", "```sh\n")
		if out, ok := s.run(repo, "sh", "-ec", snippet); !ok {
			if strings.Contains(out, "ENOTFOUND") || strings.Contains(out, "EAI_AGAIN") || strings.Contains(out, "ECONNREFUSED") {
				t.Skipf("cannot install husky from npm (no network?):\n%s", out)
			}
			t.Fatalf("the README's husky commands failed:\n%s", out)
		}
		if got := strings.TrimSpace(s.must(repo, "git", "config", "core.hooksPath")); got != ".husky/_" {
			t.Fatalf("core.hooksPath = %q, want .husky/_", got)
		}
		s.must(repo, "git", "add", "-A")
		s.must(repo, "git", "commit", "-q", "-m", "husky")
		if out := s.must(repo, "git", "ls-files"); strings.Contains(out, "node_modules/") {
			t.Errorf("node_modules is committed:\n%s", out)
		}
		s.expectGuarded(t, repo)
	})

	t.Run("pre-commit", func(t *testing.T) {
		s := s.with(t)
		needTool(t, "pre-commit")
		// README's configuration, with a mirror of the working copy and its
		// commit for the published repository and the placeholder commit.
		mirror, rev := s.mirror()
		config := readmeBlock(t, "### pre-commit framework", "```yaml\n")
		const placeholder = "0123456789abcdef0123456789abcdef01234567"
		if !strings.Contains(config, "repo: "+upstreamURL+" ") || !strings.Contains(config, "rev: "+placeholder+" ") {
			t.Fatalf("README's pre-commit configuration no longer names %s and the commit %s:\n%s", upstreamURL, placeholder, config)
		}
		config = strings.ReplaceAll(strings.ReplaceAll(config, upstreamURL, mirror), placeholder, rev)
		repo := s.newRepo("framework")
		s.write(filepath.Join(repo, ".pre-commit-config.yaml"), config)
		s.must(repo, "git", "add", "-A")
		s.must(repo, "git", "commit", "-q", "-m", "pre-commit")
		// pre-commit install, then pre-commit run --all-files on the clean tree.
		s.must(repo, "sh", "-ec", readmeBlock(t, "### pre-commit framework", "```sh\n"))
		s.expectGuarded(t, repo)
	})
}

// readmeBlock returns the first fenced block that starts with fence after
// the heading in README.md.
func readmeBlock(t *testing.T, heading, fence string) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join(sourceRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("README.md has no %q", heading)
	}
	_, block, ok := strings.Cut(after, fence)
	if !ok {
		t.Fatalf("README.md has no %q block after %q", fence, heading)
	}
	block, _, _ = strings.Cut(block, "```")
	return block
}
