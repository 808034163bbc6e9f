package tomlcheck

import (
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// limit is the size bound the tests pass (the config's is 1 MiB).
const limit = 1 << 20

// TestPrecheckTOML covers the nesting and size bounds and the strings and
// comments they skip.
func TestPrecheckTOML(t *testing.T) {
	for _, tc := range []struct {
		src  string
		line int
		bad  bool
	}{
		{"a = [[1], [2]]\n", 0, false},
		{"a = \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"\n", 0, false},
		{"# " + strings.Repeat("{", 100) + "\n", 0, false},
		{"a = '''\n" + strings.Repeat("[", 100) + "\n'''\n", 0, false},
		{"\n\nb = " + strings.Repeat("[", 33) + strings.Repeat("]", 33) + "\n", 3, true},
		{"c = " + strings.Repeat("{x=", 33) + "1" + strings.Repeat("}", 33) + "\n", 1, true},
		{strings.Repeat("#", limit+1), 0, true},
	} {
		line, err := Precheck([]byte(tc.src), limit)
		if (err != nil) != tc.bad || line != tc.line {
			t.Errorf("Precheck(%.40q) = %d, %v; want line %d, bad %v", tc.src, line, err, tc.line, tc.bad)
		}
	}
}

// TestKeyLine finds keys in tables, dotted at the top level, quoted, and as
// their own table header; an absent key is line 0.
func TestKeyLine(t *testing.T) {
	src := []byte("paths = [\"a\"]\n[rules]\n\"remnant-x\" = \"off\"\n[custodian.areas]\napi = [\"x\"]\n[[rules.extra]]\nid = 1\n")
	for _, tc := range []struct {
		k    toml.Key
		line int
	}{
		{toml.Key{"paths"}, 1},
		{toml.Key{"rules", "remnant-x"}, 3},
		{toml.Key{"custodian", "areas"}, 4},
		{toml.Key{"custodian", "areas", "api"}, 5},
		{toml.Key{"rules", "extra"}, 6},
		{toml.Key{"rules", "missing"}, 0},
		{toml.Key{}, 0},
	} {
		if got := KeyLine(src, tc.k); got != tc.line {
			t.Errorf("KeyLine(%v) = %d, want %d", tc.k, got, tc.line)
		}
	}
	// A quoted key holding "=", "#" or an escaped quote is found whole.
	src = []byte("[exclude_paths]\nok = [\"x\"]\n\"a=b\" = [\"x\"]\n'c = d' = 1\n\"e\\\"=f\" = 2\n")
	for _, tc := range []struct {
		k    toml.Key
		line int
	}{
		{toml.Key{"exclude_paths", "a=b"}, 3},
		{toml.Key{"exclude_paths", "c = d"}, 4},
		{toml.Key{"exclude_paths", `e"=f`}, 5},
		{toml.Key{"exclude_paths", "a"}, 0},
	} {
		if got := KeyLine(src, tc.k); got != tc.line {
			t.Errorf("KeyLine(%v) = %d, want %d", tc.k, got, tc.line)
		}
	}
}
