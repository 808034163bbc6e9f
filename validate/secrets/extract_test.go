package secrets

import (
	"strings"
	"testing"
	"time"
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

// TestExtractHostileLines wants long hostile lines scanned in linear time:
// names, values and open quotes are bounded.
func TestExtractHostileLines(t *testing.T) {
	e := builtinEngine(t)
	for name, src := range map[string]string{
		"open quotes":   strings.Repeat(`key="`, 200000),
		"one long name": strings.Repeat("key", 300000) + " = x",
		"nested":        strings.Repeat("key=", 250000),
		"words":         strings.Repeat("token ", 150000),
	} {
		start := time.Now()
		e.ScanFile("a.txt", []byte(src))
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: %v", name, d)
		}
	}
}
