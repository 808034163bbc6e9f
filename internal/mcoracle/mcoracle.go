// Package mcoracle runs the reference MemoryCustodian implementations in
// ../shared/oracles for the differential tests: it builds a runnable copy
// of the 0.12.0 core and runs many CLI jobs through a Python driver in two
// worker processes.
package mcoracle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
)

// ErrAbsent is returned when python3 or the reference is not here: the
// differential test cannot run.
var ErrAbsent = errors.New("python3 or the MemoryCustodian reference (../shared/oracles) is not here")

// Env is the environment the reference runs in: no bytecode written
// beside the reference, UTF-8 output.
func Env(extra ...string) []string {
	return append(append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1", "PYTHONIOENCODING=utf-8"), extra...)
}

// Build12 builds a runnable copy of the 0.12.0 core at core into dest
// (with the core's own shim/build_runnable.py), for mc.py and the driver.
func Build12(core, dest string) error {
	build := filepath.Join(core, "shim", "build_runnable.py")
	if _, err := os.Stat(build); err != nil {
		return ErrAbsent
	}
	if _, err := exec.LookPath("python3"); err != nil {
		return ErrAbsent
	}
	cmd := exec.Command("python3", build, core, dest)
	cmd.Env = Env()
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the 0.12.0 core: %v: %s", err, b)
	}
	return nil
}

// Result is one CLI run: its exit code and output.
type Result struct {
	Code int    `json:"code"`
	Out  string `json:"out"`
	Err  string `json:"err"`
}

// Run runs the argument lists in two driver processes (argv, with env):
// each reads its share of the jobs as one JSON array on stdin and prints
// one Result per job as a JSON line. The results come back in job order.
func Run(argv, env []string, jobs [][]string) ([]Result, error) {
	const workers = 2
	out := make([]Result, len(jobs))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := w*len(jobs)/workers, (w+1)*len(jobs)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = worker(argv, env, jobs[lo:hi], out[lo:hi])
		}()
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

func worker(argv, env []string, jobs [][]string, out []Result) error {
	in, err := json.Marshal(jobs)
	if err != nil {
		return err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = env
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s: %v: %s", filepath.Base(argv[min(1, len(argv)-1)]), err, stderr.String())
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 64<<20)
	n := 0
	for ; sc.Scan(); n++ {
		if n >= len(out) {
			return fmt.Errorf("the oracle printed more results than jobs")
		}
		if err := json.Unmarshal(sc.Bytes(), &out[n]); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if n != len(out) {
		return fmt.Errorf("the oracle printed %d results for %d jobs: %s", n, len(out), stderr.String())
	}
	return nil
}
