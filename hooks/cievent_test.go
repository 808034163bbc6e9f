package hooks

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
)

// eventRepos is an upstream repository, a bare "origin" it pushes to and
// a full clone of origin, as actions/checkout with fetch-depth: 0 leaves
// it (remote-tracking branches, no origin/HEAD). Each commit adds one
// file holding a token, so that the findings tell which commits a range
// checked.
type eventRepos struct {
	t                   *testing.T
	work, origin, clone string
	env                 []string
}

func newEventRepos(t *testing.T) *eventRepos {
	t.Helper()
	root := t.TempDir()
	r := &eventRepos{t: t, work: filepath.Join(root, "work"), origin: filepath.Join(root, "origin.git"),
		clone: filepath.Join(root, "clone")}
	r.env = append(os.Environ(), "HOME="+root, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@example.com")
	r.git(root, "init", "-q", "-b", "main", r.work)
	r.git(root, "init", "-q", "-b", "main", "--bare", r.origin)
	r.git(r.work, "remote", "add", "origin", r.origin)
	return r
}

func (r *eventRepos) git(dir string, args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, r.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// commit adds name with a token on the current branch of work and returns
// the commit's hash.
func (r *eventRepos) commit(name string) string {
	r.t.Helper()
	sum := sha256.Sum256([]byte(name))
	token := "ghp_" + hex.EncodeToString(sum[:])[:36]
	if err := os.WriteFile(filepath.Join(r.work, name), []byte("token = \""+token+"\"\n"), 0o644); err != nil {
		r.t.Fatal(err)
	}
	r.git(r.work, "add", name)
	r.git(r.work, "commit", "-q", "-m", name)
	return r.git(r.work, "rev-parse", "HEAD")
}

// push pushes refs from work to origin, then brings the clone up to date
// as a fresh checkout would be (a full clone made at the first push).
func (r *eventRepos) push(args ...string) {
	r.t.Helper()
	r.git(r.work, append([]string{"push", "-q", "origin"}, args...)...)
	if _, err := os.Stat(r.clone); err != nil {
		r.git(filepath.Dir(r.clone), "clone", "-q", "--no-checkout", r.origin, r.clone)
		r.git(r.clone, "remote", "set-head", "origin", "--delete")
	}
	r.git(r.clone, "fetch", "-q", "--prune", "origin")
}

// event writes a GitHub event file.
func (r *eventRepos) event(body string) string {
	r.t.Helper()
	p := filepath.Join(r.t.TempDir(), "event.json")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		r.t.Fatal(err)
	}
	return p
}

// ci runs ci in the clone at head with the environment vars and returns
// the range and the commits whose files it reported.
func (r *eventRepos) ci(head string, vars map[string]string) (Range, []string, error) {
	r.t.Helper()
	r.git(r.clone, "checkout", "-q", "--detach", head)
	rep, rng, err := CI(CIOptions{Options: Options{Dir: r.clone}, Getenv: func(k string) string { return vars[k] }})
	if err != nil {
		return rng, nil, err
	}
	var files []string
	for _, f := range rep.Findings {
		files = append(files, f.Path)
	}
	return rng, files, nil
}

// wantFiles checks that the range found exactly the tokens of the files
// named, and holds as many commits as git counts for revs.
func (r *eventRepos) wantFiles(rng Range, got []string, err error, revs string, want ...string) {
	r.t.Helper()
	if err != nil {
		r.t.Fatalf("ci: %v", err)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		r.t.Errorf("range %+v: findings in %v, want %v", rng, got, want)
	}
	if n := r.git(r.clone, append([]string{"rev-list", "--count"}, strings.Fields(revs)...)...); fmt.Sprint(rng.Commits) != n {
		r.t.Errorf("range %+v: %d commits, git rev-list --count %s says %s", rng, rng.Commits, revs, n)
	}
}

func pushEvent(before, after, ref string) string {
	return fmt.Sprintf(`{"ref":%q,"before":%q,"after":%q,"created":%v,"deleted":false,"forced":false,
"base_ref":null,"compare":"https://github.com/o/r/compare/x...y","commits":[],"head_commit":null,
"repository":{"id":1,"name":"r","full_name":"o/r","default_branch":"main","master_branch":"main"},
"pusher":{"name":"t","email":"t@example.com"},"sender":{"login":"t"}}`, ref, before, after, strings.Trim(before, "0") == "")
}

func github(name, path string) map[string]string {
	return map[string]string{"GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": name, "GITHUB_EVENT_PATH": path}
}

var zero = strings.Repeat("0", 40)

func TestCIGitHubPush(t *testing.T) {
	r := newEventRepos(t)
	a := r.commit("a.txt")
	b := r.commit("b.txt")
	r.push("main")
	c := r.commit("c.txt")
	d := r.commit("d.txt")
	r.push("main")

	// A push to main checks before..after, not the empty range that
	// origin/HEAD (here: unset) would give.
	rng, files, err := r.ci(d, github("push", r.event(pushEvent(b, d, "refs/heads/main"))))
	r.wantFiles(rng, files, err, b+".."+d, "c.txt", "d.txt")
	if rng.Base != b || rng.Head != d || !strings.Contains(rng.From, "push") {
		t.Errorf("push range %+v", rng)
	}

	// A new branch: the commits not on the default branch.
	r.git(r.work, "checkout", "-q", "-b", "feature", b)
	r.commit("e.txt")
	f := r.commit("f.txt")
	r.push("feature")
	rng, files, err = r.ci(f, github("push", r.event(pushEvent(zero, f, "refs/heads/feature"))))
	r.wantFiles(rng, files, err, "origin/main.."+f, "e.txt", "f.txt")
	if !strings.Contains(rng.From, "new branch") || !strings.Contains(rng.From, "origin/main") {
		t.Errorf("new branch: from %q", rng.From)
	}

	// A forced push whose before commit this clone never had.
	r.git(r.work, "commit", "-q", "--amend", "-m", "f amended")
	f2 := r.git(r.work, "rev-parse", "HEAD")
	r.git(r.work, "push", "-q", "-f", "origin", "feature")
	r.git(r.clone, "fetch", "-q", "origin")
	if ok := r.git(r.clone, "cat-file", "-t", f); ok != "commit" {
		t.Fatalf("the old tip is %q", ok)
	}
	gone := strings.Repeat("ab", 20)
	rng, files, err = r.ci(f2, github("push", r.event(pushEvent(gone, f2, "refs/heads/feature"))))
	r.wantFiles(rng, files, err, "origin/main.."+f2, "e.txt", "f.txt")
	if !strings.Contains(rng.From, "forced push") || !strings.Contains(rng.From, shortHash(gone)) {
		t.Errorf("forced push: from %q", rng.From)
	}

	// A forced push to the default branch itself, before gone: the whole
	// history.
	rng, files, err = r.ci(d, github("push", r.event(pushEvent(gone, d, "refs/heads/main"))))
	r.wantFiles(rng, files, err, d, "a.txt", "b.txt", "c.txt", "d.txt")
	if !rng.WholeHistory() {
		t.Errorf("forced push to main: %+v, want the whole history", rng)
	}

	// A forced push that moves main back: nothing new, no error.
	rng, files, err = r.ci(b, github("push", r.event(pushEvent(d, b, "refs/heads/main"))))
	r.wantFiles(rng, files, err, d+".."+b)

	// A deleted branch checks nothing.
	del := strings.Replace(pushEvent(f2, zero, "refs/heads/feature"), `"deleted":false`, `"deleted":true`, 1)
	rng, files, err = r.ci(d, github("push", r.event(del)))
	r.wantFiles(rng, files, err, "HEAD..HEAD")

	// Without the event name, the file's shape tells it is a push.
	rng, files, err = r.ci(d, map[string]string{"GITHUB_EVENT_PATH": r.event(pushEvent(c, d, "refs/heads/main"))})
	r.wantFiles(rng, files, err, c+".."+d, "d.txt")
	_ = a
}

func TestCIGitHubNewBranchWithoutDefaultBranch(t *testing.T) {
	r := newEventRepos(t)
	r.commit("a.txt")
	r.git(r.work, "checkout", "-q", "-b", "topic")
	b := r.commit("b.txt")
	r.push("topic")
	// The repository's default branch was never fetched: the whole
	// history of the new branch is checked.
	rng, files, err := r.ci(b, github("push", r.event(pushEvent(zero, b, "refs/heads/topic"))))
	r.wantFiles(rng, files, err, b, "a.txt", "b.txt")
	if !rng.WholeHistory() || !strings.Contains(rng.From, "new branch") {
		t.Errorf("range %+v", rng)
	}
}

func TestCIGitHubPullRequestAndMergeGroup(t *testing.T) {
	r := newEventRepos(t)
	r.commit("a.txt")
	base := r.commit("b.txt")
	r.git(r.work, "checkout", "-q", "-b", "pr")
	r.commit("c.txt")
	head := r.commit("d.txt")
	r.git(r.work, "checkout", "-q", "main")
	main := r.commit("e.txt")
	r.push("main", "pr")
	pr := fmt.Sprintf(`{"action":"synchronize","number":7,"pull_request":{"number":7,"state":"open",
"base":{"ref":"main","sha":%q,"repo":{"full_name":"o/r"}},"head":{"ref":"pr","sha":%q,"repo":{"full_name":"o/r"}}},
"repository":{"full_name":"o/r","default_branch":"main"}}`, main, head)
	for _, name := range []string{"pull_request", "pull_request_target"} {
		rng, files, err := r.ci(head, github(name, r.event(pr)))
		r.wantFiles(rng, files, err, main+".."+head, "c.txt", "d.txt")
		if mb := r.git(r.clone, "merge-base", main, head); rng.MergeBase != mb || rng.MergeBase != base {
			t.Errorf("%s: merge base %s, git says %s", name, rng.MergeBase, mb)
		}
	}

	// A merge queue's group: the queue's commit on top of main.
	r.git(r.work, "checkout", "-q", "-b", "gh-readonly-queue/main/pr-7", main)
	r.git(r.work, "merge", "-q", "--no-ff", "-m", "merge pr", "pr")
	group := r.git(r.work, "rev-parse", "HEAD")
	r.push("gh-readonly-queue/main/pr-7")
	mg := fmt.Sprintf(`{"action":"checks_requested","merge_group":{"head_sha":%q,"head_ref":"refs/heads/gh-readonly-queue/main/pr-7",
"base_sha":%q,"base_ref":"refs/heads/main","head_commit":{"id":%q,"message":"merge pr"}},"repository":{"full_name":"o/r"}}`, group, main, group)
	rng, files, err := r.ci(group, github("merge_group", r.event(mg)))
	r.wantFiles(rng, files, err, main+".."+group, "c.txt", "d.txt")
	if rng.From != "the GitHub merge group" {
		t.Errorf("merge group: from %q", rng.From)
	}
}

func TestCIGitHubDispatchAndSchedule(t *testing.T) {
	r := newEventRepos(t)
	a := r.commit("a.txt")
	r.commit("b.txt")
	c := r.commit("c.txt")
	r.push("main")
	for _, tc := range []struct{ name, body string }{
		{"workflow_dispatch", `{"inputs":{},"ref":"refs/heads/main","repository":{"full_name":"o/r"},"workflow":".github/workflows/ci.yml"}`},
		{"schedule", `{"schedule":"17 3 * * *"}`},
	} {
		rng, files, err := r.ci(c, github(tc.name, r.event(tc.body)))
		r.wantFiles(rng, files, err, c, "a.txt", "b.txt", "c.txt")
		if !rng.WholeHistory() || !strings.Contains(rng.From, tc.name) {
			t.Errorf("%s: %+v", tc.name, rng)
		}
	}
	// --base gives the range instead.
	r.git(r.clone, "checkout", "-q", "--detach", c)
	env := github("schedule", r.event(`{"schedule":"17 3 * * *"}`))
	rep, rng, err := CI(CIOptions{Options: Options{Dir: r.clone}, Base: a, Getenv: func(k string) string { return env[k] }})
	if err != nil || rng.Base != a || rng.Commits != 2 || len(rep.Findings) != 2 {
		t.Errorf("schedule with --base: %+v, %v", rng, err)
	}
}

func TestCIEventShallowClone(t *testing.T) {
	r := newEventRepos(t)
	r.commit("a.txt")
	b := r.commit("b.txt")
	r.push("main")
	c := r.commit("c.txt")
	r.git(r.work, "push", "-q", "origin", "main")
	shallow := filepath.Join(t.TempDir(), "shallow")
	r.git(filepath.Dir(shallow), "clone", "-q", "--depth=1", "file://"+r.origin, shallow)
	r.clone = shallow
	for _, tc := range []struct{ name, body string }{
		{"push", pushEvent(b, c, "refs/heads/main")},
		{"push", pushEvent(zero, c, "refs/heads/main")},
		{"schedule", `{"schedule":"0 0 * * *"}`},
	} {
		_, _, err := r.ci(c, github(tc.name, r.event(tc.body)))
		var se *gitutil.ShallowError
		if !errors.As(err, &se) {
			t.Errorf("%s in a shallow clone: %v, want a ShallowError", tc.name, err)
		}
	}
}

func TestCIGitLab(t *testing.T) {
	r := newEventRepos(t)
	r.commit("a.txt")
	b := r.commit("b.txt")
	r.push("main")
	r.git(r.work, "checkout", "-q", "-b", "mr")
	c := r.commit("c.txt")
	r.push("mr")
	gl := func(kv ...string) map[string]string {
		m := map[string]string{"GITLAB_CI": "true", "CI_DEFAULT_BRANCH": "main"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	rng, files, err := r.ci(c, gl("CI_PIPELINE_SOURCE", "merge_request_event", "CI_MERGE_REQUEST_DIFF_BASE_SHA", b, "CI_COMMIT_SHA", c))
	r.wantFiles(rng, files, err, b+".."+c, "c.txt")
	rng, files, err = r.ci(c, gl("CI_PIPELINE_SOURCE", "push", "CI_COMMIT_BEFORE_SHA", b, "CI_COMMIT_SHA", c, "CI_COMMIT_BRANCH", "mr"))
	r.wantFiles(rng, files, err, b+".."+c, "c.txt")
	rng, files, err = r.ci(c, gl("CI_PIPELINE_SOURCE", "push", "CI_COMMIT_BEFORE_SHA", zero, "CI_COMMIT_SHA", c, "CI_COMMIT_BRANCH", "mr"))
	r.wantFiles(rng, files, err, "origin/main.."+c, "c.txt")
	rng, files, err = r.ci(c, gl("CI_PIPELINE_SOURCE", "schedule", "CI_COMMIT_SHA", c))
	r.wantFiles(rng, files, err, c, "a.txt", "b.txt", "c.txt")
	if _, _, err := r.ci(c, gl("CI_PIPELINE_SOURCE", "merge_request_event", "CI_COMMIT_SHA", c)); err == nil ||
		!strings.Contains(err.Error(), "CI_MERGE_REQUEST_DIFF_BASE_SHA is not set") {
		t.Errorf("a merge request pipeline without its base: %v", err)
	}
	if _, _, err := r.ci(c, gl("CI_PIPELINE_SOURCE", "push", "CI_COMMIT_BEFORE_SHA", "not-a-hash", "CI_COMMIT_SHA", c)); err == nil ||
		!strings.Contains(err.Error(), `CI_COMMIT_BEFORE_SHA is not a commit hash: "not-a-hash"`) {
		t.Errorf("a bad CI_COMMIT_BEFORE_SHA: %v", err)
	}
}

// TestCIBadEventFiles: an event file ci cannot use is an error that names
// the file and quotes (clipped) what is wrong, never a silent pass.
func TestCIBadEventFiles(t *testing.T) {
	r := newEventRepos(t)
	c := r.commit("a.txt")
	r.push("main")
	long := strings.Repeat("x", 5000)
	for _, tc := range []struct{ name, body, want string }{
		{"push", `{`, "not a GitHub event"},
		{"push", `{"before":"` + zero + `"}`, `a push event without "before" and "after"`},
		{"push", `{"before":"` + long + `","after":"` + c + `"}`, `"before" is not a commit hash: "` + strings.Repeat("x", textsafe.RunKept) + `"… (5000 bytes)`},
		{"push", `{"before":1,"after":2}`, "not a GitHub event"},
		{"pull_request", `{"action":"opened"}`, "a pull_request event without pull_request"},
		{"pull_request", `{"pull_request":{"base":{"sha":"main"},"head":{"sha":"` + c + `"}}}`, `pull_request.base.sha is not a commit hash: "main"`},
		{"merge_group", `{"merge_group":{"base_sha":"","head_sha":"` + c + `"}}`, `merge_group.base_sha is not a commit hash: ""`},
		{"merge_group", `[]`, "not a GitHub event"},
	} {
		p := r.event(tc.body)
		_, _, err := r.ci(c, github(tc.name, p))
		var ee *EventError
		if !errors.As(err, &ee) || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s event %.40q: %v, want an EventError naming %s with %q", tc.name, tc.body, err, p, tc.want)
		}
		if err != nil && len(err.Error()) > len(p)+textsafe.MaxEcho+150 {
			t.Errorf("error too long: %d bytes", len(err.Error()))
		}
	}
	_, _, err := r.ci(c, map[string]string{"GITHUB_EVENT_NAME": "push"})
	if err == nil || !strings.Contains(err.Error(), "GITHUB_EVENT_PATH is not set") {
		t.Errorf("a push event without its file: %v", err)
	}
	_, _, err = r.ci(c, github("push", filepath.Join(t.TempDir(), "missing.json")))
	if err == nil || !strings.Contains(err.Error(), "missing.json") {
		t.Errorf("a missing event file: %v", err)
	}
}
