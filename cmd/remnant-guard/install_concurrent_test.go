package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// TestConcurrentInstalls runs 300 rounds of installs started at once with
// the real binary (three per round, eight repositories side by side), each
// round from a fresh foreign pre-commit hook. After every round the foreign
// hook must be kept byte for byte, ours must chain it and never itself, and
// nothing may be left half-made; every 25th round a commit also runs the
// foreign hook once through ours and uninstall brings it back.
func TestConcurrentInstalls(t *testing.T) {
	rounds := testtier.Pick(30, 300)
	bin := buildBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	const workers, perRound = 8, 3
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	next := make(chan int, rounds)
	for i := 0; i < rounds; i++ {
		next <- i
	}
	close(next)
	for w := 0; w < workers; w++ {
		dir := newRepo(t)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range next {
				if msg := installRound(ctx, bin, dir, perRound, round%25 == 0); msg != "" {
					mu.Lock()
					failures = append(failures, fmt.Sprintf("round %d: %s", round, msg))
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		t.Fatal("the installs did not finish within their timeout")
	}
	for _, f := range failures {
		t.Error(f)
	}
}

var foreignHook = []byte("#!/bin/sh\n# the team's hook\necho ran >> \"$(git rev-parse --show-toplevel)/foreign-ran\"\n")

// installRound puts the foreign hook back alone, runs n installs at once
// and says what went wrong, or "". With use, it also commits through the
// hooks and uninstalls.
func installRound(ctx context.Context, bin, dir string, n int, use bool) string {
	hooksDir := filepath.Join(dir, ".git", "hooks")
	os.RemoveAll(hooksDir)
	os.MkdirAll(hooksDir, 0o755)
	hook := filepath.Join(hooksDir, "pre-commit")
	if err := os.WriteFile(hook, foreignHook, 0o755); err != nil {
		return err.Error()
	}
	var wg sync.WaitGroup
	errs := make([]string, n)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.CommandContext(ctx, bin, "install", "--hook", "pre-commit")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				errs[i] = fmt.Sprintf("install: %v: %s", err, out)
			}
		}()
	}
	wg.Wait()
	if e := strings.Join(errs, ""); e != "" {
		return e
	}
	if kept, err := os.ReadFile(hook + ".remnant-guard-chained"); err != nil || !bytes.Equal(kept, foreignHook) {
		return fmt.Sprintf("the foreign hook is not kept byte for byte (%v): %q", err, kept)
	}
	ours, err := os.ReadFile(hook)
	if err != nil || !strings.Contains(string(ours), "# remnant-guard: managed hook") || !strings.Contains(string(ours), "pre-commit.remnant-guard-chained") {
		return fmt.Sprintf("our hook is not in place, chaining the foreign one (%v): %q", err, ours)
	}
	ents, _ := os.ReadDir(hooksDir)
	for _, e := range ents {
		if name := e.Name(); name != "pre-commit" && name != "pre-commit.remnant-guard-chained" {
			return "left behind in the hooks folder: " + name
		}
	}
	if !use {
		return ""
	}
	os.Remove(filepath.Join(dir, "foreign-ran"))
	commit := exec.CommandContext(ctx, "git", "-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "-q", "--allow-empty", "-m", "round")
	commit.Dir = dir
	if out, err := commit.CombinedOutput(); err != nil {
		return fmt.Sprintf("commit: %v: %s", err, out)
	}
	if ran, _ := os.ReadFile(filepath.Join(dir, "foreign-ran")); string(ran) != "ran\n" {
		return fmt.Sprintf("the foreign hook ran %q through ours, want once", ran)
	}
	un := exec.CommandContext(ctx, bin, "uninstall")
	un.Dir = dir
	if out, err := un.CombinedOutput(); err != nil {
		return fmt.Sprintf("uninstall: %v: %s", err, out)
	}
	if back, err := os.ReadFile(hook); err != nil || !bytes.Equal(back, foreignHook) {
		return fmt.Sprintf("uninstall did not restore the foreign hook byte for byte (%v): %q", err, back)
	}
	return ""
}
