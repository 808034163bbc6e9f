package hooks

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
)

// The CI events ci works out its range from (docs/ci.md):
//
//   - a GitHub pull_request or pull_request_target: base.sha..head.sha;
//   - a GitHub merge_group: base_sha..head_sha;
//   - a GitHub push, or a GitLab branch pipeline: before..after; for a new
//     branch (before all zeros) or a forced push whose before commit is
//     not in the clone, the commits after has that the default branch
//     (origin/<default>) has not, or after's whole history when there is no
//     such branch or the push is to the default branch itself; a deleted
//     branch checks nothing;
//   - a GitHub workflow_dispatch or schedule, or a GitLab scheduled, web,
//     API or triggered pipeline: the whole history of HEAD (--base gives a
//     range instead);
//   - a GitLab merge request pipeline: CI_MERGE_REQUEST_DIFF_BASE_SHA (or
//     CI_MERGE_REQUEST_TARGET_BRANCH_SHA)..CI_COMMIT_SHA.
//
// A Range whose Base is "" is a whole history.

// githubEvents are the GitHub event names ci reads.
var githubEvents = []string{"pull_request", "pull_request_target", "push", "merge_group", "workflow_dispatch", "schedule"}

// githubEventFile is the part of a GitHub event file ci reads.
type githubEventFile struct {
	PullRequest *struct {
		Base struct {
			SHA string `json:"sha"`
		} `json:"base"`
		Head struct {
			SHA string `json:"sha"`
		} `json:"head"`
	} `json:"pull_request"`
	MergeGroup *struct {
		BaseSHA string `json:"base_sha"`
		HeadSHA string `json:"head_sha"`
	} `json:"merge_group"`
	Before     *string `json:"before"`
	After      *string `json:"after"`
	Ref        string  `json:"ref"`
	Deleted    bool    `json:"deleted"`
	Repository *struct {
		DefaultBranch string `json:"default_branch"`
	} `json:"repository"`
}

// EventError is a CI event file or variable ci cannot use.
type EventError struct {
	Source string // the file, or the variables
	What   string
}

func (e *EventError) Error() string { return e.Source + ": " + e.What }

// githubRange works out the range of the GitHub event name (may be "")
// from its event file. ok is false for an event that does not say, which
// is left to the other sources.
func githubRange(repo *gitutil.Repo, path, name string) (Range, bool, error) {
	data, err := safefile.ReadFile(path, maxEventSize)
	if err != nil {
		return Range{}, false, fmt.Errorf("reading the GitHub event: %w", err)
	}
	bad := func(what string) error { return &EventError{Source: "GITHUB_EVENT_PATH " + path, What: what} }
	var ev githubEventFile
	if err := json.Unmarshal(data, &ev); err != nil {
		return Range{}, false, bad("not a GitHub event: " + err.Error())
	}
	if name == "" {
		switch {
		case ev.PullRequest != nil:
			name = "pull_request"
		case ev.MergeGroup != nil:
			name = "merge_group"
		case ev.Before != nil || ev.After != nil:
			name = "push"
		}
	}
	switch name {
	case "pull_request", "pull_request_target":
		if ev.PullRequest == nil {
			return Range{}, false, bad("a " + name + " event without pull_request")
		}
		return hashRange(bad, name, ev.PullRequest.Base.SHA, ev.PullRequest.Head.SHA, "pull_request.base.sha", "pull_request.head.sha", "the GitHub pull request")
	case "merge_group":
		if ev.MergeGroup == nil {
			return Range{}, false, bad("a merge_group event without merge_group")
		}
		return hashRange(bad, name, ev.MergeGroup.BaseSHA, ev.MergeGroup.HeadSHA, "merge_group.base_sha", "merge_group.head_sha", "the GitHub merge group")
	case "push":
		if ev.Before == nil || ev.After == nil {
			return Range{}, false, bad(`a push event without "before" and "after"`)
		}
		for _, v := range [][2]string{{"before", *ev.Before}, {"after", *ev.After}} {
			if !isHex(v[1]) {
				return Range{}, false, bad(fmt.Sprintf("push event: %q is not a commit hash: %s", v[0], textsafe.Quote(v[1])))
			}
		}
		def := ""
		if ev.Repository != nil {
			def = ev.Repository.DefaultBranch
		}
		rng, err := pushRange(repo, push{before: *ev.Before, after: *ev.After, ref: ev.Ref, defaultBranch: def,
			deleted: ev.Deleted, from: "the GitHub push"})
		return rng, true, err
	case "workflow_dispatch", "schedule":
		return Range{From: "the whole history (GitHub " + name + " event)"}, true, nil
	}
	if ev.PullRequest != nil && ev.PullRequest.Base.SHA != "" {
		return hashRange(bad, "pull_request", ev.PullRequest.Base.SHA, ev.PullRequest.Head.SHA, "pull_request.base.sha", "pull_request.head.sha", "the GitHub pull request")
	}
	return Range{}, false, nil
}

// hashRange is the range base..head of an event that names both.
func hashRange(bad func(string) error, event, base, head, baseField, headField, from string) (Range, bool, error) {
	for _, v := range [][2]string{{baseField, base}, {headField, head}} {
		if !isHex(v[1]) {
			return Range{}, false, bad(fmt.Sprintf("%s event: %s is not a commit hash: %s", event, v[0], textsafe.Quote(v[1])))
		}
	}
	return Range{Base: base, Head: head, From: from}, true, nil
}

// push is a push event: GitHub's, or a GitLab branch pipeline's.
type push struct {
	before, after string
	ref           string // refs/heads/<branch>, or the branch name
	defaultBranch string
	deleted       bool
	from          string // "the GitHub push"
}

// pushRange is the range a push event checks (see the top of this file).
func pushRange(repo *gitutil.Repo, p push) (Range, error) {
	if p.deleted || isZeroHash(p.after) {
		return Range{Base: "HEAD", Head: "HEAD", From: p.from + " (a deleted branch: nothing to check)"}, nil
	}
	if !isZeroHash(p.before) {
		ok, err := hasCommit(repo, p.before)
		if err != nil {
			return Range{}, err
		}
		if ok {
			return Range{Base: p.before, Head: p.after, From: p.from + " (before..after)", behindOK: true}, nil
		}
	}
	if shallow, err := repo.IsShallow(); err != nil {
		return Range{}, err
	} else if shallow {
		missing := p.before
		if isZeroHash(missing) {
			missing = p.after
		}
		return Range{}, &gitutil.ShallowError{Commit: missing}
	}
	why := "a new branch"
	if !isZeroHash(p.before) {
		why = "a forced push whose before commit " + shortHash(p.before) + " is not in this clone"
	}
	branch := strings.TrimPrefix(p.ref, "refs/heads/")
	if p.defaultBranch != "" && branch != p.defaultBranch {
		for _, ref := range []string{"refs/remotes/origin/" + p.defaultBranch, "refs/heads/" + p.defaultBranch} {
			h, ok, err := repo.ResolveCommit(ref)
			if err != nil {
				return Range{}, err
			}
			if ok {
				return Range{Base: h, Head: p.after, From: p.from + " (" + why + ": the commits not on " + strings.TrimPrefix(ref, "refs/remotes/") + ")"}, nil
			}
		}
	}
	return Range{Head: p.after, From: p.from + " (" + why + ": the whole history)"}, nil
}

// hasCommit tells whether the clone holds the commit hash.
func hasCommit(repo *gitutil.Repo, hash string) (bool, error) {
	_, ok, err := repo.ResolveCommit(hash)
	return ok, err
}

// gitlabRange works out the range of a GitLab pipeline from its
// variables; ok is false when they do not say.
func gitlabRange(repo *gitutil.Repo, getenv func(string) string) (Range, bool, error) {
	for _, v := range []string{"CI_MERGE_REQUEST_DIFF_BASE_SHA", "CI_MERGE_REQUEST_TARGET_BRANCH_SHA"} {
		if base := getenv(v); base != "" {
			// Revisions, resolved (and quoted when they name no commit)
			// like --base and --head.
			return Range{Base: base, Head: getenv("CI_COMMIT_SHA"), From: "the GitLab merge request (" + v + ")"}, true, nil
		}
	}
	switch src := getenv("CI_PIPELINE_SOURCE"); src {
	case "push":
		before, after := getenv("CI_COMMIT_BEFORE_SHA"), getenv("CI_COMMIT_SHA")
		if before == "" {
			before = strings.Repeat("0", len(after))
		}
		for _, n := range [][2]string{{"CI_COMMIT_BEFORE_SHA", before}, {"CI_COMMIT_SHA", after}} {
			if !isHex(n[1]) {
				return Range{}, false, &EventError{Source: "the GitLab push pipeline", What: n[0] + " is not a commit hash: " + textsafe.Quote(n[1])}
			}
		}
		rng, err := pushRange(repo, push{before: before, after: after, ref: getenv("CI_COMMIT_BRANCH"),
			defaultBranch: getenv("CI_DEFAULT_BRANCH"), from: "the GitLab push pipeline"})
		return rng, true, err
	case "schedule", "web", "api", "trigger", "pipeline":
		return Range{From: "the whole history (GitLab " + src + " pipeline)"}, true, nil
	case "merge_request_event":
		return Range{}, false, &EventError{Source: "the GitLab merge request", What: "CI_PIPELINE_SOURCE is merge_request_event but CI_MERGE_REQUEST_DIFF_BASE_SHA is not set"}
	}
	return Range{}, false, nil
}
