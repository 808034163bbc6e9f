package gitutil

import (
	"bytes"
	"fmt"
	"os/exec"
)

// maxStderr bounds how much of git's stderr is kept for error messages.
const maxStderr = 4096

// boundedBuffer keeps the last maxStderr bytes written to it.
type boundedBuffer struct{ buf []byte }

func (b *boundedBuffer) Write(p []byte) (int, error) {
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - maxStderr; over > 0 {
		b.buf = b.buf[over:]
	}
	return len(p), nil
}

func (b *boundedBuffer) String() string { return string(b.buf) }

// runGit runs git with args in dir and env, returning stdout. A non-zero exit
// is a *CommandError; stdout is never trusted then.
func runGit(dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout bytes.Buffer
	var stderr boundedBuffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), &CommandError{Args: args, Err: err, Stderr: stderr.String()}
	}
	return stdout.Bytes(), nil
}

// run runs git for the repository r.
func (r *Repo) run(args ...string) ([]byte, error) {
	return runGit(r.TopLevel, r.env, args...)
}

// badOutput wraps a parse problem as a *CommandError for args.
func badOutput(args []string, format string, a ...any) error {
	return &CommandError{Args: args, Err: &parseError{what: fmt.Sprintf(format, a...)}}
}
