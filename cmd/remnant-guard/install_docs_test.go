package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// upstreamURL is where README's install steps clone remnant-guard from; the
// tests clone a mirror of the working copy instead.
const upstreamURL = "https://github.com/remnant-guard/remnant-guard"

// mirror makes a bare mirror of the working copy named remnant-guard.git,
// so that `git clone <mirror>` makes a folder named remnant-guard, as a
// clone of the published repository does. It returns the mirror and its
// commit.
func (s *sandbox) mirror() (string, string) {
	s.t.Helper()
	src, rev := s.snapshotSource()
	dir := filepath.Join(s.dir, "mirror", "remnant-guard.git")
	s.must(s.dir, "git", "clone", "-q", "--bare", src, dir)
	return dir, rev
}

// withGOBIN gives the sandbox a GOBIN of its own, first on PATH, where
// `go install` puts what the steps under test install.
func (s *sandbox) withGOBIN(name string) string {
	s.t.Helper()
	bin := filepath.Join(s.dir, name)
	if err := os.MkdirAll(bin, 0o755); err != nil {
		s.t.Fatal(err)
	}
	env := []string{"GOBIN=" + bin}
	for _, kv := range s.env {
		switch {
		case strings.HasPrefix(kv, "PATH="):
			env = append(env, "PATH="+bin+string(os.PathListSeparator)+strings.TrimPrefix(kv, "PATH="))
		case !strings.HasPrefix(kv, "GOBIN="):
			env = append(env, kv)
		}
	}
	s.env = env
	return bin
}

// TestDocsInstallPaths runs README's install from a clone and docs/ci.md's
// GitLab CI job for before a release as written, with a mirror of the
// working copy standing in for the published repository. (The job of a
// published release, templates/remnant-guard.yml, is tested by
// testdata/release/gitlab.txtar; TestDocsGitLabInclude checks README's
// include of it.)
func TestDocsInstallPaths(t *testing.T) {
	t.Parallel()     // it waits on other programs (git, go, pre-commit): its waits overlap other tests
	testtier.Slow(t) // builds remnant-guard from a clone
	s := newSandbox(t)
	mirror, _ := s.mirror()

	t.Run("clone", func(t *testing.T) {
		s := s.with(t)
		bin := s.withGOBIN("clone-bin")
		steps := readmeBlock(t, "### From a clone", "```sh\n")
		if !strings.Contains(steps, "git clone "+upstreamURL+" ") {
			t.Fatalf("README's install from a clone does not clone %s:\n%s", upstreamURL, steps)
		}
		work := filepath.Join(s.dir, "clone-work")
		os.MkdirAll(work, 0o755)
		out := s.must(work, "sh", "-ec", strings.ReplaceAll(steps, upstreamURL, mirror))
		if !strings.Contains(out, "remnant-guard ") {
			t.Errorf("remnant-guard version printed nothing:\n%s", out)
		}
		if _, err := os.Stat(filepath.Join(bin, "remnant-guard")); err != nil {
			t.Errorf("go install did not put remnant-guard in GOBIN: %v", err)
		}
	})

	t.Run("gitlab", func(t *testing.T) {
		s := s.with(t)
		s.withGOBIN("gitlab-bin")
		script := gitlabScript(t, docSection(t, "docs/ci.md", "Before a release is published, clone a mirror and build it in the job:\n\n```yaml\n", "```"))
		const mirrorURL = "https://gitlab.com/your-group/remnant-guard.git"
		if !strings.Contains(script, mirrorURL) || !strings.Contains(script, "/tmp/remnant-guard") {
			t.Fatalf("the GitLab job no longer clones %s into /tmp/remnant-guard:\n%s", mirrorURL, script)
		}
		script = strings.ReplaceAll(script, mirrorURL, mirror)
		script = strings.ReplaceAll(script, "/tmp/remnant-guard", filepath.Join(s.dir, "gitlab-clone"))

		// A merge request that adds a token: the job fails and its report
		// names the finding.
		repo := s.newRepo("gitlab-project")
		s.must(repo, "git", "commit", "-q", "--allow-empty", "-m", "root")
		base := strings.TrimSpace(s.must(repo, "git", "rev-parse", "HEAD"))
		s.write(filepath.Join(repo, "config.env"), "GITHUB_TOKEN="+fakeToken()+"\n")
		s.must(repo, "git", "add", "config.env")
		s.must(repo, "git", "commit", "-q", "--no-verify", "-m", "config")
		head := strings.TrimSpace(s.must(repo, "git", "rev-parse", "HEAD"))
		runner := s.with(t)
		runner.env = append(append([]string{}, s.env...), "GITLAB_CI=true", "CI_PIPELINE_SOURCE=merge_request_event",
			"CI_MERGE_REQUEST_DIFF_BASE_SHA="+base, "CI_COMMIT_SHA="+head)
		out, ok := runner.run(repo, "sh", "-ec", script)
		if ok {
			t.Fatalf("the job passed a merge request adding a token:\n%s", out)
		}
		report, err := os.ReadFile(filepath.Join(repo, "gl-code-quality-report.json"))
		if err != nil || !strings.Contains(string(report), "secret-github-pat") {
			t.Fatalf("gl-code-quality-report.json: %v\n%s\n%s", err, report, out)
		}
		// The same job on a clean merge request passes.
		s.must(repo, "git", "rm", "-q", "config.env")
		s.must(repo, "git", "commit", "-q", "-m", "no config")
		base = strings.TrimSpace(s.must(repo, "git", "rev-parse", "HEAD"))
		s.write(filepath.Join(repo, "main.go"), "package main\n")
		s.must(repo, "git", "add", "main.go")
		s.must(repo, "git", "commit", "-q", "-m", "main")
		head = strings.TrimSpace(s.must(repo, "git", "rev-parse", "HEAD"))
		os.RemoveAll(filepath.Join(s.dir, "gitlab-clone"))
		runner.env = append(append([]string{}, s.env...), "GITLAB_CI=true", "CI_PIPELINE_SOURCE=merge_request_event",
			"CI_MERGE_REQUEST_DIFF_BASE_SHA="+base, "CI_COMMIT_SHA="+head)
		if out, ok := runner.run(repo, "sh", "-ec", script); !ok {
			t.Fatalf("the job failed a clean merge request:\n%s", out)
		}
	})
}

// gitlabScript returns the `script:` lines of a GitLab CI job, one shell
// command a line, as the runner runs them.
func gitlabScript(t *testing.T, job string) string {
	t.Helper()
	_, rest, ok := strings.Cut(job, "\n  script:\n")
	if !ok {
		t.Fatalf("the GitLab job has no script:\n%s", job)
	}
	var lines []string
	for _, l := range strings.Split(rest, "\n") {
		cmd, ok := strings.CutPrefix(l, "    - ")
		if !ok {
			break
		}
		lines = append(lines, cmd)
	}
	if len(lines) == 0 {
		t.Fatalf("the GitLab job's script is empty:\n%s", job)
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestDocsGitLabInclude: README's and docs/ci.md's GitLab snippets include
// templates/remnant-guard.yml of this repository at a release tag, and
// ask for the release of that same tag.
func TestDocsGitLabInclude(t *testing.T) {
	include := regexp.MustCompile(`remote: https://raw\.githubusercontent\.com/remnant-guard/remnant-guard/(v\d+\.\d+\.\d+)/(\S+)\n\s+inputs:\n\s+version: (\S+)\n`)
	for _, doc := range []string{
		readmeBlock(t, "### GitLab CI", "```yaml\n"),
		docSection(t, "docs/ci.md", "\n### A GitLab CI job\n", "\n### Speed"),
	} {
		m := include.FindStringSubmatch(doc)
		if m == nil {
			t.Fatalf("no include of templates/remnant-guard.yml at a tag with its version input in:\n%s", doc)
		}
		if m[2] != "templates/remnant-guard.yml" {
			t.Errorf("the include names %s, want templates/remnant-guard.yml", m[2])
		}
		if _, err := os.Stat(filepath.Join(sourceRoot(t), filepath.FromSlash(m[2]))); err != nil {
			t.Error(err)
		}
		if m[3] != m[1] {
			t.Errorf("the include is at %s but installs %s", m[1], m[3])
		}
	}
}
