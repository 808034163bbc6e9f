//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package gitutil

import "syscall"

// readFileInto reads the file at path into buf: n bytes, and whole when
// that is the whole file (else buf holds its start). It uses the system
// calls directly: an os.File would cost a poller registration for each of
// the many small loose files a hook reads. O_NONBLOCK keeps a FIFO in
// place of an object from blocking the open.
func readFileInto(path string, buf []byte) (n int, whole bool, err error) {
	fd, err := openRetry(path)
	if err != nil {
		return 0, false, err
	}
	defer syscall.Close(fd)
	for n < len(buf) {
		k, err := readRetry(fd, buf[n:])
		if err != nil {
			return 0, false, err
		}
		if k == 0 {
			return n, true, nil
		}
		n += k
	}
	var one [1]byte
	k, err := readRetry(fd, one[:])
	return n, k == 0 && err == nil, err
}

func openRetry(path string) (int, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

func readRetry(fd int, b []byte) (int, error) {
	for {
		n, err := syscall.Read(fd, b)
		if err != syscall.EINTR {
			if n < 0 {
				n = 0
			}
			return n, err
		}
	}
}
