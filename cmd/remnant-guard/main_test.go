package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(removingBuilds{m}, map[string]func(){
		"remnant-guard": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// removingBuilds runs the tests, then removes the folder of the binary
// builtOnce made.
type removingBuilds struct{ m *testing.M }

func (r removingBuilds) Run() int {
	code := r.m.Run()
	builtDirs.Range(func(dir, _ any) bool {
		os.RemoveAll(dir.(string))
		return true
	})
	return code
}

// TestScripts runs the end-to-end scripts in testdata/script: the real
// binary, real git repositories.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:   "testdata/script",
		Setup: setupGit,
		Condition: func(cond string) (bool, error) {
			if cond == "full" {
				return testtier.Full(), nil
			}
			if cond == "pyyaml" {
				_, err := loadAction(actionPath(filepath.Join("..", "..")))
				return err != errNoPyYAML, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"exits":       cmdExits,
			"action-run":  cmdActionRun,
			"junit-valid": cmdJUnitValid,
		},
	})
}

// cmdExits runs a command and checks its exit status exactly:
// exits 2 remnant-guard pre-commit
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits CODE command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: bad code %q", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		got = ee.ExitCode()
	case err != nil:
		ts.Fatalf("exits: %v", err)
	}
	if got != want {
		ts.Fatalf("%s exited %d, want %d", args[1], got, want)
	}
}

// setupGit gives every script a git identity and a HOME of its own, so that
// the user's git configuration never leaks in.
func setupGit(env *testscript.Env) error {
	home := filepath.Join(env.WorkDir, ".home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		return err
	}
	_, file, _, _ := runtime.Caller(0)
	env.Setenv("SHARED", filepath.Join(filepath.Dir(file), "..", "..", "..", "shared"))
	env.Setenv("REPO", filepath.Join(filepath.Dir(file), "..", ".."))
	env.Setenv("HOME", home)
	// The go command itself, for scripts that put a stand-in first on PATH.
	if goCmd, err := exec.LookPath("go"); err == nil {
		env.Setenv("REAL_GO", goCmd)
	}
	env.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	env.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	env.Setenv("GIT_AUTHOR_NAME", "Ada")
	env.Setenv("GIT_AUTHOR_EMAIL", "ada@example.com")
	env.Setenv("GIT_COMMITTER_NAME", "Ada")
	env.Setenv("GIT_COMMITTER_EMAIL", "ada@example.com")
	env.Setenv("NO_COLOR", "")
	// A script that runs go (the Action's build step) shares the caches of
	// the go running the tests, whatever HOME says.
	for k, v := range goEnv() {
		env.Setenv(k, v)
	}
	return nil
}

// goEnv is the go command's cache and proxy settings, read once.
var goEnv = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	for _, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOPROXY", "GOTOOLCHAIN"} {
		if v, err := exec.Command("go", "env", k).Output(); err == nil {
			out[k] = strings.TrimSpace(string(v))
		}
	}
	return out
})
