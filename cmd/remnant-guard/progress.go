package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

// isTerminal tells whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if rw, wrapped := w.(*redactWriter); wrapped {
		f, ok = rw.file()
	}
	if !ok {
		return false
	}
	return isTTY(f)
}

// progressLine shows "commits done/total" on one terminal line, redrawn at
// most every interval, and erases it when finished.
type progressLine struct {
	w        io.Writer
	last     time.Time
	interval time.Duration
	shown    bool
}

// newProgress returns a progress line on w for the text format when w is
// a terminal; else nil: progress never goes into a file, a pipe or a
// machine-readable report.
func newProgress(w io.Writer, format string) *progressLine {
	if format != "text" || !isTerminal(w) {
		return nil
	}
	if rw, wrapped := w.(*redactWriter); wrapped {
		// Only counts are shown, and a line that is redrawn in place has
		// no end of line for the redacting writer to wait for.
		w = rw.w
	}
	return &progressLine{w: w, interval: 100 * time.Millisecond}
}

func (p *progressLine) update(done, total int) {
	if now := time.Now(); done == total || now.Sub(p.last) >= p.interval {
		p.last = now
		p.shown = true
		fmt.Fprintf(p.w, "\rremnant-guard: scanning history: %d/%d commits", done, total)
	}
}

// finish erases the line.
func (p *progressLine) finish() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
