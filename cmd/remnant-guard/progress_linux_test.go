package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

// TestHistoryProgress: scan --history shows commits done/total on stderr
// when stderr is a terminal, erases the line at the end, and shows nothing
// with a machine format or when stderr is not a terminal.
func TestHistoryProgress(t *testing.T) {
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir,
			"GIT_AUTHOR_NAME=A", "GIT_AUTHOR_EMAIL=a@example.com", "GIT_COMMITTER_NAME=A", "GIT_COMMITTER_EMAIL=a@example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	for i := range 3 {
		if err := os.WriteFile(dir+"/f.txt", []byte(fmt.Sprintf("line %d\n", i)), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", "f.txt")
		git("commit", "-q", "-m", fmt.Sprint(i))
	}
	t.Chdir(dir)

	got := runOnTerminal(t, "scan", "--history")
	if !strings.Contains(got, "\rremnant-guard: scanning history: 3/3 commits") || !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("stderr on a terminal = %q, want the progress line, erased", got)
	}
	// On one terminal for stdout and stderr, the line is erased before the
	// report is written.
	both := runOnTerminal(t, "scan", "--history", "--both")
	if i, j := strings.LastIndex(both, "\x1b[K"), strings.Index(both, "remnant-guard: note:"); i < 0 || j < i {
		t.Errorf("the progress line is not erased before the report: %q", both)
	}
	if got := runOnTerminal(t, "scan", "--history", "--format", "json"); strings.Contains(got, "scanning history") {
		t.Errorf("progress with --format json: %q", got)
	}
	if got := runOnTerminal(t, "scan"); strings.Contains(got, "scanning history") {
		t.Errorf("progress without --history: %q", got)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"scan", "--history"}, nil, &stdout, &stderr); code != 0 || strings.Contains(stderr.String(), "scanning") {
		t.Errorf("not a terminal: exit %d, stderr %q", code, stderr.String())
	}
}

// runOnTerminal runs remnant-guard with stderr on a pseudo-terminal and
// returns what the terminal received.
func runOnTerminal(t *testing.T, args ...string) string {
	t.Helper()
	ptmx, tty := openPTYPair(t)
	done := make(chan []byte)
	go func() {
		var got bytes.Buffer
		io.Copy(&got, ptmx) // ends with EIO once the terminal side is closed
		done <- got.Bytes()
	}()
	var stdout bytes.Buffer
	var out io.Writer = &stdout
	if i := slices.Index(args, "--both"); i >= 0 {
		args, out = slices.Delete(slices.Clone(args), i, i+1), tty
	}
	code := run(args, nil, out, tty)
	tty.Close()
	if code != 0 {
		t.Fatalf("%v: exit %d\n%s", args, code, stdout.String())
	}
	select {
	case got := <-done:
		return string(got)
	case <-heapcost.Deadline(t):
		t.Fatal("the terminal was not closed")
	}
	return ""
}

// openPTYPair opens a new pseudo-terminal (Linux): the master side to read
// and the terminal side to write. The terminal does not translate "\n".
func openPTYPair(t *testing.T) (ptmx, tty *os.File) {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Fatalf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	var n, unlock uint32
	ioctl := func(req uintptr, arg *uint32) {
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), req, uintptr(unsafe.Pointer(arg))); e != 0 {
			t.Fatalf("ioctl %#x: %v", req, e)
		}
	}
	ioctl(syscall.TIOCSPTLCK, &unlock)
	ioctl(syscall.TIOCGPTN, &n)
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close() })
	return ptmx, tty
}
