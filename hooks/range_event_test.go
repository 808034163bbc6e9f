//go:build !windows

package hooks

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// TestGitHubEventBounded: the event file is read like every other file:
// a FIFO is refused at once, a file over the limit is not read whole.
func TestGitHubEventBounded(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "event.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, _, err := githubRange(nil, fifo, ""); done <- err }()
	select {
	case err := <-done:
		var nr *safefile.NotRegularError
		if !errors.As(err, &nr) {
			t.Errorf("a FIFO event file: %v, want a NotRegularError", err)
		}
	case <-heapcost.Deadline(t):
		t.Fatal("reading a FIFO event file blocks")
	}
	big := filepath.Join(dir, "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(maxEventSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, _, err = githubRange(nil, big, "")
	var tl *safefile.TooLargeError
	if !errors.As(err, &tl) {
		t.Errorf("an event file over %d bytes: %v, want a TooLargeError", maxEventSize, err)
	}
	ok := filepath.Join(dir, "ok.json")
	b, h := strings.Repeat("b", 40), strings.Repeat("a", 40)
	os.WriteFile(ok, []byte(`{"pull_request":{"base":{"sha":"`+b+`"},"head":{"sha":"`+h+`"}}}`), 0o600)
	if r, found, err := githubRange(nil, ok, "pull_request"); err != nil || !found || r.Base != b || r.Head != h {
		t.Errorf("a pull request event: %+v %v %v", r, found, err)
	}
}
