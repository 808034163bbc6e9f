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

// headerLines lists, in one pass over data, the lines of every table
// header written literally ("[[rules]]", spaces inside ignored) in order:
// the n-th (0-based) header of a kind is at headerLines[header][n].
// Looking each one up by counting from the top made loading a config of
// n rules cost n² line splits.
func headerLines(data []byte) map[string][]int {
	out := map[string][]int{}
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "[") {
			continue
		}
		t = strings.ReplaceAll(t, " ", "")
		out[t] = append(out[t], i+1)
	}
	return out
}

// nth is the n-th line of lines, or 0.
func nth(lines []int, n int) int {
	if n < 0 || n >= len(lines) {
		return 0
	}
	return lines[n]
}
