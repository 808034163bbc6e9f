package secrets

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"slices"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

// Values that hide a secret behind a shape the scanner judges as not
// one, and values that are that shape indeed. The random values are made
// here, so that no token is written in the source.

// randomToken is n characters of letters and digits, the same for the
// same seed: a stand-in for a generated secret.
func randomToken(seed string, n int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		sum := sha256.Sum256([]byte(seed + string(rune('a'+i))))
		for _, c := range sum {
			if b.Len() < n {
				b.WriteByte(alphabet[int(c)%len(alphabet)])
			}
		}
	}
	return b.String()
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func k8sSecret(body string) string {
	return "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ntype: Opaque\n" + body
}

// judged scans each text at its path and checks whether rule reports it
// (any rule when rule is "").
func judged(t *testing.T, e *Engine, cases []judgedCase) {
	t.Helper()
	for _, c := range cases {
		fs, err := e.ScanFile(c.path, []byte(c.text))
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		ids := ruleIDs(fs)
		got := len(ids) > 0
		if c.rule != "" {
			got = slices.Contains(ids, c.rule)
		}
		if got != c.want {
			t.Errorf("%s (%s): reported %v by %v, want %v", c.what, c.path, got, ids, c.want)
		}
	}
}

type judgedCase struct {
	what, path, text, rule string
	want                   bool
}

// A JSON Web Key's public members are public only in a key: a user, a
// Secret's data key or a JSON member named x, n, e or kid elsewhere holds
// whatever it holds.
func TestJWKMemberNeedsAKey(t *testing.T) {
	pw := randomToken("jwk-pw", 22)
	coord := base64.RawURLEncoding.EncodeToString([]byte(randomToken("jwk-x", 32)))
	judged(t, builtinEngine(t), []judgedCase{
		{"a Secret's data key x", "secret.yaml", k8sSecret("data:\n  x: " + b64(pw) + "\n"), "secret-kubernetes-secret-data", true},
		{"a Secret's data key kid", "secret.yaml", k8sSecret("data:\n  kid: " + b64(pw) + "\n"), "secret-kubernetes-secret-data", true},
		{"a URL's user e", ".env", "DATABASE_URL=postgres://e:" + pw + "@db.corp.internal:5432/app\n", "secret-url-password", true},
		{"a URL's user x", ".env", "DATABASE_URL=postgres://x:" + pw + "@db.corp.internal:5432/app\n", "secret-url-password", true},
		{"curl's user n", "deploy.sh", "curl -u n:" + pw + " https://api.corp.internal\n", "secret-cli-basic-auth", true},
		{"an Oracle user x", "db.properties", "url=jdbc:oracle:thin:x/" + pw + "@//ora.corp.internal:1521/ORCL\n", "secret-jdbc-oracle-password", true},
		{"a JSON member x, no key", "config.json", `{"x": "` + randomToken("jwk-long", 44) + `"}`, "", true},
		{"an EC key's public members", "jwks.json", "{\n  \"kty\": \"EC\",\n  \"crv\": \"P-256\",\n  \"x\": \"" + coord + "\",\n  \"y\": \"" + coord + "\"\n}\n", "", false},
		{"a key set printed by Python", "log.txt", "0.174 jwks {'keys': [{'use': 'sig', 'kty': 'RSA', 'e': 'AQAB', 'n': '" + strings.Repeat(coord, 4) + "'}]}\n", "", false},
		{"a YAML key set's modulus", "jwks.yaml", "keys:\n  - kty: RSA\n    n: " + strings.Repeat(coord, 4) + "\n    e: AQAB\n", "", false},
	})
}

// Whether a text holds a JSON Web Key is read once per text, not once
// per "d" member: a file of many members without a key type would
// otherwise be read again for each (a 2 MB file of 60,000 took minutes).
// The second call below sees a text that has a key type, and still
// answers as the text was first read.
func TestJWKKindReadOnce(t *testing.T) {
	facts := &lineMemo{}
	in := &checkInput{name: "d", secret: randomToken("jwk-d", 24), whole: []byte(`[{"d": "x"}]`), facts: facts}
	if checkJWK(in) {
		t.Fatal("a d member with no key type kept")
	}
	in.whole = []byte(`[{"kty": "EC", "d": "x"}]`)
	if checkJWK(in) {
		t.Error("the text was read again for a second member")
	}
	if !checkJWK(&checkInput{name: "d", whole: in.whole}) {
		t.Error("a d member of a key dropped")
	}
}

// The decode step finds a template's slot or a constant's name in base64;
// a real password that starts with a template's character, is in capitals
// or is a passphrase with "there" in it is not one.
func TestDecodedStandInIsASlot(t *testing.T) {
	pw := randomToken("decoded-pw", 20)
	upper := strings.ToUpper(randomToken("decoded-upper", 40))
	upper = strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return 'Q' + r%8
		}
		return r
	}, upper)[:20]
	real := []string{"$" + pw, "$u8jzPde0IgxLd6GncfBAep", "%" + pw, "<" + pw, "[" + pw, "deploy:$" + pw, "deploy:<" + pw, upper, "deploy:" + upper,
		"sphere-violin-copper-lantern", "nowhere_else_" + pw[:6]}
	slots := []string{"$DB_PASSWORD", "${DB_PASSWORD}", "$(cat /run/pw)", "%DB_PASSWORD%", "%s", "<password>", "[password]",
		"deploy:${CI_TOKEN}", "USERNAME", "TOKEN", "REPLACEWITHTOKEN", "USERNAME:PASSWORD", "paste-token-here", "your password here"}
	for _, v := range real {
		if decodedStandIn(b64(v)) {
			t.Errorf("base64 of %.4s... judged a stand-in", v)
		}
	}
	for _, v := range slots {
		if !decodedStandIn(b64(v)) {
			t.Errorf("base64 of %q not judged a stand-in", v)
		}
	}
	e := builtinEngine(t)
	judged(t, e, []judgedCase{
		{"a Secret's password starting with $", "secret.yaml", k8sSecret("data:\n  password: " + b64("$"+pw) + "\n"), "secret-kubernetes-secret-data", true},
		{"a Secret's password in capitals", "secret.yaml", k8sSecret("data:\n  password: " + b64(upper) + "\n"), "secret-kubernetes-secret-data", true},
		{"a docker auth whose password starts with $", "config.json", `{"auths": {"r.corp.internal": {"auth": "` + b64("deploy:$"+pw) + `"}}}`, "", true},
		{"a Secret's password slot", "secret.yaml", k8sSecret("data:\n  password: " + b64("${DB_PASSWORD}") + "\n"), "", false},
	})
}

// A manifest saved with CRLF line ends is a Secret all the same: its
// data values are found, and the decode step judges them.
func TestSecretManifestCRLF(t *testing.T) {
	pw := randomToken("crlf-pw", 22)
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	judged(t, builtinEngine(t), []judgedCase{
		{"a data value", "secret.yaml", crlf(k8sSecret("data:\n  api: " + b64(pw) + "\n")), "secret-kubernetes-secret-data", true},
		{"a literal block", "secret.yaml", crlf(k8sSecret("data:\n  api: |\n    " + b64(pw) + "\n")), "secret-kubernetes-secret-data", true},
		{"a stand-in", "secret.yaml", crlf(k8sSecret("data:\n  password: " + b64("your-password-here") + "\n")), "", false},
		{"a ConfigMap", "cm.yaml", crlf("apiVersion: v1\nkind: ConfigMap\ndata:\n  api: " + b64(pw) + "\n"), "secret-kubernetes-secret-data", false},
	})
}

// Names, versions, import paths and hashes are not secrets; a random
// secret behind their first characters (urn:, v1.2.3-, acme.io/,
// pbkdf2_sha) is one.
func TestShapePrefixHidesNothing(t *testing.T) {
	r := randomToken("prefix", 30)
	judged(t, builtinEngine(t), []judgedCase{
		{"urn: and a token", ".env", "API_SECRET=urn:" + r + "\n", "", true},
		{"urn:x: and a token", ".env", "API_SECRET=urn:x:" + r + "\n", "", true},
		{"a version and a token", ".env", "API_SECRET=v1.2.3-" + r[:18] + "\n", "", true},
		{"a domain and a token", ".env", "API_SECRET=acme.io/" + r + "\n", "", true},
		{"a domain and a token with few digits", ".env", "API_SECRET=ab.cd/qdlm7tOtHWnsCGRlrwZbqcabUGJmGE\n", "", true},
		{"a hasher's name and a token", "settings.json", `{"api_secret": "pbkdf2_sha$x$` + r + `"}`, "", true},
		{"a SAML name", "saml.xml", "    key_validation=\"urn:oasis:names:tc:SAML:2.0:ac:classes:SPKI\",\n", "", false},
		{"a pre-release", ".env", "API_SECRET=v2.0.0-rc.1\n", "", false},
		{"an import path", "main.go", "\tsecretspb \"cloud.google.com/go/secretmanager/apiv1/secretmanagerpb\"\n", "", false},
		{"an import path in capitals", "main.go", "\ttokenauth \"github.com/BurntSushi/TokenAuth/v2\"\n", "", false},
		{"a Django hash", "settings.json", `{"admin_password": "pbkdf2_sha256$600000$` + r[:22] + "$" + b64(r + r)[:43] + `="}`, "", false},
	})
}

// A quoted value shaped as a qualified name (pkg.Name) is a code
// reference only when its parts read as names: a token with a dot in it
// is a token.
func TestQualifiedNameHidesNothing(t *testing.T) {
	r := randomToken("qualified", 20)
	judged(t, builtinEngine(t), []judgedCase{
		{"a token with a dot", "db.go", "package db\n\nvar password = \"Kxq.Rmv829" + r + "\"\n", "", true},
		{"a token with a dot, in YAML", "app.yaml", "api_token: \"" + r[:6] + "." + r[6:] + "X9k\"\n", "", true},
		{"a constant's name", "db.go", "package db\n\nvar password = \"config.DatabasePassword\"\n", "", false},
		{"a settings reference", "app.yaml", "api_token: \"secrets.GITHUB_TOKEN_V2\"\n", "", false},
	})
	if !isPlaceholder("settings.SECRET_KEY") || !isPlaceholder("ed25519.Ed25519PrivateKey") || isPlaceholder("Kxq.Rmv829"+r) {
		t.Error("isPlaceholder: want a qualified name only")
	}
}

// base64 of a JSON document is data unless a member holds a credential:
// any member whose name says secret, key, token, password or credential
// (SecretAccessKey, privateKey, clientSecret, pass), not a fixed list.
func TestEncodedDocumentCredential(t *testing.T) {
	r := randomToken("encoded-doc", 40)
	for _, doc := range []string{
		`{"AccessKeyId":"AKIA` + "QX3RT7ZP2LMN4VWK" + `","SecretAccessKey":"` + r + `"}`,
		`{"type":"service_account","privateKey":"` + r + `"}`,
		`{"clientSecret":"` + r + `"}`,
		`{"user":"deploy","pass":"` + r[:20] + `"}`,
		`{"credentials":{"db_password":"` + r[:24] + `"}}`,
	} {
		if encodedDocument(b64(doc)) || encodedData(b64(doc)) {
			t.Errorf("base64 of %.14s... judged a document with no credential", doc)
		}
	}
	for _, doc := range []string{
		`{"kind":"storage#objects","nextPageToken":"ChBvYmovd2l0aC9zbGFzaGVz","items":[]}`,
		`{"access_token":{"nbf":{"essential":true,"value":"1603742800"}}}`,
		`{"Marker": null, "boto_truncate_amount": 1}`,
		`{"token_type":"Bearer","expires_in":3600}`,
	} {
		if !encodedDocument(b64(doc)) {
			t.Errorf("base64 of %.14s... not judged a document", doc)
		}
	}
	judged(t, builtinEngine(t), []judgedCase{
		{"base64 of a client secret document", "app.yaml", "creds: " + b64(`{"clientSecret":"`+r+`"}`) + "\n", "", true},
		{"an oct key", "jwk.json", `{"kty":"oct","k":"` + randomToken("oct", 22) + `"}`, "secret-jwk-private-key", true},
	})
}

// An unquoted base64 value with one '=' of padding is a value, not a
// type annotation followed by an assignment (name: Type = value).
func TestPaddedBase64IsNoTypeAnnotation(t *testing.T) {
	r, padded := "", ""
	for i := 0; padded == "" || strings.ContainsAny(padded, "+/"); i++ {
		r = randomToken("padded"+string(rune('a'+i)), 44)
		padded = b64(r) // 44 bytes: one '='
	}
	judged(t, builtinEngine(t), []judgedCase{
		{"a padded value in YAML", "app.yaml", "client_secret: " + padded + "\n", "secret-generic", true},
		{"a padded value and a comment", "app.yaml", "client_secret: " + padded + " # rotated\n", "secret-generic", true},
		{"a TypeScript annotation", "db.ts", "const dbPassword: string = \"" + r[:20] + "\";\n", "secret-generic", true},
		{"a Python annotation", "settings.py", "API_TOKEN: str = \"" + r[:24] + "\"\n", "secret-generic", true},
		{"an annotation with no value", "db.ts", "let dbPassword: string = undefined;\n", "", false},
	})
}

// Spring's {cipher} holds ciphertext (hex, or base64 for RSA), and a UUID
// under an ordinal map key (first_key) is a handle; a password written
// after {cipher}, or a UUID key under new_key or my_key, is a secret.
func TestCipherAndHandleShapes(t *testing.T) {
	r := randomToken("cipher", 30)
	hex := strings.Repeat("4f8a9c2b7e0a8d3f", 4)
	judged(t, builtinEngine(t), []judgedCase{
		{"a password after {cipher}", "application.yml", "password: '{cipher}" + r + "'\n", "", true},
		{"a UUID key under new_key", "keys.json", `{"new_key": "7c3e9a2b-4f1d-4e8a-b6c9-0d2f5a8e1b73"}`, "", true},
		{"a UUID key under my_key", "keys.json", `{"my_key": "7c3e9a2b-4f1d-4e8a-b6c9-0d2f5a8e1b73"}`, "", true},
		{"hex ciphertext", "application.yml", "password: '{cipher}" + hex + "'\n", "", false},
		{"RSA ciphertext", "application.yml", "password: '{cipher}AQ" + b64(r+r+r) + "'\n", "", false},
		{"a UUID under second_key", "main.tf", "+ \"second_key\" = \"D55D0E1E-51D9-4BCE-9021-7D201906D3C0\"\n", "", false},
	})
}

// A word that makes a name a setting about a secret at its end
// (password_encryption, key_validation) or a request's handle at its
// start (pageToken, csrf_token) does not hide a secret that it only
// qualifies: ENCRYPTION_KEY, COOKIE_SECRET, PAGE_ACCESS_TOKEN.
func TestQualifiedSecretNames(t *testing.T) {
	for name, want := range map[string]bool{
		"ENCRYPTION_KEY": true, "ENC_KEY": true, "COOKIE_SECRET": true, "AUTHENTICATION_SECRET": true,
		"MAGIC_LINK_SECRET": true, "SYNC_TOKEN": false, "CHALLENGE_SECRET": true, "PAGE_ACCESS_TOKEN": true,
		"VALIDATION_KEY": true, "NEXT_AUTH_SECRET": true, "CSRF_SECRET": true, "XSRF_SECRET_KEY": true,
		"RESOURCE_TOKEN": true, "ENCRYPTED_PASSWORD": true, "magicString": false, "resources_key": false,
		"pageToken": false, "NextContinuationToken": false, "ChangeToken": false, "idempotency_key": false,
		"authenticity_token": false, "csrf_token": false, "reset_password_within": false,
		"password_encryption": false, "key_validation": false, "SECURE_AUTH_COOKIE": false, "PassThru": false,
	} {
		if got := secretName(name); got != want {
			t.Errorf("secretName(%q) = %v, want %v", name, got, want)
		}
	}
	r := randomToken("qualified-name", 32)
	judged(t, builtinEngine(t), []judgedCase{
		{"an encryption key", ".env", "ENCRYPTION_KEY=" + r + "\n", "secret-generic", true},
		{"a cookie secret", "oauth2-proxy.cfg", "cookie_secret = \"" + r + "\"\n", "secret-generic", true},
		{"a page access token", ".env", "PAGE_ACCESS_TOKEN=" + r + "\n", "secret-generic", true},
		{"a next page token", "resp.json", `{"nextPageToken": "` + r + `"}`, "", false},
	})
}

// A bcrypt hash has its cost and 53 characters of salt and hash; a token
// after $2b$ is not one, and $2 is no variable in a configuration value.
func TestHashPrefixHidesNothing(t *testing.T) {
	r := randomToken("bcrypt-prefix", 40)
	bcrypt := "$2b$12$" + strings.ReplaceAll(randomToken("bcrypt-body", 53), "Q", ".")
	for v, want := range map[string]bool{
		bcrypt: true, "$2b$" + r: false, "$2b$12$" + r: false, "$2y$10$" + r[:30]: false,
	} {
		if got := passwordHash(v); got != want {
			t.Errorf("passwordHash(%.8s...) = %v, want %v", v, got, want)
		}
	}
	judged(t, builtinEngine(t), []judgedCase{
		{"a token after $2b$", "config.json", `{"api_token": "$2b$` + r + `"}`, "", true},
		{"a token after $2a$, in YAML", "app.yaml", "api_token: \"$2a$" + r + "\"\n", "", true},
		{"a token after $2b$12$, in .env", ".env", "API_TOKEN=$2b$12$" + r + "\n", "", true},
		{"a bcrypt hash", "users.yaml", "password_hash: \"" + bcrypt + "\"\n", "", false},
		{"a shell variable", "run.sh", "API_TOKEN=\"$API_TOKEN_FROM_VAULT\"\n", "", false},
		{"a positional parameter", "run.sh", "PASSWORD=\"$1\"\n", "", false},
	})
}

// A value that is a JWT is judged as one under any name (NATS claims and
// unsigned tokens grant nothing), and a JWE is ciphertext; a signed token
// is a secret.
func TestTokensUnderAnyName(t *testing.T) {
	enc := base64.RawURLEncoding.EncodeToString
	sig := enc([]byte(randomToken("jwt-sig", 64)))
	nats := enc([]byte(`{"typ":"JWT","alg":"ed25519-nkey"}`)) + "." + enc([]byte(`{"jti":"x","iss":"OABC","sub":"ADEF","nats":{"type":"account","version":2}}`)) + "." + sig
	jwe := enc([]byte(`{"alg":"PBES2-HS256+A128KW","cty":"jwk+json","enc":"A256GCM","p2c":100000}`)) + "." + enc([]byte(randomToken("jwe-key", 40))) + "." +
		enc([]byte(randomToken("jwe-iv", 12))) + "." + enc([]byte(randomToken("jwe-ct", 200))) + "." + enc([]byte(randomToken("jwe-tag", 16)))
	signed := enc([]byte(`{"alg":"HS256","typ":"JWT"}`)) + "." + enc([]byte(`{"sub":"svc-deploy","scope":"admin"}`)) + "." + sig
	judged(t, builtinEngine(t), []judgedCase{
		{"NATS claims under a public key", "op.conf", "resolver_preload = {\n\tAD4M34OPRUPWDYTIQLWKMEZZM5MK7PQQDSKNELCZDRZZEVFWOWPLFTUE : \"" + nats + "\"\n}\n", "", false},
		{"an encrypted key", "ca.json", "{\n\t\"encryptedKey\": \"" + jwe + "\"\n}\n", "", false},
		{"a signed token", ".env", "SERVICE_TOKEN=" + signed + "\n", "", true},
	})
}

// A key block with a line of dots in it is elided only when the key is
// not all there: a whole key beside the dots is a key.
func TestKeyBlockWithDots(t *testing.T) {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	body := base64.StdEncoding.EncodeToString(der)
	var lines []string
	for len(body) > 64 {
		lines, body = append(lines, body[:64]), body[64:]
	}
	lines = append(lines, body)
	block := func(ls []string) string {
		return "-----BEGIN PRIVATE KEY-----\n" + strings.Join(ls, "\n") + "\n-----END PRIVATE KEY-----\n"
	}
	withDots := append(append(slices.Clone(lines[:1]), "..."), lines[1:]...)
	elided := []string{lines[0], "..."}
	judged(t, builtinEngine(t), []judgedCase{
		{"a whole key with a line of dots", "key.pem", block(withDots), "secret-private-key", true},
		{"a whole key", "key.pem", block(lines), "secret-private-key", true},
		{"an elided key", "README.md", block(elided), "secret-private-key", false},
	})
}

// Shapes that made a value code or a nonce hide nothing beside them: a
// Windows domain user's password, a secret named for a WebSocket server,
// a password that starts with '@' in a configuration file.
func TestNarrowCodeAndNonceShapes(t *testing.T) {
	pw := randomToken("narrow", 16)
	judged(t, builtinEngine(t), []judgedCase{
		{"a domain user's password", "sync.sh", "curl --ntlm -u 'CORP\\svc_deploy:" + pw + "' https://sp.corp.internal\n", "secret-cli-basic-auth", true},
		{"a WebSocket server's secret", ".env", "WEBSOCKET_SECRET=" + pw + "X9k2\n", "secret-generic", true},
		{"a WebSocket auth token", ".env", "SOCKET_AUTH_TOKEN=" + pw + "X9k2\n", "secret-generic", true},
		{"a password starting with @", ".env", "DB_PASSWORD=@" + pw + "\n", "secret-generic", true},
		{"a diff's paths", "notes.txt", "diff -u Twisted/twisted/python/rebuild.py:1.19 Twisted/twisted/python/rebuild.py:1.20\n", "", false},
		{"the WebSocket handshake key", "notes.txt", "Sec-WebSocket-Key: IDM3ODE4NDk2MjA1OTcxOQ==\n", "", false},
		{"a splat", "deploy.ps1", "New-ADUser -AccountPassword $securePassword -PassThru @userProps\n", "", false},
	})
}

// The decode step and the key-material judgments cost in proportion to
// the text: members of keys with no key type, base64 documents and
// docker auths, many to a line or one to a line.
func TestDecodeStepLinear(t *testing.T) {
	e := builtinEngine(t)
	doc := b64(`{"kind":"storage#objects","nextPageToken":"` + randomToken("linear-doc", 40) + `"}`)
	auth := b64("deploy:$" + randomToken("linear-auth", 20))
	for _, c := range []struct{ name, path, unit string }{
		{"key members without a key type", "keys.json", `{"d": "` + randomToken("linear-d", 30) + `"}, `},
		{"base64 documents", "app.yaml", "client_secret: " + doc + " "},
		{"docker auths", "config.json", `{"auth": "` + auth + `"}, `},
		{"Secret data values", "secret.yaml", "  password: " + auth + "\n"},
	} {
		head := ""
		if c.path == "secret.yaml" {
			head = "apiVersion: v1\nkind: Secret\ndata:\n"
		}
		for sep, how := range map[string]string{"": ", on one line", "\n": ", a line each"} {
			small := []byte(head + strings.Repeat(c.unit+sep, 200))
			large := []byte(head + strings.Repeat(c.unit+sep, 1600))
			heapcost.Finishes(t, c.name+how, func() {
				heapcost.CheckLinear(t, c.name+how, func() { e.ScanFile(c.path, small) }, func() { e.ScanFile(c.path, large) })
			})
		}
	}
}

// A line of many values that pass the generic rule's first filters costs
// in proportion to the line: whether a value is quoted is read where the
// match put it, and whether the line names a CSRF field once a line.
func TestManyValuesOnALineLinear(t *testing.T) {
	e := builtinEngine(t)
	letters := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return 'q' + r%5
		}
		return r
	}, randomToken("letters", 44))
	unit := `"x": "` + letters + `", `
	small, large := []byte(strings.Repeat(unit, 300)), []byte(strings.Repeat(unit, 2400))
	heapcost.Finishes(t, "a line of values", func() {
		heapcost.CheckLinear(t, "a line of values", func() { e.ScanFile("a.json", small) }, func() { e.ScanFile("a.json", large) })
	})
	if !csrfLine(&checkInput{line: []byte(`<meta name="CSRF-Token" content="x">`)}) || !csrfLine(&checkInput{line: []byte(`<input name="Authenticity_Token">`)}) || csrfLine(&checkInput{line: []byte(`api_token = "x"`)}) {
		t.Error("csrfLine: want a line that names a CSRF field")
	}
}
