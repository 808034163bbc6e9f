package tomlcheck

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// maxTOMLDepth bounds how deeply arrays and inline tables nest in a config:
// the TOML decoder's time and memory grow with the square of the depth.
const maxTOMLDepth = 32

// maxKeyParts bounds the parts of one dotted key, which also nest.
const maxKeyParts = 32

// Precheck bounds a TOML document before it is decoded: its size, how
// deeply its brackets and braces nest, and how many dots one key has,
// outside strings and comments. The error names the line.
func Precheck(data []byte, limit int) (line int, err error) {
	if len(data) > limit {
		return 0, fmt.Errorf("is %d bytes, over the limit of %d bytes for a config file", len(data), limit)
	}
	line = 1
	depth, dots := 0, 0
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '\n':
			line++
			dots = 0
		case '#':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			i--
		case '"', '\'':
			end, lines := skipString(data, i)
			i, line = end, line+lines
		case '[', '{':
			if depth++; depth > maxTOMLDepth {
				return line, fmt.Errorf("arrays and tables nest more than %d deep", maxTOMLDepth)
			}
		case ']', '}':
			depth = max(depth-1, 0)
		case '.':
			if dots++; dots > maxKeyParts*4 {
				return line, fmt.Errorf("a line holds more than %d dots outside strings", maxKeyParts*4)
			}
		case ',', '=':
			dots = 0
		}
	}
	return 0, nil
}

// skipString returns the index of the last byte of the string starting at
// i (basic, literal, or either multi-line form) and how many newlines it
// holds. An unterminated string runs to the end: the decoder reports it.
func skipString(data []byte, i int) (end, lines int) {
	q := data[i]
	delim := 1
	if i+2 < len(data) && data[i+1] == q && data[i+2] == q {
		delim = 3
	}
	for j := i + delim; j < len(data); j++ {
		switch {
		case data[j] == '\n':
			lines++
			if delim == 1 {
				return j - 1, lines - 1 // a newline ends a one-line string
			}
		case data[j] == '\\' && q == '"':
			j++
			if j < len(data) && data[j] == '\n' {
				lines++
			}
		case data[j] == q && (delim == 1 || j+2 < len(data) && data[j+1] == q && data[j+2] == q):
			return j + delim - 1, lines
		}
	}
	return len(data) - 1, lines
}

// KeyLine finds the line of a dotted key in a TOML source, best effort:
// the line of the last key part inside its table, or 0.
func KeyLine(data []byte, k toml.Key) int {
	if len(k) == 0 {
		return 0
	}
	table := strings.Join(k[:len(k)-1], ".")
	name := k[len(k)-1]
	cur := ""
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			cur = strings.Trim(strings.TrimSpace(strings.Trim(t, "[]")), " ")
			if cur == strings.Join(k, ".") {
				return i + 1
			}
			continue
		}
		key, ok := lineKey(t)
		if !ok {
			continue
		}
		if key == name && cur == table {
			return i + 1
		}
		if cur == "" && key == strings.Join(k, ".") {
			return i + 1
		}
	}
	return 0
}

// lineKey is the key a "key = value" line sets: a quoted key is read to
// its closing quote (it may hold "=" or "#"), a bare one to the "=".
func lineKey(t string) (string, bool) {
	if t != "" && (t[0] == '"' || t[0] == '\'') {
		q := t[0]
		for j := 1; j < len(t); j++ {
			if q == '"' && t[j] == '\\' {
				j++
				continue
			}
			if t[j] != q {
				continue
			}
			if !strings.HasPrefix(strings.TrimSpace(t[j+1:]), "=") {
				break // a dotted key ("a".b = 1): read as before
			}
			if q == '\'' {
				return t[1:j], true
			}
			if k, err := strconv.Unquote(t[:j+1]); err == nil {
				return k, true
			}
			return t[1:j], true
		}
	}
	key, _, ok := strings.Cut(t, "=")
	return strings.Trim(strings.TrimSpace(key), `"'`), ok
}
