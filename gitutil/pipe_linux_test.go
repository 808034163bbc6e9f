package gitutil

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// git log's output pipe is widened, so that git can print ahead of the
// scan; the log still reads whole.
func TestLogPipeWidened(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "a.txt", "one\n")
	commitAll(t, dir, env, "first")
	r := open(t, dir, env)
	l := r.StartLog("HEAD")
	defer l.Stop()
	if l.err != nil {
		t.Fatal(l.err)
	}
	sc, err := l.head.out.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var size uintptr
	var errno syscall.Errno
	if err := sc.Control(func(fd uintptr) {
		size, _, errno = syscall.Syscall(syscall.SYS_FCNTL, fd, 1032 /* F_GETPIPE_SZ */, 0)
	}); err != nil || errno != 0 {
		t.Fatalf("F_GETPIPE_SZ: %v %v", err, errno)
	}
	want := uintptr(logPipeSize)
	if b, err := os.ReadFile("/proc/sys/fs/pipe-max-size"); err == nil && os.Geteuid() != 0 {
		if m, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && uintptr(m) < want {
			want = 0 // an unprivileged process may not ask for more: the kernel refuses, nothing changes
		}
	}
	if size < want {
		t.Errorf("pipe size %d, want at least %d", size, want)
	}
	n := 0
	if err := l.Each(func(c CommitChanges) error { n += len(c.Changes); return nil }); err != nil || n != 1 {
		t.Errorf("Each: %d changes, %v", n, err)
	}
}
