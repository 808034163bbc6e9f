package jsonedit

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
)

// jsonCases are texts the settings parser must judge as encoding/json does.
var jsonCases = []string{
	`{}`, `[]`, ` {"a": 1} `, `{"a": [1, 2.5, -3e+2, true, false, null, "x\"y\u00e9"]}`,
	`{"a": {"b": {"c": []}}}`, `"s"`, `0`, `-0.0E-1`, `{"a":1,"a":2}`,
	`{`, `}`, `{"a"}`, `{"a":}`, `{"a":1,}`, `[1,]`, `[1 2]`, `{'a':1}`, `{"a":01}`, `{"a":1.}`,
	`{"a":.5}`, `{"a":-}`, `{"a":tru}`, `{"a":"\x"}`, "{\"a\":\"\t\"}", `{"a":"unclosed}`, `{} {}`,
	`{"a":1e}`, `[-]`, `nul`, ``, `   `, `{"a":[}`, `{"\u12": 1}`, `{"a":"\ud800"}`,
}

func TestParseJSONAgreesWithEncodingJSON(t *testing.T) {
	cases := append([]string(nil), jsonCases...)
	// Generated variants: every prefix of a settings-like text, and texts
	// with one byte changed.
	base := `{"hooks": {"Stop": [{"matcher": "", "hooks": [{"type": "command", "command": "a \"b\"", "timeout": 30}]}]}, "n": -1.5e3}`
	for i := range base {
		cases = append(cases, base[:i])
	}
	rng := rand.New(rand.NewSource(1))
	for range 500 {
		b := []byte(base)
		const alphabet = `{}[],:"\ 0-1eE.tfn`
		b[rng.Intn(len(b))] = alphabet[rng.Intn(len(alphabet))]
		cases = append(cases, string(b))
	}
	for _, c := range cases {
		_, err := Parse([]byte(c), false)
		if (err == nil) != json.Valid([]byte(c)) {
			t.Errorf("%q: parser err=%v, json.Valid=%v", c, err, json.Valid([]byte(c)))
		}
	}
}

func TestParseJSONDepthAndComments(t *testing.T) {
	if _, err := Parse([]byte(strings.Repeat("[", 10000)+strings.Repeat("]", 10000)), false); err == nil {
		t.Error("10,000 levels of nesting accepted")
	}
	src := "{\n  // a comment\n  \"a\": /* inline */ 1\n}"
	if _, err := Parse([]byte(src), false); err == nil {
		t.Error("comments accepted in strict JSON")
	}
	v, err := Parse([]byte(src), true)
	if err != nil || v.Member("a") == nil {
		t.Errorf("comments as white space: %v", err)
	}
	if _, err := Parse([]byte("{/* open"), true); err == nil {
		t.Error("unclosed comment accepted")
	}
}

// FuzzParse: the parser never panics and agrees with encoding/json.
func FuzzParse(f *testing.F) {
	for _, s := range jsonCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if _, err := Parse([]byte(src), false); (err == nil) != json.Valid([]byte(src)) {
			t.Fatalf("%q: parser err=%v, json.Valid=%v", src, err, json.Valid([]byte(src)))
		}
	})
}
