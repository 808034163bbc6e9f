package gitutil

import (
	"os"
	"syscall"
)

// widenPipe asks the kernel for a pipe buffer of n bytes (F_SETPIPE_SZ), so
// that git can write ahead while remnant-guard is still preparing the
// checks, instead of waiting for it after 64 KiB. A refusal (n above
// /proc/sys/fs/pipe-max-size for an unprivileged user) changes nothing.
func widenPipe(w *os.File, n int) {
	sc, err := w.SyscallConn()
	if err != nil {
		return
	}
	_ = sc.Control(func(fd uintptr) {
		_, _, _ = syscall.Syscall(syscall.SYS_FCNTL, fd, 1031 /* F_SETPIPE_SZ */, uintptr(n))
	})
}
