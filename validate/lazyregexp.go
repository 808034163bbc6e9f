package validate

import (
	"regexp"
	"sync"
)

// LazyRegexp compiles a regular expression on first use, so that start-up
// pays only for the expressions a run needs.
func LazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
