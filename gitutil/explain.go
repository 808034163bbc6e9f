package gitutil

import (
	"errors"
	"fmt"
)

// Explain turns the errors of Open into messages with a hint of what to do.
func Explain(err error) error {
	switch {
	case errors.Is(err, ErrBareRepository):
		return fmt.Errorf("%w: the hook checks what a commit stages, and a bare repository has no index or working tree", err)
	case errors.Is(err, ErrNotRepository):
		return fmt.Errorf("%w: run it inside a git working tree", err)
	}
	return err
}
