package safefile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// tempPrefix starts the name of every temporary file a write goes
// through: ".remnant-guard-" and 16 hexadecimal digits.
const tempPrefix = ".remnant-guard-"

// StaleAfter is how old a temporary file of ours must be before a later
// write into its folder removes it: far longer than any run takes to write
// one file, so that a concurrent run's temporary is never touched.
const StaleAfter = time.Hour

// tempName is a fresh temporary file name.
func tempName() string {
	var rnd [8]byte
	rand.Read(rnd[:])
	return tempPrefix + hex.EncodeToString(rnd[:])
}

// IsTempName tells whether name is one of our temporary files' names.
func IsTempName(name string) bool {
	h, ok := strings.CutPrefix(name, tempPrefix)
	if !ok || len(h) != 16 {
		return false
	}
	_, err := hex.DecodeString(h)
	return err == nil
}

// Temporaries are the temporary files of the writes in progress: signals
// are delivered to the process, so the set is the process's (the one
// package-level variable here). Closed, it removes every file and refuses
// new ones, so that a write racing a signal leaves nothing either.
var temporaries = tempSet{live: map[string]struct{}{}}

type tempSet struct {
	mu       sync.Mutex
	live     map[string]struct{}
	closed   bool
	watching sync.Once
}

// watchSignals makes SIGINT, SIGTERM and SIGHUP remove the temporary
// files of the writes in progress before the process dies of the signal,
// as it would have without the handler. It is set up by the first write,
// so that a run that writes nothing pays nothing for it.
func watchSignals() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		sig := <-ch
		RemoveTemporaries()
		signal.Reset(sig)
		if p, err := os.FindProcess(os.Getpid()); err == nil && p.Signal(sig) == nil {
			// The default action ends the process; should it not, exit.
			time.Sleep(time.Second)
		}
		os.Exit(2)
	}()
}

// errClosing is a write begun after RemoveTemporaries.
var errClosing = errors.New("the process is stopping: nothing written")

// add records a temporary file by its absolute path; after
// RemoveTemporaries the file is removed at once and the write fails.
func (s *tempSet) add(path string) error {
	s.watching.Do(watchSignals)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		os.Remove(path)
		return errClosing
	}
	s.live[path] = struct{}{}
	return nil
}

func (s *tempSet) done(path string) {
	s.mu.Lock()
	delete(s.live, path)
	s.mu.Unlock()
}

// RemoveTemporaries deletes the temporary files of the writes in progress
// and makes every later write fail without leaving one: what a signal that
// stops the process does first (see watchSignals).
func RemoveTemporaries() {
	s := &temporaries
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	for p := range s.live {
		os.Remove(p)
		delete(s.live, p)
	}
}

// removeStale deletes, in the folder dir of root, our temporary files
// older than StaleAfter: what a run stopped by SIGKILL or a power cut
// left. Only regular files named as ours are touched; errors are ignored
// (a stale file left is harmless, a write is not held up by it).
func removeStale(root *os.Root, dir string) {
	d, err := root.Open(dir)
	if err != nil {
		return
	}
	defer d.Close()
	now := time.Now()
	for {
		names, err := d.Readdirnames(256)
		for _, n := range names {
			if !IsTempName(n) {
				continue
			}
			p := filepath.Join(dir, n)
			if fi, err := root.Lstat(p); err == nil && fi.Mode().IsRegular() && now.Sub(fi.ModTime()) > StaleAfter {
				root.Remove(p)
			}
		}
		if err != nil {
			return // io.EOF, or a folder that cannot be listed
		}
	}
}

// holdWrite lets a test stop a write at the point where its temporary
// file exists and nothing is renamed yet: with REMNANT_GUARD_HOLD_WRITE
// naming a folder that holds the FIFOs "written" and "resume", the name
// of the temporary file is written to the first, then the write waits
// until the second is closed by its writer. Unset, it does nothing.
func holdWrite(tmp string) {
	dir := os.Getenv("REMNANT_GUARD_HOLD_WRITE")
	if dir == "" {
		return
	}
	for _, f := range []string{"written", "resume"} {
		if fi, err := os.Lstat(filepath.Join(dir, f)); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
			return // only a pair of FIFOs holds a write
		}
	}
	if f, err := os.OpenFile(filepath.Join(dir, "written"), os.O_WRONLY, 0); err == nil {
		io.WriteString(f, tmp+"\n")
		f.Close()
	}
	if f, err := os.Open(filepath.Join(dir, "resume")); err == nil {
		io.Copy(io.Discard, f)
		f.Close()
	}
}

// writeTemp creates a temporary file in the folder dir of root, writes
// data with mode perm, syncs and closes it, and returns its name (in
// root). The file is recorded until release is called; on an error
// nothing is left.
func writeTemp(root *os.Root, rootDir, dir string, data []byte, perm fs.FileMode) (tmp string, release func(), err error) {
	temporaries.watching.Do(watchSignals) // before the file exists
	removeStale(root, dir)
	abs, err := filepath.Abs(rootDir)
	if err != nil {
		return "", nil, err
	}
	tmp = filepath.Join(dir, tempName())
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", nil, err
	}
	full := filepath.Join(abs, tmp)
	if err := temporaries.add(full); err != nil {
		f.Close()
		root.Remove(tmp)
		return "", nil, err
	}
	release = func() {
		root.Remove(tmp)
		temporaries.done(full)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		release()
		return "", nil, err
	}
	holdWrite(full)
	return tmp, release, nil
}
