//go:build unix

package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalRemovesTemporaries stops init, and a SessionStart that creates
// REMNANT.md from the template, with SIGTERM while a file is being written
// (REMNANT_GUARD_HOLD_WRITE holds the write once its temporary file
// exists, and says which it is): the process dies of the signal, the
// temporary file is gone, and the file it was for was not created.
func TestSignalRemovesTemporaries(t *testing.T) {
	bin := buildBinary(t)
	for _, c := range []struct {
		name, stdin string
		args        []string
		setup       func(dir string)
		target      string
		holdIn      string // the folder, in the repository, of the write stopped; "" for its root
	}{
		{name: "init", args: []string{"init"}, target: "REMNANT.template.md"},
		{name: "SessionStart", args: []string{"agent-hook", "--agent", "claude"},
			setup: func(dir string) {
				writeFile(t, filepath.Join(dir, "REMNANT.template.md"), "# Remnant - x\n")
				writeFile(t, filepath.Join(dir, ".gitignore"), "REMNANT.md\n")
			},
			stdin: `{"session_id":"s-1","hook_event_name":"SessionStart","cwd":"@DIR@"}`, target: "REMNANT.md"},
		{name: "install", args: []string{"install"}, holdIn: ".git/hooks", target: ".git/hooks/pre-commit"},
		{name: "install-chained", args: []string{"install"}, holdIn: ".git/hooks",
			setup: func(dir string) {
				writeFile(t, filepath.Join(dir, ".git", "hooks", "pre-commit"), "#!/bin/sh\nexit 0\n")
			}},
		{name: "install-agent", args: []string{"install", "--agent", "claude"}, holdIn: ".claude", target: ".claude/settings.json"},
		{name: "output", args: []string{"scan", "--format", "json", "--output", "report.json"}, target: "report.json"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := newRepo(t)
			if c.setup != nil {
				c.setup(dir)
			}
			hold := t.TempDir()
			for _, f := range []string{"written", "resume"} {
				if err := syscall.Mkfifo(filepath.Join(hold, f), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, c.args...)
			cmd.Dir = dir
			cmd.Stdin = strings.NewReader(strings.ReplaceAll(c.stdin, "@DIR@", dir))
			cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir, "REMNANT_GUARD_HOLD_WRITE="+hold)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited, held := make(chan struct{}), make(chan struct{})
			var waitErr error
			go func() {
				// A process that ends without holding the write looked
				// for: open the FIFO's other end until the test's wait
				// for a hold takes it, so that the wait ends (with no name).
				waitErr = cmd.Wait()
				close(exited)
				for {
					select {
					case <-held:
						return
					default:
					}
					if f, err := os.OpenFile(filepath.Join(hold, "written"), os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
						f.Close()
					}
					time.Sleep(10 * time.Millisecond)
				}
			}()
			defer close(held)
			// Every write holds: let those outside the root go on (the
			// session record) until the one of the repository's root.
			real, _ := filepath.EvalSymlinks(dir)
			var tmp string
			for {
				written, err := os.Open(filepath.Join(hold, "written")) // waits for a write to reach its hold
				if err != nil {
					t.Fatal(err)
				}
				line, _ := bufio.NewReader(written).ReadString('\n')
				written.Close()
				tmp = strings.TrimSpace(line)
				if fi, err := os.Stat(tmp); err != nil || !fi.Mode().IsRegular() || !strings.HasPrefix(filepath.Base(tmp), ".remnant-guard-") {
					t.Fatalf("the held write names %q: %v", tmp, err)
				}
				if filepath.Dir(tmp) == filepath.Join(real, c.holdIn) || filepath.Dir(tmp) == filepath.Join(dir, c.holdIn) {
					break
				}
				resume, err := os.OpenFile(filepath.Join(hold, "resume"), os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				resume.Close()
			}
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			<-exited
			err := waitErr
			ee, ok := err.(*exec.ExitError)
			if !ok {
				t.Fatalf("after SIGTERM: %v", err)
			}
			if ws := ee.Sys().(syscall.WaitStatus); !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
				t.Errorf("the process ended with %v, not by SIGTERM", ee)
			}
			if _, err := os.Lstat(tmp); !os.IsNotExist(err) {
				t.Errorf("the temporary file %s is left: %v", tmp, err)
			}
			left, _ := filepath.Glob(filepath.Join(filepath.Dir(tmp), ".remnant-guard-????????????????"))
			if len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
			if c.target != "" {
				if _, err := os.Lstat(filepath.Join(dir, c.target)); !os.IsNotExist(err) {
					t.Errorf("%s exists after SIGTERM: %v", c.target, err)
				}
			}
		})
	}
}

// TestStaleTemporariesRemoved: a run that writes in a folder removes our
// temporary files there that are older than a run could be, and leaves a
// fresh one (a concurrent run's) and files of other names alone.
func TestStaleTemporariesRemoved(t *testing.T) {
	bin := buildBinary(t)
	dir := newRepo(t)
	stale := filepath.Join(dir, ".remnant-guard-0123456789abcdef")
	fresh := filepath.Join(dir, ".remnant-guard-fedcba9876543210")
	other := filepath.Join(dir, ".remnant-guard-notours")
	for _, f := range []string{stale, fresh, other} {
		writeFile(t, f, "x")
	}
	old := time.Now().Add(-2 * time.Hour)
	for _, f := range []string{stale, other} {
		if err := os.Chtimes(f, old, old); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bin, "init")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("init: %v\n%s", err, out)
	}
	if _, err := os.Lstat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale temporary file is left: %v", err)
	}
	for _, f := range []string{fresh, other} {
		if _, err := os.Lstat(f); err != nil {
			t.Errorf("%s was removed: %v", f, err)
		}
	}
}
