package gitutil

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
)

// batch is one long-lived `git cat-file --batch` process. It reads objects
// straight from the object store, so it works for every index format and for
// SHA-256 repositories, and it never touches the index.
type batch struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr *boundedBuffer
}

var batchArgs = []string{"cat-file", "--batch"}

// object is one answer of the batch process.
type object struct {
	hash string
	kind string // "blob", "tree", "commit", "tag"; "" when missing
	data []byte
}

func startBatch(dir string, env []string) (*batch, error) {
	cmd := exec.Command("git", batchArgs...)
	cmd.Dir = dir
	cmd.Env = env
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	b := &batch{cmd: cmd, stdin: stdin, stdout: bufio.NewReaderSize(stdout, 64<<10), stderr: &boundedBuffer{}}
	cmd.Stderr = b.stderr
	if err := cmd.Start(); err != nil {
		return nil, &CommandError{Args: batchArgs, Err: err}
	}
	return b, nil
}

// query asks for the objects named by names (hashes or revisions such as
// "HEAD" or "HEAD^{tree}") and returns them in order. Requests are written
// by a goroutine so a long list cannot deadlock on full pipes.
func (b *batch) query(names []string) ([]object, error) {
	for _, n := range names {
		if n == "" || strings.ContainsAny(n, "\n\x00") {
			return nil, fmt.Errorf("gitutil: invalid object name %q", n)
		}
	}
	werr := make(chan error, 1)
	go func() {
		w := bufio.NewWriter(b.stdin)
		for _, n := range names {
			w.WriteString(n)
			w.WriteByte('\n')
		}
		werr <- w.Flush()
	}()
	objs := make([]object, 0, len(names))
	for range names {
		o, err := b.read()
		if err != nil {
			ferr := b.fail(err)
			<-werr
			return nil, ferr
		}
		objs = append(objs, o)
	}
	if err := <-werr; err != nil {
		return nil, b.fail(err)
	}
	return objs, nil
}

// read parses one answer: "<oid> <type> <size>\n<contents>\n" or
// "<name> missing\n" (also "ambiguous"), the name as it was asked for,
// spaces included.
func (b *batch) read() (object, error) {
	header, err := b.stdout.ReadString('\n')
	if err != nil {
		return object{}, err
	}
	if strings.HasSuffix(header, " missing\n") || strings.HasSuffix(header, " ambiguous\n") {
		return object{}, nil
	}
	fields := strings.Fields(header)
	if len(fields) != 3 {
		return object{}, &parseError{what: fmt.Sprintf("cat-file header %q", header)}
	}
	size, err := strconv.ParseInt(fields[2], 10, 64)
	if err != nil || size < 0 {
		return object{}, &parseError{what: fmt.Sprintf("cat-file header %q", header)}
	}
	data := make([]byte, size+1)
	if _, err := io.ReadFull(b.stdout, data); err != nil {
		return object{}, err
	}
	if data[size] != '\n' {
		return object{}, &parseError{what: "cat-file object not newline-terminated"}
	}
	return object{hash: fields[0], kind: fields[1], data: data[:size]}, nil
}

// fail turns a broken conversation into an error; the process is stopped
// and the caller's Repo discards it.
func (b *batch) fail(err error) error {
	b.cmd.Process.Kill()
	b.close()
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err = errors.New("process ended early")
	}
	return &CommandError{Args: batchArgs, Err: err, Stderr: b.stderr.String()}
}

func (b *batch) close() error {
	b.stdin.Close()
	err := b.cmd.Wait()
	if err != nil {
		return &CommandError{Args: batchArgs, Err: err, Stderr: b.stderr.String()}
	}
	return nil
}
