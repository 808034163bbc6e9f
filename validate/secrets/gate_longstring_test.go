package secrets

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The long-string gate passes exactly the lines on which the core of the
// high-entropy-string rule's regex (quote, value, quote) can match: never
// fewer, or the gate would hide a secret.
func TestGateLongStringIsTheRegexCore(t *testing.T) {
	re := regexp.MustCompile(`["'][A-Za-z0-9+/_-]{40,}={0,2}["']`)
	other := []byte("=\"' x:\t")
	r := rand.New(rand.NewPCG(1, 2))
	for range 50000 {
		b := make([]byte, r.IntN(120))
		for j := range b {
			if r.IntN(10) < 8 {
				b[j] = "aZ09+/_-"[r.IntN(8)]
			} else {
				b[j] = other[r.IntN(len(other))]
			}
		}
		if want := re.Match(b); gateLongString(b) != want {
			t.Fatalf("%q: the regex core matches: %v, the gate passes: %v", b, want, !want)
		}
	}
}

// The gate passes every line the whole rule's regex matches, on lines
// built from the pieces of an assignment, and on long lines of many
// quotes of one kind and none of the other.
func TestGateLongStringPassesTheRule(t *testing.T) {
	var rule *regexp.Regexp
	for _, d := range builtinTable {
		if d.ID == "secret-high-entropy-string" {
			rule = regexp.MustCompile(d.Regex)
		}
	}
	if rule == nil {
		t.Fatal("no secret-high-entropy-string rule")
	}
	value := strings.Repeat("aB3+/_-", 6)
	pieces := []string{"a", "Z", "0", "+", "/", "_", "-", "=", "==", "===", `"`, "'", " ", ":", ":=", "\t",
		"key", "x.y-z", `\"`, "é", "\xff", value[:39], value}
	r := rand.New(rand.NewPCG(5, 6))
	lines := [][]byte{
		bytes.Repeat([]byte("'"), 1<<16),
		bytes.Repeat([]byte(`"'`), 1<<15),
		bytes.Repeat([]byte("'"+value[:39]), 1<<10),
		append(bytes.Repeat([]byte("k = '"+value[:39]+"' "), 1<<10), "k = '"+value+"'"...),
		append(bytes.Repeat([]byte(`"`), 1<<16), "k='"+value+"=='"...),
	}
	pick := func(from ...string) string { return from[r.IntN(len(from))] }
	for range 100000 {
		var b bytes.Buffer
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		if r.IntN(2) == 0 { // an assignment of a quoted value, near misses included
			b.WriteString(pick("key", "a.b-c", "_x", "9") + pick("", `"`, "'") + pick("", " ", "\t") +
				pick("=", ":", ":=", "") + pick("", " ") + pick(`"`, "'", "") +
				value[:38+r.IntN(4)] + pick("", "=", "==", "===") + pick(`"`, "'", "", "x"))
		}
		for range r.IntN(4) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		lines = append(lines, b.Bytes())
	}
	passed := 0
	for _, line := range lines {
		if rule.Match(line) {
			passed++
			if !gateLongString(line) {
				t.Fatalf("%.200q: the rule matches, the gate refuses the line", line)
			}
		}
	}
	if passed < 1000 {
		t.Errorf("only %d lines match the rule: the test tries too little", passed)
	}
}

func BenchmarkGateLongString(b *testing.B) {
	line := []byte(`	fmt.Fprintf(w, "%s: %d items, '%s' and \"quoted\" text of some length", name, n, other) // a comment`)
	for b.Loop() {
		gateLongString(line)
	}
}
