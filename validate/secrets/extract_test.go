package secrets

import (
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

func TestExtractAssignments(t *testing.T) {
	for _, c := range []struct {
		line, name, value string
		op                byte
	}{
		{`db_password = "Xk9#mP2qLw7z"`, "db_password", "Xk9#mP2qLw7z", opAssign},
		{`  "api_key": "Zf3D0LXCM3EI"`, "api_key", "Zf3D0LXCM3EI", opColon},
		{`token := ad00eba0e2b5b057`, "token", "ad00eba0e2b5b057", opAssign},
		{`ACCESS_KEY => 'q9Lm2Xv7Rt'`, "ACCESS_KEY", "q9Lm2Xv7Rt", opAssign},
		{`tool --api-token 8fJ2kL9qW3xZ`, "--api-token", "8fJ2kL9qW3xZ", opFlag},
		{`hook SECRET y7sbilkqxym49d`, "SECRET", "y7sbilkqxym49d", opSpace},
		{`lib token - 'r8Tq2LxZ9mW4'`, "token", "r8Tq2LxZ9mW4", opDash},
		{`getenv("SHOP_SECRET", "q9Lm2Xv7Rt4K")`, "SHOP_SECRET", "q9Lm2Xv7Rt4K", opComma},
		{`<password>jJ4kP9sL2xQ7</password>`, "password", "jJ4kP9sL2xQ7", opXML},
		{`<secret>{AQAAABAAA Q7hLm2Xp9RvW}</secret>`, "secret", "Q7hLm2Xp9RvW", opXML},
		{`u = "https://x.io/v1?api_key=Hq4Lw9Zr2Xv7&x=1"`, "api_key", "Hq4Lw9Zr2Xv7", opAssign},
		{`$password = \"goodspec9\";`, "password", "goodspec9", opAssign},
	} {
		ms := extractAssignments([]byte(c.line))
		found := false
		for _, m := range ms {
			if c.line[m[2]:m[3]] == c.name && c.line[m[4]:m[5]] == c.value && byte(m[6]) == c.op {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: want %s %c %s, got %v", c.line, c.name, c.op, c.value, ms)
		}
	}
	for _, line := range []string{
		"if token == other {", "x := map[key]value", "monkey = 'Xk9mP2qLw7zQ'",
		"key:value1234567", "f(token: someValue1)", "token = compute(a, b)",
	} {
		if ms := extractAssignments([]byte(line)); len(ms) != 0 {
			t.Errorf("%q: pairs %v, want none", line, ms)
		}
	}
}

// hostileLines are long lines, at 1/eighth of their size, built against
// the assignment scan: open quotes, a long name, nested assignments, words
// that name secrets.
var hostileLines = map[string]func(eighth int) string{
	"open quotes":   func(e int) string { return strings.Repeat(`key="`, 25000*e) },
	"one long name": func(e int) string { return strings.Repeat("key", 37500*e) + " = x" },
	"nested":        func(e int) string { return strings.Repeat("key=", 31250*e) },
	"words":         func(e int) string { return strings.Repeat("token ", 18750*e) },
}

// TestExtractHostileLines wants long hostile lines scanned in linear time:
// names, values and open quotes are bounded. The work is measured by what
// the scan allocates at an eighth of the size and at the full size (about
// 8 times as much when linear, 64 when quadratic), not by a time. A scan
// that goes over the same bytes again without allocating (a name read
// once per letter, say) is caught by the guard against a hang instead: a
// minute, for what takes milliseconds when linear and hours when not.
// BenchmarkExtractHostileLines times them.
func TestExtractHostileLines(t *testing.T) {
	e := builtinEngine(t)
	for name, text := range hostileLines {
		small, large := []byte(text(1)), []byte(text(8))
		heapcost.Finishes(t, "scanning "+name, func() {
			heapcost.CheckLinear(t, name, func() { e.ScanFile("a.txt", small) }, func() { e.ScanFile("a.txt", large) })
		})
	}
}

// BenchmarkExtractHostileLines scans each hostile line at its full size.
func BenchmarkExtractHostileLines(b *testing.B) {
	e := builtinEngine(b)
	for name, text := range hostileLines {
		src := []byte(text(8))
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				e.ScanFile("a.txt", src)
			}
		})
	}
}
