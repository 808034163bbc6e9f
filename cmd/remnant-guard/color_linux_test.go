package main

import (
	"bytes"
	"fmt"
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// TestColor: colour only on a terminal, never with --no-color or NO_COLOR.
func TestColor(t *testing.T) {
	if useColor(&bytes.Buffer{}, false) {
		t.Error("colour on a buffer")
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if useColor(f, false) {
		t.Error("colour on a regular file")
	}
	tty := openPTY(t)
	t.Setenv("NO_COLOR", "")
	if !useColor(tty, false) {
		t.Error("no colour on a terminal")
	}
	if useColor(tty, true) {
		t.Error("colour on a terminal with --no-color")
	}
	t.Setenv("NO_COLOR", "1")
	if useColor(tty, false) {
		t.Error("colour on a terminal with NO_COLOR set")
	}
}

// openPTY opens the terminal side of a new pseudo-terminal (Linux).
func openPTY(t *testing.T) *os.File {
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
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty
}
