package gitutil

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
)

// locateArgs asks git for everything Open needs in one process. The order
// matters: --show-toplevel fails in a bare repository and --short HEAD fails
// on an unborn branch, so both come last and the lines before them still
// tell what happened.
var locateArgs = []string{"rev-parse", "--path-format=absolute",
	"--is-bare-repository", "--show-object-format",
	"--git-dir", "--git-common-dir", "--git-path", "index", "--git-path", "hooks",
	"--show-prefix", "--show-toplevel", "--short", "HEAD"}

const (
	lineBare = iota
	lineFormat
	lineGitDir
	lineCommonDir
	lineIndex
	lineHooks
	linePrefix
	lineTopLevel
	lineShort
	locateLines
)

// minVersion is the oldest git this package supports: rev-parse
// --path-format=absolute appeared in 2.31.
const minVersion = "2.31"

func locate(dir string, env []string) (*Repo, error) {
	out, runErr := runGit(dir, discoveryEnv(env), locateArgs...)
	lines := splitLines(out)
	if runErr != nil && len(lines) <= lineBare {
		return nil, locateFailure(dir, env, runErr)
	}
	if len(lines) < lineTopLevel {
		return nil, badOutput(locateArgs, "%d lines", len(lines))
	}
	if lines[lineBare] == "true" {
		return nil, fmt.Errorf("%s: %w", lines[lineGitDir], ErrBareRepository)
	}
	if len(lines) == lineTopLevel {
		return nil, fmt.Errorf("%s: not inside the working tree: %w", dir, runErr)
	}
	if runErr == nil && len(lines) != locateLines || len(lines) > locateLines {
		return nil, badOutput(locateArgs, "%d lines", len(lines))
	}
	r := &Repo{
		ObjectFormat: lines[lineFormat],
		GitDir:       filepath.Clean(lines[lineGitDir]),
		CommonDir:    filepath.Clean(lines[lineCommonDir]),
		IndexFile:    filepath.Clean(lines[lineIndex]),
		HooksDir:     filepath.Clean(lines[lineHooks]),
		Prefix:       lines[linePrefix],
		TopLevel:     filepath.Clean(lines[lineTopLevel]),
	}
	if len(lines) == locateLines {
		r.headShort = lines[lineShort]
	}
	if r.ObjectFormat != "sha1" && r.ObjectFormat != "sha256" {
		return nil, badOutput(locateArgs, "object format %q", r.ObjectFormat)
	}
	return r, nil
}

// locateFailure explains a rev-parse that printed nothing: git too old for
// --path-format, or not a repository.
func locateFailure(dir string, env []string, runErr error) error {
	if have, ok := gitVersion(dir, env); ok && versionLess(have, minVersion) {
		return &GitTooOldError{Have: have, Need: minVersion}
	}
	msg := runErr.Error()
	var ce *CommandError
	if asCommandError(runErr, &ce) {
		msg = lastLine(ce.Stderr)
	}
	if strings.Contains(msg, "not a git repository") {
		return fmt.Errorf("%s: %w", dir, ErrNotRepository)
	}
	return runErr
}

func splitLines(out []byte) []string {
	if len(out) == 0 {
		return nil
	}
	out = bytes.TrimSuffix(out, []byte("\n"))
	return strings.Split(string(out), "\n")
}
