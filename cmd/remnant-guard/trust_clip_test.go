package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/textsafe"
)

// TestNoClippedSecretInEchoes puts a GitHub token at every offset around
// the 128-byte clip of every value a command echoes (--base, --head, a
// GitHub push event's "before", a pull request's base.sha, GitLab's
// CI_MERGE_REQUEST_DIFF_BASE_SHA, a config key, a rule id in [rules]),
// from wholly inside the clip to wholly past it, and checks that nothing
// of it past 4 characters reaches stdout or stderr: a token the clip cuts
// keeps no more than a masked one shows.
func TestNoClippedSecretInEchoes(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 3))
	const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	body := make([]byte, 36)
	for i := range body {
		body[i] = alnum[r.IntN(len(alnum))]
	}
	token := "ghp_" + string(body)
	dir := newRepo(t)
	t.Chdir(dir)
	event := filepath.Join(t.TempDir(), "event.json")
	sha := strings.Repeat("a", 40)
	sites := []struct {
		name string
		run  func(v string) (args []string, env map[string]string)
	}{
		{"--base", func(v string) ([]string, map[string]string) { return []string{"ci", "--base", v}, nil }},
		{"--head", func(v string) ([]string, map[string]string) {
			return []string{"ci", "--base", "HEAD", "--head", v}, nil
		}},
		{"push before", func(v string) ([]string, map[string]string) {
			writeJSON(t, event, map[string]any{"before": v, "after": sha})
			return []string{"ci"}, map[string]string{"GITHUB_EVENT_NAME": "push", "GITHUB_EVENT_PATH": event}
		}},
		{"pull_request.base.sha", func(v string) ([]string, map[string]string) {
			writeJSON(t, event, map[string]any{"pull_request": map[string]any{"base": map[string]any{"sha": v}, "head": map[string]any{"sha": sha}}})
			return []string{"ci"}, map[string]string{"GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": event}
		}},
		{"CI_MERGE_REQUEST_DIFF_BASE_SHA", func(v string) ([]string, map[string]string) {
			return []string{"ci"}, map[string]string{"CI_MERGE_REQUEST_DIFF_BASE_SHA": v, "CI_COMMIT_SHA": "HEAD"}
		}},
		{"config key", func(v string) ([]string, map[string]string) {
			writeFile(t, ".remnant-guard.toml", fmt.Sprintf("%q = 1\n", v))
			return []string{"check"}, nil
		}},
		{"rule id", func(v string) ([]string, map[string]string) {
			writeFile(t, ".remnant-guard.toml", fmt.Sprintf("[rules]\n%q = \"off\"\n", v))
			return []string{"scan"}, nil
		}},
	}
	for _, site := range sites {
		// From the token wholly inside the clip to its first byte past it,
		// after a filler of words, then of one long word that ends in "=".
		for _, filler := range []string{"a b ", "x"} {
			for at := textsafe.MaxEcho - len(token) - 2; at <= textsafe.MaxEcho+1; at++ {
				// The token starts a word, as the rule wants: after a
				// space, or after "=" at the end of one long word.
				sep := map[string]string{"a b ": " ", "x": "="}[filler]
				v := strings.Repeat(filler, at/len(filler)+1)[:at-1] + sep + token + " tail"
				args, env := site.run(v)
				for _, k := range []string{"GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH", "CI_MERGE_REQUEST_DIFF_BASE_SHA", "CI_COMMIT_SHA", "GITHUB_ACTIONS", "GITLAB_CI"} {
					t.Setenv(k, env[k])
				}
				var stdout, stderr bytes.Buffer
				code := run(args, nil, &stdout, &stderr)
				out := stdout.String() + stderr.String()
				if code != exitError {
					t.Errorf("%s, token at %d: exit %d, want 2\n%s", site.name, at, code, out)
				}
				if leak := longestShared(out, token); len(leak) > 4 {
					t.Errorf("%s, token at %d, filler %q: %q of the token is shown\n%s", site.name, at, filler, leak, out)
				}
			}
		}
		os.Remove(".remnant-guard.toml")
	}
}

// longestShared is the longest substring of token that s holds.
func longestShared(s, token string) string {
	best := ""
	for i := range token {
		for j := len(token); j > i+len(best); j-- {
			if strings.Contains(s, token[i:j]) {
				best = token[i:j]
				break
			}
		}
	}
	return best
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, string(data))
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
