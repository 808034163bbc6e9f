package main

import (
	"bytes"
	"os"
	"testing"
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
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if useColor(null, false) || isTerminal(null) {
		t.Error("/dev/null taken for a terminal")
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
	_, tty := openPTYPair(t)
	return tty
}
