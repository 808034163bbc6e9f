package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// needTool finds an external program. Under CI (env CI set) a missing one
// fails the test; locally it skips it.
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed; CI must have it", name)
		}
		t.Skipf("%s is not installed", name)
	}
	return p
}

// fakeToken builds a token of the GitHub shape at test time, so that no
// token sits in the source.
func fakeToken() string {
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	r := rand.New(rand.NewPCG(3, 5))
	b := []byte("ghp_")
	for range 36 {
		b = append(b, alnum[r.IntN(len(alnum))])
	}
	return string(b)
}

// sandbox is the environment of commands run as a new user would: a HOME
// of its own, a git identity, no GIT_* variables of the test's own, and the
// Go module and build caches of this machine, so that builds need no
// network.
type sandbox struct {
	t   *testing.T
	dir string
	env []string
}

func newSandbox(t *testing.T) *sandbox {
	t.Helper()
	dir := t.TempDir()
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") && !strings.HasPrefix(kv, "GO") && !strings.HasPrefix(kv, "PRE_COMMIT") && !ciVar(kv) {
			env = append(env, kv)
		}
	}
	for _, k := range []string{"GOMODCACHE", "GOCACHE", "GOPROXY", "GOTOOLCHAIN", "GONOSUMDB", "GOFLAGS"} {
		out, err := exec.Command("go", "env", k).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", k, err)
		}
		v := strings.TrimSpace(string(out))
		if k == "GOFLAGS" {
			v = strings.TrimSpace("-mod=mod " + v)
		}
		env = append(env, k+"="+v)
	}
	home := filepath.Join(dir, "home")
	os.MkdirAll(home, 0o755)
	env = append(env, "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"), "GIT_CONFIG_NOSYSTEM=1",
		"PRE_COMMIT_HOME="+filepath.Join(dir, "pre-commit-cache"), "NO_COLOR=1",
		"GIT_AUTHOR_NAME=Ada", "GIT_AUTHOR_EMAIL=ada@example.com",
		"GIT_COMMITTER_NAME=Ada", "GIT_COMMITTER_EMAIL=ada@example.com")
	return &sandbox{t: t, dir: dir, env: env}
}

// ciVar tells whether kv is one of the variables a CI service sets, which
// the binary reads (CI mutes the note on missing hooks; GITHUB_*, RUNNER_*
// and GitLab's CI_* steer the Action and ci's range): a sandbox starts without them, so the tests
// run the same on a laptop and in CI, and a test that wants one sets it.
func ciVar(kv string) bool {
	for _, p := range []string{"CI=", "CI_", "GITHUB_", "GITLAB_", "RUNNER_", "ACTION_"} {
		if strings.HasPrefix(kv, p) {
			return true
		}
	}
	return false
}

// run runs a command in dir and returns its combined output and whether
// it succeeded.
func (s *sandbox) run(dir string, name string, args ...string) (string, bool) {
	s.t.Helper()
	cmd := exec.Command(s.lookPath(name), args...)
	cmd.Dir = dir
	cmd.Env = s.env
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		s.t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return string(out), err == nil
}

// lookPath finds a program on the sandbox's PATH.
func (s *sandbox) lookPath(name string) string {
	for _, kv := range s.env {
		dirs, ok := strings.CutPrefix(kv, "PATH=")
		if !ok || strings.Contains(name, "/") {
			continue
		}
		for _, d := range filepath.SplitList(dirs) {
			if fi, err := os.Stat(filepath.Join(d, name)); err == nil && fi.Mode()&0o111 != 0 {
				return filepath.Join(d, name)
			}
		}
	}
	return name
}

// with is the sandbox for a subtest.
func (s *sandbox) with(t *testing.T) *sandbox { return &sandbox{t: t, dir: s.dir, env: s.env} }

// must runs a command that has to succeed.
func (s *sandbox) must(dir string, name string, args ...string) string {
	s.t.Helper()
	out, ok := s.run(dir, name, args...)
	if !ok {
		s.t.Fatalf("%s %s failed:\n%s", name, strings.Join(args, " "), out)
	}
	return out
}

func (s *sandbox) write(path, content string) {
	s.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		s.t.Fatal(err)
	}
}

// newRepo makes an empty repository under the sandbox.
func (s *sandbox) newRepo(name string) string {
	dir := filepath.Join(s.dir, name)
	s.must(s.dir, "git", "init", "-q", "-b", "main", dir)
	return dir
}

// sourceRoot is the root of this repository's working copy.
func sourceRoot(t *testing.T) string { return sourceRootDir() }

// sourceRootDir is the root of the working copy the tests run in.
func sourceRootDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// snapshotSource copies the working copy of this repository (tracked and
// untracked files, ignored ones left out) into a new repository with one
// commit, so that the test runs what is in the working copy, whatever is
// committed. It returns the directory and the commit.
func (s *sandbox) snapshotSource() (string, string) {
	s.t.Helper()
	root := sourceRoot(s.t)
	list := s.must(root, "git", "ls-files", "-co", "--exclude-standard", "-z")
	dst := s.newRepo("remnant-guard-src")
	for _, f := range strings.Split(strings.TrimRight(list, "\x00"), "\x00") {
		if f == "" || strings.HasSuffix(f, ".test") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			continue // deleted in the working copy
		}
		s.write(filepath.Join(dst, f), string(data))
	}
	s.must(dst, "git", "add", "-A")
	s.must(dst, "git", "commit", "-q", "--no-verify", "-m", "snapshot")
	return dst, strings.TrimSpace(s.must(dst, "git", "rev-parse", "HEAD"))
}

// commitFile stages one file (forced past ignore rules) and commits it. On
// failure it unstages and removes the file again.
func (s *sandbox) commitFile(repo, name, content string) (string, bool) {
	s.t.Helper()
	s.write(filepath.Join(repo, name), content)
	s.must(repo, "git", "add", "-f", name)
	out, ok := s.run(repo, "git", "commit", "-m", "add "+name)
	if !ok {
		s.must(repo, "git", "rm", "-q", "--cached", name)
		os.Remove(filepath.Join(repo, name))
	}
	return out, ok
}

// commitSymlink stages a symlink to target (forced past ignore rules) and
// commits it. On failure it unstages and removes the link again.
func (s *sandbox) commitSymlink(repo, target, name string) (string, bool) {
	s.t.Helper()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, name)), 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(repo, name)); err != nil {
		s.t.Fatal(err)
	}
	s.must(repo, "git", "add", "-f", name)
	out, ok := s.run(repo, "git", "commit", "-m", "link "+name)
	if !ok {
		s.must(repo, "git", "rm", "-q", "--cached", name)
		os.Remove(filepath.Join(repo, name))
	}
	return out, ok
}

// validRemnant is a REMNANT.md that passes every memory rule: the worked
// example of the Remnant README, as the validate fixtures hold it.
func validRemnant(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sourceRoot(t), "validate", "remnant", "testdata", "valid", "worked-example", "REMNANT.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestPreCommitFramework runs the hooks of .pre-commit-hooks.yaml through
// the real pre-commit client: at commit time, and under --all-files.
func TestPreCommitFramework(t *testing.T) {
	t.Parallel()     // it waits on other programs (git, go, pre-commit): its waits overlap other tests
	testtier.Slow(t) // the pre-commit client builds the hooks with go install
	needTool(t, "pre-commit")
	s := newSandbox(t)
	src, rev := s.snapshotSource()
	token := "GITHUB_TOKEN=" + fakeToken() + "\n"
	config := func(id string) string {
		return "repos:\n- repo: " + src + "\n  rev: " + rev + "\n  hooks:\n  - id: " + id + "\n"
	}
	for _, tc := range []struct {
		id                   string
		blocksRemnant, leaks bool
	}{
		{"remnant-guard", true, true},
		{"remnant-guard-secrets", false, true},
		{"remnant-guard-memory", true, false},
	} {
		t.Run(tc.id, func(t *testing.T) {
			s := s.with(t)
			repo := s.newRepo(tc.id)
			s.write(filepath.Join(repo, ".pre-commit-config.yaml"), config(tc.id))
			// The repository uses Remnant: its .gitignore keeps REMNANT.md out.
			s.write(filepath.Join(repo, ".gitignore"), "REMNANT.md\n")
			s.must(repo, "git", "add", ".pre-commit-config.yaml", ".gitignore")
			s.must(repo, "git", "commit", "-q", "-m", "config")
			s.must(repo, "pre-commit", "install")
			out, ok := s.commitFile(repo, "REMNANT.md", validRemnant(t))
			if ok == tc.blocksRemnant || tc.blocksRemnant && !strings.Contains(out, "remnant-staged") {
				t.Errorf("commit staging REMNANT.md: passed %v, want %v:\n%s", ok, !tc.blocksRemnant, out)
			}
			out, ok = s.commitFile(repo, "config.env", token)
			if ok == tc.leaks || tc.leaks && !strings.Contains(out, "secret-github-pat") {
				t.Errorf("commit staging a token: passed %v, want %v:\n%s", ok, !tc.leaks, out)
			}
			if strings.Contains(out, strings.TrimSpace(token)[len("GITHUB_TOKEN="):]) {
				t.Errorf("the hook printed the whole token")
			}
			// A symlink named REMNANT.md is staged as a symlink: pre-commit
			// passes it only because the hooks ask for symlinks too.
			out, ok = s.commitSymlink(repo, "../notes.md", "link/REMNANT.md")
			if ok == tc.blocksRemnant || tc.blocksRemnant && !strings.Contains(out, "remnant-staged") {
				t.Errorf("commit staging a symlink REMNANT.md: passed %v, want %v:\n%s", ok, !tc.blocksRemnant, out)
			}
			if out, ok := s.commitFile(repo, "main.go", "package main\n"); !ok {
				t.Errorf("clean commit refused:\n%s", out)
			}
		})
	}
	t.Run("all-files", func(t *testing.T) {
		s := s.with(t)
		repo := s.newRepo("all-files")
		s.write(filepath.Join(repo, ".pre-commit-config.yaml"), config("remnant-guard"))
		s.write(filepath.Join(repo, "deploy/config.env"), token)
		s.must(repo, "git", "add", "-A")
		s.must(repo, "git", "commit", "-q", "--no-verify", "-m", "token committed")
		out, ok := s.run(repo, "pre-commit", "run", "--all-files")
		if ok || !strings.Contains(out, "deploy/config.env") || !strings.Contains(out, "secret-github-pat") {
			t.Errorf("pre-commit run --all-files: passed %v, want the committed token reported:\n%s", ok, out)
		}
		out, ok = s.run(repo, "pre-commit", "try-repo", src, "remnant-guard-memory", "--all-files")
		if !ok {
			t.Errorf("try-repo remnant-guard-memory --all-files on a tree without memory files failed:\n%s", out)
		}
	})
	t.Run("skip", func(t *testing.T) {
		s := s.with(t)
		repo := s.newRepo("skip")
		s.write(filepath.Join(repo, ".pre-commit-config.yaml"), config("remnant-guard"))
		s.must(repo, "git", "add", ".pre-commit-config.yaml")
		s.must(repo, "git", "commit", "-q", "-m", "config")
		s.must(repo, "pre-commit", "install")
		// A finding that may be a false positive (not a live key's format,
		// not REMNANT.md): skipping once is offered there.
		const maybe = "db_password = \"Xk9#mP2qLw7z\"\n"
		out, ok := s.commitFile(repo, "setup.md", maybe)
		if ok || !strings.Contains(out, "REMNANT_GUARD=0 git commit ... (or SKIP=remnant-guard git commit ...)") {
			t.Errorf("a blocked commit under the framework: passed %v, want the hint naming REMNANT_GUARD=0 and SKIP:\n%s", ok, out)
		}
		skip := &sandbox{t: t, dir: s.dir, env: append(append([]string(nil), s.env...), "REMNANT_GUARD=0")}
		if out, ok := skip.commitFile(repo, "setup.md", maybe); !ok {
			t.Errorf("REMNANT_GUARD=0 git commit under the framework was still blocked:\n%s", out)
		}
	})
	// Under the framework remnant-guard is not on PATH (its copy is in the
	// framework's cache), and pre-commit is the framework's own command
	// line: the accept command a finding's hint prints must still work as
	// written.
	t.Run("allow-hint", func(t *testing.T) {
		s := s.with(t)
		repo := s.newRepo("allow-hint")
		s.write(filepath.Join(repo, ".pre-commit-config.yaml"), config("remnant-guard"))
		s.must(repo, "git", "add", ".pre-commit-config.yaml")
		s.must(repo, "git", "commit", "-q", "-m", "config")
		s.must(repo, "pre-commit", "install")
		s.write(filepath.Join(repo, "docs/setup.md"), "Connect with:\n\n    db_password = \"Xk9#mP2qLw7z\"\n")
		s.must(repo, "git", "add", "docs/setup.md")
		out, ok := s.run(repo, "git", "commit", "-q", "-m", "docs")
		if ok {
			t.Fatalf("the example password was not reported:\n%s", out)
		}
		if strings.Contains(out, "--write-ignore") && strings.Contains(out, "pre-commit --write-ignore") {
			t.Errorf("a hint names pre-commit --write-ignore, which is the framework's command line:\n%s", out)
		}
		cmd := hintAfter(out, "docs/setup.md:3:")
		if !strings.HasPrefix(cmd, "/") || !strings.Contains(cmd, " allow docs/setup.md:3") {
			t.Fatalf("no accept command naming the framework's copy under the finding:\n%s", out)
		}
		if !strings.Contains(out, "the pre-commit framework") {
			t.Errorf("nothing says the command is the framework's copy:\n%s", out)
		}
		if got, ok := s.run(repo, "sh", "-c", cmd); !ok || !strings.Contains(got, "accepted docs/setup.md:3") {
			t.Fatalf("the printed %q failed under the framework:\n%s", cmd, got)
		}
		s.must(repo, "git", "add", ".remnant-guard-ignore")
		if out, ok := s.run(repo, "git", "commit", "-q", "-m", "docs"); !ok {
			t.Errorf("the accepted finding still blocks:\n%s", out)
		}
	})
	t.Run("from-ref", func(t *testing.T) {
		s := s.with(t)
		repo := s.newRepo("from-ref")
		s.write(filepath.Join(repo, "main.go"), "package main\n")
		s.must(repo, "git", "add", "-A")
		s.must(repo, "git", "commit", "-q", "-m", "first")
		from := strings.TrimSpace(s.must(repo, "git", "rev-parse", "HEAD"))
		s.write(filepath.Join(repo, "deploy/config.env"), token)
		s.must(repo, "git", "add", "-A")
		s.must(repo, "git", "commit", "-q", "--no-verify", "-m", "token committed")
		s.write(filepath.Join(repo, "deploy/config.env"), "GITHUB_TOKEN=${GITHUB_TOKEN}\n")
		s.must(repo, "git", "commit", "-q", "--no-verify", "-am", "token removed")
		out, ok := s.run(repo, "pre-commit", "try-repo", src, "remnant-guard", "--from-ref", from, "--to-ref", "HEAD")
		if ok || !strings.Contains(out, "deploy/config.env") || !strings.Contains(out, "secret-github-pat") {
			t.Errorf("pre-commit try-repo --from-ref --to-ref: passed %v, want the token of the range's first commit reported:\n%s", ok, out)
		}
	})
}

// hintAfter is the command the hint under the finding at the start of a
// line at prints: the text after "not a secret: " or "a test value: ".
func hintAfter(out, at string) string {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, at) && i+1 < len(lines) {
			for _, mark := range []string{"not a secret: ", "a test value: "} {
				if _, cmd, ok := strings.Cut(lines[i+1], mark); ok {
					return cmd
				}
			}
		}
	}
	return ""
}

// TestPreCommitSystemHooks runs the language: system hooks of
// .pre-commit-hooks.yaml through the real pre-commit client: they run the
// remnant-guard on PATH (here this test binary, as remnant-guard), build
// nothing, and without one on PATH the commit fails saying so. Each
// system hook is its golang hook with another language.
func TestPreCommitSystemHooks(t *testing.T) {
	t.Parallel() // it waits on other programs (git, go, pre-commit): its waits overlap other tests
	needTool(t, "pre-commit")
	checkSystemHooksMirrorGolang(t)
	testtier.Slow(t) // the real pre-commit client
	s := newSandbox(t)
	src, rev := s.snapshotSource()
	config := func(id string) string {
		return "repos:\n- repo: " + src + "\n  rev: " + rev + "\n  hooks:\n  - id: " + id + "\n"
	}
	token := "GITHUB_TOKEN=" + fakeToken() + "\n"
	for _, tc := range []struct {
		id                   string
		blocksRemnant, leaks bool
	}{
		{"remnant-guard-system", true, true},
		{"remnant-guard-secrets-system", false, true},
		{"remnant-guard-memory-system", true, false},
	} {
		t.Run(tc.id, func(t *testing.T) {
			s := s.with(t)
			repo := s.newRepo(tc.id)
			s.write(filepath.Join(repo, ".pre-commit-config.yaml"), config(tc.id))
			s.write(filepath.Join(repo, ".gitignore"), "REMNANT.md\n")
			s.must(repo, "git", "add", ".pre-commit-config.yaml", ".gitignore")
			s.must(repo, "git", "commit", "-q", "-m", "config")
			s.must(repo, "pre-commit", "install")
			out, ok := s.commitFile(repo, "REMNANT.md", validRemnant(t))
			if ok == tc.blocksRemnant || tc.blocksRemnant && !strings.Contains(out, "remnant-staged") {
				t.Errorf("commit staging REMNANT.md: passed %v, want %v:\n%s", ok, !tc.blocksRemnant, out)
			}
			out, ok = s.commitFile(repo, "config.env", token)
			if ok == tc.leaks || tc.leaks && !strings.Contains(out, "secret-github-pat") {
				t.Errorf("commit staging a token: passed %v, want %v:\n%s", ok, !tc.leaks, out)
			}
			if out, ok := s.commitFile(repo, "main.go", "package main\n"); !ok {
				t.Errorf("clean commit refused:\n%s", out)
			}
		})
	}
	t.Run("not-on-path", func(t *testing.T) {
		bin := filepath.Dir(s.lookPath("remnant-guard"))
		if !filepath.IsAbs(bin) {
			t.Fatal("remnant-guard is not on the sandbox's PATH")
		}
		var env []string
		for _, kv := range s.env {
			if dirs, ok := strings.CutPrefix(kv, "PATH="); ok {
				var keep []string
				for _, d := range filepath.SplitList(dirs) {
					if d != bin {
						keep = append(keep, d)
					}
				}
				kv = "PATH=" + strings.Join(keep, string(filepath.ListSeparator))
			}
			env = append(env, kv)
		}
		s := &sandbox{t: t, dir: s.dir, env: env}
		if p := s.lookPath("remnant-guard"); filepath.IsAbs(p) {
			t.Skipf("another remnant-guard is on PATH: %s", p)
		}
		repo := s.newRepo("not-on-path")
		s.write(filepath.Join(repo, ".pre-commit-config.yaml"), config("remnant-guard-system"))
		s.must(repo, "git", "add", ".pre-commit-config.yaml")
		s.must(repo, "git", "commit", "-q", "-m", "config")
		s.must(repo, "pre-commit", "install")
		out, ok := s.commitFile(repo, "main.go", "package main\n")
		if ok || !strings.Contains(out, "remnant-guard") || !strings.Contains(out, "not found") {
			t.Errorf("a system hook without remnant-guard on PATH: passed %v, want a failure naming it:\n%s", ok, out)
		}
	})
}

// checkSystemHooksMirrorGolang checks that each ID-system hook is hook ID
// with language: system, and every golang hook has one.
func checkSystemHooksMirrorGolang(t *testing.T) {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is absent")
	}
	out, err := exec.Command(py, "-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)",
		filepath.Join(sourceRoot(t), ".pre-commit-hooks.yaml")).Output()
	if err != nil {
		t.Skipf("python3 with PyYAML is absent: %v", err)
	}
	var hooks []map[string]any
	if err := json.Unmarshal(out, &hooks); err != nil {
		t.Fatal(err)
	}
	byID := map[string]map[string]any{}
	for _, h := range hooks {
		byID[fmt.Sprint(h["id"])] = h
	}
	for id, h := range byID {
		if h["language"] != "golang" {
			continue
		}
		sys, ok := byID[id+"-system"]
		if !ok {
			t.Errorf("hook %s has no %s-system", id, id)
			continue
		}
		for k, v := range h {
			switch k {
			case "id", "description":
				continue
			case "language":
				if sys[k] != "system" {
					t.Errorf("%s-system: language %v, want system", id, sys[k])
				}
				continue
			}
			if fmt.Sprint(sys[k]) != fmt.Sprint(v) {
				t.Errorf("%s-system: %s is %v, %s has %v", id, k, sys[k], id, v)
			}
		}
	}
}
