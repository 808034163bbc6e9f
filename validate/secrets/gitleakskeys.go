package secrets

import (
	"fmt"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/remnant-guard/remnant-guard/internal/tomlcheck"
)

// unsupportedKeys are gitleaks keys read and refused, with the reason.
var unsupportedKeys = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"rules.required":   "composite rules ([[rules.required]]) are not supported",
		"rules.skipReport": "skipReport (rules that only serve composite rules) is not supported",
	}
})

// unknownGitleaksKey reports a key of a gitleaks configuration that is
// not understood, with its line.
func unknownGitleaksKey(name string, data []byte, k toml.Key) error {
	msg := fmt.Sprintf("unknown key %q", k.String())
	for prefix, why := range unsupportedKeys() {
		if k.String() == prefix || strings.HasPrefix(k.String(), prefix+".") {
			msg = fmt.Sprintf("%s: %s", k.String(), why)
		}
	}
	return &ParseError{File: name, Line: tomlcheck.KeyLine(data, k), Err: fmt.Errorf("%s", msg)}
}

// nthHeaderLine is the line of the n-th (0-based) table header given
// literally ("[[rules]]"), or 0.
func nthHeaderLine(data []byte, header string, n int) int {
	for i, line := range strings.Split(string(data), "\n") {
		if strings.ReplaceAll(strings.TrimSpace(line), " ", "") == header {
			if n == 0 {
				return i + 1
			}
			n--
		}
	}
	return 0
}
