package secrets

import (
	"encoding/base32"
	"encoding/base64"
	"strings"
	"testing"
)

// Every documented public value names where it is published, is never
// reported, and a value one character off it is judged as any other.
func TestWellKnownValues(t *testing.T) {
	e := builtinEngine(t)
	for v, src := range wellKnownValues() {
		if !strings.HasPrefix(src, "https://") {
			t.Errorf("%.4s...: source %q is not a URL", v, src)
		}
		if !wellKnown(v) {
			t.Errorf("%.4s...: not well known", v)
		}
		off := v[:len(v)/2] + string(rune('A'+(v[len(v)/2]+1)%26)) + v[len(v)/2+1:]
		if off != v && wellKnown(off) {
			t.Errorf("%.4s...: a value one character off is well known too", v)
		}
		line := "secret_key = \"" + v + "\"\nDefaultEndpointsProtocol=https;AccountName=dev;AccountKey=" + v + ";\n"
		if fs, _ := e.ScanFile("config.env", []byte(line)); len(fs) > 0 {
			t.Errorf("%.4s...: reported by %v", v, ruleIDs(fs))
		}
	}
	jwtio := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
	if !wellKnown(jwtio) {
		t.Error("jwt.io's example token: not well known")
	}
	resigned := "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9." + base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"1234567890","name":"John Doe","admin":true}`)) + ".BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4_QEFCQ0RFRg"
	if !wellKnown(resigned) {
		t.Error("jwt.io's example claims signed with ES256, without iat: not well known")
	}
	issued := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"1234567890","name":"John Doe","admin":true,"iat":1765000000}`)) + ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
	if wellKnown(issued) {
		t.Error("jwt.io's example claims issued at another time (a server's token) are well known")
	}
	validated := "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9." + base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"1234567890","name":"John Doe","iat":1516239022,"exp":9999999999,"aud":"abcd","iss":"https://issuer.example"}`)) + ".BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4_QEFCQ0RFRg"
	if !wellKnown(validated) {
		t.Error("jwt.io's example claims with issuer, audience and expiry: not well known")
	}
	scoped := "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9." + base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"1234567890","name":"John Doe","exp":9999999999,"iss":"https://issuer.example","scope":"admin"}`)) + ".BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4_QEFCQ0RFRg"
	if wellKnown(scoped) {
		t.Error("jwt.io's example claims with a scope added: well known")
	}
	other := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"1234567890","name":"John Doe","role":"admin"}`)) + ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
	if wellKnown(other) {
		t.Error("a token with other claims is well known")
	}
	if !wellKnownLogin("SCOTT", "tiger") || !wellKnownLogin("john", "doe") || wellKnownLogin("app", "tiger") || wellKnownLogin("scott", "tiger9") || wellKnownLogin("john", "d0e7Xq") {
		t.Error("wellKnownLogin: want scott/tiger and john/doe only")
	}
}

// The decode step: base64 or base32 of a stand-in is one; of a real (even
// weak) password, of binary data or of JSON is not.
func TestDecodedStandIn(t *testing.T) {
	b := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	b32 := func(s string) string { return strings.TrimRight(base32.StdEncoding.EncodeToString([]byte(s)), "=") }
	for v, want := range map[string]bool{
		b("your-password-here"): true, b("USERNAME:TOKEN"): true, b("<user>:<password>"): true,
		b("REPLACE_WITH_TOKEN"): true, b("ci:${CI_TOKEN}"): true,
		b("admin:password"): false, b("deploy:Tq9vLm2xRz7Wp4"): false, b("mypassword"): false,
		b("abcdefghijklmnopqrstuvwxyz12345"): true, b("AzureDiamond:hunter2"): true, b("ops:salt1234"): true,
		b32("12345678901234567890"): true, b32("1234567890123456"): true, b32("hunter2-hunter2"): false,
		b32("Tq9vLm2xRz7Wp4q8"): false, b32("\x8f\x03\xd1\x7a\x94\x2c\xe6\x51\x0b\xb8"): false,
		b(`{"auths":{"r":{"auth":"x"}}}`): false, "AAECAwQFBgcICQoLDA0ODw==": false, "not base64!": false,
	} {
		if got := decodedStandIn(v); got != want {
			t.Errorf("decodedStandIn(%.4s...) = %v, want %v", v, got, want)
		}
	}
}

// Password hashes and ciphertext are what a password becomes.
func TestPasswordHash(t *testing.T) {
	for v, want := range map[string]bool{
		"$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW":        true,
		"$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJ": true,
		"$6$rounds=656000$Qm9ndXNTYWx0$Zk3xq9Lm2Rx7TkVw8Pq4Hn6Jd1Wb4Ec7Rf0Ty": true,
		"$y$j9T$F5Jx5fExrKuPp53xLKQ..1$X3DX6M94c7o.9agCG9G317fhZg9SqC.5i5rd":  true,
		"pbkdf2_sha256$600000$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG":   true,
		"$ecret-Value-9x2Lq7Rt":  false,
		"Xk9#mP2qLw7z$6$abcdefg": false,
	} {
		if got := passwordHash(v); got != want {
			t.Errorf("passwordHash(%.4s...) = %v, want %v", v, got, want)
		}
	}
}
