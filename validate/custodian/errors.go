package custodian

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNoManifest is wrapped by the ManifestError returned when the memory
// directory has no manifest.md.
var ErrNoManifest = errors.New("manifest.md not found")

// ManifestError is a manifest that cannot be routed. Line is 1-based, 0
// when the problem concerns the whole file.
type ManifestError struct {
	Line    int
	Rule    string
	Message string
	Err     error
}

func (e *ManifestError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("manifest.md:%d: %s", e.Line, e.Message)
	}
	return "manifest.md: " + e.Message
}

func (e *ManifestError) Unwrap() error { return e.Err }

// UnknownTaskError is a task that names no category or alias.
type UnknownTaskError struct {
	Task string
	// Valid lists the categories and aliases, sorted.
	Valid []string
}

func (e *UnknownTaskError) Error() string {
	return fmt.Sprintf("unknown task %q (valid: %s)", e.Task, strings.Join(e.Valid, ", "))
}

// ModuleNameError is an --area or --profile name that cannot name a file
// inside the memory directory.
type ModuleNameError struct {
	Kind, Name, Reason string
}

func (e *ModuleNameError) Error() string {
	return fmt.Sprintf("invalid %s name %q: %s", e.Kind, e.Name, e.Reason)
}
