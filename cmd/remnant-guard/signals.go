package main

import (
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// cleanUpOnSignal makes SIGINT, SIGTERM and SIGHUP remove the temporary
// files of the writes in progress (a file being replaced stays as it was,
// a new one is not created) before the process dies of the signal as it
// would have without the handler.
func cleanUpOnSignal() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		sig := <-ch
		safefile.RemoveTemporaries()
		signal.Reset(sig)
		if p, err := os.FindProcess(os.Getpid()); err == nil && p.Signal(sig) == nil {
			// The default action ends the process; should it not, exit.
			time.Sleep(time.Second)
		}
		os.Exit(exitError)
	}()
}
