package hooks

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/gitutil"
)

// FuzzParsePushUpdates feeds pre-push input to its parser: what it accepts
// is four fields a line with hex hashes, and printing it back and parsing
// again gives the same updates.
func FuzzParsePushUpdates(f *testing.F) {
	h, z := strings.Repeat("a1", 20), strings.Repeat("0", 40)
	f.Add([]byte("refs/heads/main " + h + " refs/heads/main " + z + "\n"))
	f.Add([]byte("(delete) " + z + " refs/heads/old " + h + "\n\nrefs/tags/v1 " + h + " refs/tags/v1 " + h))
	f.Add([]byte("refs/heads/x " + strings.Repeat("b", 64) + " refs/heads/x " + strings.Repeat("0", 64) + "\r\n"))
	f.Add([]byte("only three fields\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ups, err := ParsePushUpdates(bytes.NewReader(data))
		if err != nil {
			if strings.Contains(err.Error(), string(data)) && len(data) > 8 {
				t.Errorf("the error quotes the input")
			}
			return
		}
		var b strings.Builder
		for _, u := range ups {
			if !isHex(u.LocalSHA) || !isHex(u.RemoteSHA) || u.LocalRef == "" || u.RemoteRef == "" {
				t.Fatalf("accepted %+v", u)
			}
			fmt.Fprintf(&b, "%s %s %s %s\n", u.LocalRef, u.LocalSHA, u.RemoteRef, u.RemoteSHA)
		}
		again, err := ParsePushUpdates(strings.NewReader(b.String()))
		if err != nil || len(again) != len(ups) {
			t.Fatalf("round trip: %v, %d updates, want %d", err, len(again), len(ups))
		}
		for i := range ups {
			if again[i] != ups[i] {
				t.Fatalf("round trip: %+v, want %+v", again[i], ups[i])
			}
		}
	})
}

// FuzzGitHubEvent feeds event files to the reader: a pull request event
// gives its base (and head) as they are in the file; nothing panics.
func FuzzGitHubEvent(f *testing.F) {
	h := strings.Repeat("c", 40)
	f.Add([]byte(`{"pull_request":{"base":{"sha":"` + h + `"},"head":{"sha":"` + h + `"}}}`))
	f.Add([]byte(`{"pull_request":null,"push":{}}`))
	f.Add([]byte(`{"pull_request":{"base":{"sha":1}}}`))
	f.Add([]byte(`[]`))
	f.Add([]byte{0xff, '{'})
	f.Add([]byte(`{"before":"` + strings.Repeat("0", 40) + `","after":"` + h + `","ref":"refs/heads/x","repository":{"default_branch":"main"}}`))
	f.Add([]byte(`{"merge_group":{"base_sha":"` + h + `","head_sha":"` + h + `"}}`))
	dir := f.TempDir()
	repoDir := filepath.Join(dir, "repo")
	for _, args := range [][]string{{"init", "-q", repoDir}, {"-C", repoDir, "-c", "user.name=A", "-c", "user.email=a@example.com", "commit", "-q", "--allow-empty", "-m", "one"}} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			f.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	repo, err := gitutil.OpenHistory(repoDir)
	if err != nil {
		f.Fatal(err)
	}
	defer repo.Close()
	n := 0
	f.Fuzz(func(t *testing.T, data []byte) {
		n++
		name := filepath.Join(dir, fmt.Sprintf("event%d.json", n))
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(name)
		rng, ok, err := githubRange(repo, name, "")
		if err != nil && ok {
			t.Fatalf("ok with an error: %v", err)
		}
		for _, rev := range []string{rng.Base, rng.Head} {
			if ok && rev != "" && rev != "HEAD" && !isHex(rev) {
				t.Fatalf("a range of a name that is not a hash: %+v", rng)
			}
		}
		if ok && !bytes.Contains(data, []byte(`"`)) {
			t.Fatalf("a range from an event without a string: %+v", rng)
		}
	})
}
