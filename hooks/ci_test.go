package hooks

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

func TestParsePushUpdates(t *testing.T) {
	a, z := strings.Repeat("a", 40), strings.Repeat("0", 40)
	got, err := ParsePushUpdates(strings.NewReader("refs/heads/x " + a + " refs/heads/x " + z + "\n\n"))
	if err != nil || len(got) != 1 || got[0].LocalSHA != a || !isZeroHash(got[0].RemoteSHA) {
		t.Fatalf("got %+v, %v", got, err)
	}
	for _, bad := range []string{"one two three", "refs/heads/x --all refs/heads/x " + z} {
		if _, err := ParsePushUpdates(strings.NewReader(bad)); err == nil {
			t.Errorf("ParsePushUpdates(%q) succeeded", bad)
		}
	}
}

func TestGitHubEvent(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rng, ok, err := githubEvent(write("pr.json", `{"pull_request":{"base":{"sha":"b1"},"head":{"sha":"h1"}}}`))
	if err != nil || !ok || rng.Base != "b1" || rng.Head != "h1" {
		t.Fatalf("pull request event: %+v %v %v", rng, ok, err)
	}
	if _, ok, err := githubEvent(write("push.json", `{"before":"x"}`)); ok || err != nil {
		t.Fatalf("push event: %v %v", ok, err)
	}
	if _, _, err := githubEvent(write("bad.json", `{`)); err == nil {
		t.Fatal("broken event accepted")
	}
}

func TestDedupeKey(t *testing.T) {
	secret := validate.Finding{RuleID: "r", Path: "p", Line: 1, Message: "m", Fingerprint: "f"}
	moved := secret
	moved.Line, moved.Message = 9, "other"
	if dedupeKey(secret) != dedupeKey(moved) {
		t.Error("a secret that moved lines is a new finding")
	}
	staged := validate.Finding{RuleID: "remnant-staged", Path: "REMNANT.md", Message: "added"}
	modified := staged
	modified.Message = "modified"
	if dedupeKey(staged) != dedupeKey(modified) {
		t.Error("REMNANT.md committed twice is reported twice")
	}
	other := validate.Finding{RuleID: "remnant-title", Path: "REMNANT.md", Message: "a"}
	changed := other
	changed.Message = "b"
	if dedupeKey(other) == dedupeKey(changed) {
		t.Error("different messages share a key")
	}
}

func TestCleanRel(t *testing.T) {
	for in, want := range map[string]string{"./x.toml": "x.toml", "a/../b": "b", "/abs": "abs", ".gitleaks.toml": ".gitleaks.toml"} {
		if got := cleanRel(in); got != want {
			t.Errorf("cleanRel(%q) = %q, want %q", in, got, want)
		}
	}
}

// BenchmarkCIHistory checks the 500 commits of the history repository
// that ../shared/bench/mkrepos.sh builds.
func BenchmarkCIHistory(b *testing.B) {
	repo := benchRepo(b, "history")
	for b.Loop() {
		rep, rng, err := CI(CIOptions{Options: Options{Dir: repo}, Base: "base"})
		if err != nil {
			b.Fatal(err)
		}
		if rng.Commits != 500 || rep.Checked == 0 {
			b.Fatalf("checked %d commits, %d files", rng.Commits, rep.Checked)
		}
	}
}
