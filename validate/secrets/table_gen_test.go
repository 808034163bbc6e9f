package secrets

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestBuiltinTableUpToDate keeps builtin_table.go, the compiled form of
// rules/*.toml that the engine loads without parsing, in step with the rule
// files. Regenerate it with REMNANT_GUARD_UPDATE=1 go test -run TestBuiltinTableUpToDate.
func TestBuiltinTableUpToDate(t *testing.T) {
	defs, err := parseRuleFiles()
	if err != nil {
		t.Fatal(err)
	}
	want := renderTable(t, defs)
	if os.Getenv("REMNANT_GUARD_UPDATE") != "" {
		if err := os.WriteFile("builtin_table.go", want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("builtin_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("builtin_table.go is out of date with rules/*.toml: run REMNANT_GUARD_UPDATE=1 go test -run TestBuiltinTableUpToDate ./validate/secrets")
	}
}

func renderTable(t *testing.T, defs []RuleDef) []byte {
	var b strings.Builder
	b.WriteString("// Code generated from rules/*.toml by TestBuiltinTableUpToDate; DO NOT EDIT.\n\npackage secrets\n\n")
	b.WriteString("// builtinTable holds the built-in rules' runtime fields, so that a\n// scan starts without parsing the rule files. Examples stay in the files.\n")
	b.WriteString("var builtinTable = []RuleDef{\n")
	for _, d := range defs {
		b.WriteString("\t{")
		field := func(name, val string) { fmt.Fprintf(&b, "%s: %s, ", name, val) }
		field("ID", strconv.Quote(d.ID))
		field("Description", strconv.Quote(d.Description))
		strs := func(name string, v []string) {
			if len(v) == 0 {
				return
			}
			q := make([]string, len(v))
			for i, s := range v {
				q[i] = strconv.Quote(s)
			}
			field(name, "[]string{"+strings.Join(q, ", ")+"}")
		}
		strs("Keywords", d.Keywords)
		if d.Regex != "" {
			field("Regex", strconv.Quote(d.Regex))
		}
		if d.SecretGroup != 0 {
			field("SecretGroup", strconv.Itoa(d.SecretGroup))
		}
		if d.Entropy != 0 {
			field("Entropy", strconv.FormatFloat(d.Entropy, 'g', -1, 64))
		}
		strs("Allow", d.Allow)
		strs("AllowLine", d.AllowLine)
		strs("Stopwords", d.Stopwords)
		if d.Path != "" {
			field("Path", strconv.Quote(d.Path))
		}
		strs("Checks", d.Checks)
		if d.KeepFakes {
			field("KeepFakes", "true")
		}
		if d.Fallback {
			field("Fallback", "true")
		}
		if d.Gate != "" {
			field("Gate", strconv.Quote(d.Gate))
		}
		if d.Checksum != "" {
			field("Checksum", strconv.Quote(d.Checksum))
		}
		if d.Extract != "" {
			field("Extract", strconv.Quote(d.Extract))
		}
		if d.Window != 0 {
			field("Window", strconv.Itoa(d.Window))
		}
		if d.FingerprintBody {
			field("FingerprintBody", "true")
		}
		b.WriteString("builtin: true},\n")
	}
	b.WriteString("}\n")
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return src
}
