package hooks

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	dir := f.TempDir()
	n := 0
	f.Fuzz(func(t *testing.T, data []byte) {
		n++
		name := filepath.Join(dir, fmt.Sprintf("event%d.json", n))
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(name)
		rng, ok, err := githubEvent(name)
		if err != nil && ok {
			t.Fatalf("ok with an error: %v", err)
		}
		if ok && (rng.Base == "" || !bytes.Contains(data, []byte(`"`))) {
			t.Fatalf("a pull request without a base: %+v", rng)
		}
	})
}
