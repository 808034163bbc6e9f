package secrets

import (
	"bytes"
	"encoding/base64"
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// keyWords are whole words of a name that make it a secret's name besides
// the secretWords it may contain anywhere: STREAM_KEY, license_key, pass.
var keyWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"key": true, "keys": true, "pass": true, "tkn": true, "creds": true, "cred": true,
		"private": true, "access": true, "license": true, "licence": true, "skey": true,
		"passphrase": true, "pw": true,
	}
})

// mentionsSecretWord reports a name that could hold a secret. It does
// not allocate: it runs at every operator of a keyword line.
func mentionsSecretWord(name []byte) bool {
	for _, w := range secretWords {
		if containsFold(name, w) {
			return true
		}
	}
	var buf [16]byte
	start := -1
	for i := 0; i <= len(name); i++ {
		boundary := i == len(name) || !isAlnum(name[i])
		camel := !boundary && i > 0 && start >= 0 && isUpper(name[i]) && isLower(name[i-1])
		if (boundary || camel) && start >= 0 {
			if w := name[start:i]; len(w) <= len(buf) {
				for j, c := range w {
					buf[j] = c | 0x20
				}
				if keyWords()[string(buf[:len(w)])] { // no allocation: map lookup by converted key
					return true
				}
			}
			start = -1
		}
		if !boundary && start < 0 {
			start = i
		}
	}
	return false
}

func isAlnum(c byte) bool { return isLower(c) || isUpper(c) || '0' <= c && c <= '9' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// containsFold reports whether b holds the lowercase ASCII word w in any
// case.
func containsFold(b, w []byte) bool {
	for i := 0; i+len(w) <= len(b); i++ {
		j := 0
		for j < len(w) && b[i+j]|0x20 == w[j] {
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

// passwordName tells a password's name: its value may be a word with a
// digit or symbol rather than random.
func passwordName(name string) bool {
	low := strings.ToLower(name)
	if strings.Contains(low, "passw") || strings.Contains(low, "pwd") || strings.Contains(low, "passphrase") {
		return true
	}
	for _, w := range words(name) {
		if w == "pass" || w == "pw" {
			return true
		}
	}
	return false
}

// idNames are names whose UUID value identifies rather than authenticates.
func idName(name string) bool {
	for _, w := range words(name) {
		if w == "id" || w == "ids" || w == "uuid" || w == "guid" {
			return true
		}
	}
	return false
}

// checkAssigned judges a value the assignments extract found: a value that
// is not a reference, a stand-in, a hash of known shape or a word, and
// looks as random as its name and syntax demand.
func checkAssigned(in *checkInput) bool {
	v := in.secret
	switch {
	case !secretName(in.name), isLockfile(in.path), isTestPath(in.path):
		return false
	case strings.ContainsAny(v, " \t"), isPlaceholder(v), interpolated(v, in.path), notAValue(v):
		return false
	case notASecretShape(in), jweJSONMember(in), afterPEMHeader(in):
		return false
	case !quoted(in) && unquotedExpression(in):
		return false // an unquoted expression, a flag, or a flag's setting
	case publicKeyID(in.name) && hexOnly(v):
		return false
	case licenseName(in.name) && !strongRandom(v):
		return false // License: LGPL-2.1+, a licence's name, not its key
	case in.op == opSpace && isIdentifier(v) && namesSecretType(v):
		return false // var key openSSHPrivateKey: a declaration names a type
	case controlEscape(v):
		return false // "magic-v1\x00": text with a control character is a format's marker
	case uuidRe().MatchString(v):
		return !idName(in.name) && in.op != opSpace && !uuidHandleName(in.name)
	case sequenceFake(v), periodic(v), digitRun(v) >= 6, wordAndCount(v), hasFakeWord(v), leetWord(v), len(v) < 24 && maxRun(v) >= 5:
		return false // a1b2c3d4, abcdabcd, 123456, salt1234, p@ssw0rd, c0d3b4ssssss: typed, not generated (an encoding's zero bytes run longer: AAAAA)
	case wordy(v) && !(passwordName(in.name) && in.op != opSpace) && !randomAlnum(v):
		return false
	}
	cl := charClasses(v)
	h := entropy(v)
	if in.op == opSpace || in.op == opDash || in.op == opXML && !passwordName(in.name) || !quoted(in) && looksLikeCode(v, in.path) {
		// no assignment, or an identifier in code: only what is plainly random
		return len(v) >= 12 && h >= 3.3 && (cl&classDigit != 0 && cl != classDigit || strongRandom(v))
	}
	if passwordName(in.name) {
		return len(v) >= 6 && h >= 2.5 && (cl&classDigit != 0 || strings.Trim(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-.") != "") ||
			randomLetters(v, cl, h)
	}
	if hexOnly(v) {
		return len(v) >= 12 && cl&classDigit != 0
	}
	if shortTail(v) {
		return false
	}
	return len(v) >= 10 && h >= 3.0 && (bitsSet(cl) >= 2 || strongRandom(v))
}

// afterPEMHeader tells a value right after a PEM header on its line
// (-----BEGIN RSA PRIVATE KEY----- MIIEpQ...): a key's body, which the
// private key rule judges as a whole (a body cut short in documentation
// is no key); "KEY" in the header is no name given to it.
func afterPEMHeader(in *checkInput) bool {
	if in.at <= 1 || in.at-1 > len(in.line) {
		return false
	}
	before := bytes.TrimRight(in.line[:in.at-1], " \t")
	if !bytes.Contains(before, []byte("-----BEGIN ")) {
		return false
	}
	return bytes.HasSuffix(before, []byte("KEY-----")) || strings.HasPrefix(in.secret, "KEY-----") // the header's last word read as the value's start
}

// uuidHandleName tells a name under which a UUID is a handle, not a
// credential: a request's or an action's token (ClientRequestToken,
// LifecycleActionToken), or a plain key of a map (first_key).
func uuidHandleName(name string) bool {
	ws := words(name)
	plain := true
	for _, w := range ws {
		switch w {
		case "request", "action", "lifecycle", "correlation", "transaction", "operation", "execution", "job":
			return true
		case "key", "keys", "first", "second", "third", "other", "some":
		default:
			plain = false
		}
	}
	return plain && len(ws) > 1
}

// randomAlnum tells a long run of letters of both cases and digits, with
// no separator, as random as a generated token: its chunks may read as
// words by chance (GgxNeiq...), but words are not joined that way.
func randomAlnum(v string) bool {
	return len(v) >= 24 && isIdentifier(v) && strings.IndexByte(v, '_') < 0 &&
		charClasses(v) == classLower|classUpper|classDigit && entropy(v) >= 4.3
}

// leetWord tells a word spelt with symbols and digits for letters
// (super$ecret, p@ssw0rd, s3cr3t!): a stand-in typed to look strong. A
// stand-in word written plainly, in any case, and a count (passworD1) is
// one too, and so is a short lower-case word and a digit or two (hunter2),
// or a short capitalised word and three digits that count (Hashi123).
func leetWord(v string) bool {
	v = strings.Trim(v, `"'`)
	v = strings.TrimRight(v, "!?.*#") // Pa55word!
	if v == "" {
		return false
	}
	if word := strings.TrimRight(v, "0123456789"); word != v && isLetters(word) && strings.ToLower(word) == word &&
		(strings.HasSuffix(word, "pass") || strings.HasSuffix(word, "password") || strings.HasSuffix(word, "secret") ||
			len(v)-len(word) <= 2 && len(word) <= 8 && isWordChunk(word)) {
		return true // newpass123, mypassword1, hunter2
	}
	if word := strings.TrimRight(v, "0123456789"); len(v)-len(word) == 3 && ascending([]byte(v[len(word):])) == 3 &&
		len(word) >= 4 && len(word) <= 8 && isUpper(word[0]) && strings.ToLower(word[1:]) == word[1:] && isWordChunk(word) {
		return true // Hashi123, Welcome123: a capitalised word and a count of three, as a password policy is met
	}
	if word := strings.TrimRight(v, "0123456789"); word != v && word != "" && (strings.ToLower(word) == word || isLetters(word)) && leetWord(word) {
		return true // s3cret2, pwd1, passworD1: a stand-in and a count
	}
	w := leetLetters(v)
	if !isLetters(w) || len(w) > 16 {
		return false
	}
	low := strings.ToLower(w)
	return placeholderWords()[low] || strings.HasSuffix(low, "secret") || strings.HasSuffix(low, "password") || strings.HasSuffix(low, "pass") ||
		leetSpelt(v, low)
}

// leetLetters reads the letters back from a leet spelling: $ and 5 as s,
// @ and 4 as a, 0 as o, 1 and ! as i, 3 as e, 7 as t.
func leetLetters(v string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '$', '5':
			return 's'
		case '@', '4':
			return 'a'
		case '0':
			return 'o'
		case '1', '!':
			return 'i'
		case '3':
			return 'e'
		case '7':
			return 't'
		}
		return r
	}, v)
}

// leetSpelt tells a long lower-case word spelt with two or more digits
// for its vowels (conta1n3rize, k3yb0ard): once read back it alternates
// vowels and single consonants or pairs as words do, which random letters
// and digits seldom keep up for eight letters or more.
func leetSpelt(v, low string) bool {
	if len(low) < 8 || strings.ToLower(v) != v {
		return false
	}
	subs, vowels, run, vrun := 0, 0, 0, 0
	for i := 0; i < len(v); i++ {
		if !isLower(v[i]) {
			if i == 0 || i == len(v)-1 || !isLower(v[i-1]) || !isLower(v[i+1]) {
				return false // a digit stands for a letter within the word: not first, last or beside another
			}
			subs++
		}
		if strings.IndexByte("aeiou", low[i]) >= 0 {
			vowels++
			run = 0
			if vrun++; vrun > 2 {
				return false
			}
		} else if vrun, run = 0, run+1; run > 2 {
			return false
		}
	}
	return subs >= 2 && subs*4 <= len(v) && vowels*5 >= len(low)*2
}

// unquotedExpression tells an unquoted value that reads as code rather
// than as a setting's text: in a source file, or after a flag or a bare
// name, a literal, a call, an index, a dereference or a flag; in a
// configuration file (.env, .ini, .properties, YAML) only a call or an
// index, since a password's punctuation ($, *, -, brackets) is kept there.
func unquotedExpression(in *checkInput) bool {
	v := in.secret
	if callOrIndex(v) || cutExpression(in) {
		return true
	}
	if inCode(in.path) || in.op == opSpace || in.op == opFlag {
		return strings.ContainsAny(v, "{([") || strings.IndexByte("&*-@", v[0]) >= 0 || in.op == opSpace && strings.IndexByte(v, '=') >= 0
	}
	return v[0] == '@' && isIdentifier(v[1:]) && !randomRun(v) // PowerShell splatting: -PassThru @params; @ and a generated password is a password
}

// cutExpression tells an unquoted value that a string literal or a member
// access cuts short, in any file (code in a manual page or a tutorial
// too): an index or a call whose argument is a literal
// (request.form['password']), a comparison with a literal
// (value=='0'), a method call (query_parameters->get(...), which a
// manual page writes \->). A value is no expression when it runs to the
// end of its line: a password may end in '[', '(' or '=='; nor when what
// comes before is no name but a random run: a quoted "KEY=<base64>=="
// (compose, a container's arguments) ends in '==' and a quote.
func cutExpression(in *checkInput) bool {
	v := in.secret
	end := in.at - 1 + len(v)
	if in.at == 0 || end >= len(in.line) || v == "" {
		return false
	}
	next := in.line[end]
	switch last := v[len(v)-1]; {
	case last == '[' || last == '(':
		return isQuote(next) && codeStem(v[:len(v)-1])
	case last == '-':
		return next == '>' && codeStem(strings.TrimRight(v[:len(v)-1], `\`))
	case strings.HasSuffix(v, "==") || strings.HasSuffix(v, "!="):
		return isQuote(next) && len(v) > 2 && isAlnum(v[len(v)-3]) && codeStem(v[:len(v)-2])
	}
	return false
}

// codeStem tells what an expression's operator follows: a name or a
// member (request.args, encodedResetFlag), not a random run.
func codeStem(s string) bool { return identifier().MatchString(s) && !randomRun(s) }

// callOrIndex tells a value shaped as a literal, a call or an index:
// it starts with a bracket, or a name is followed by a bracket that
// closes at the value's end (getPassword(x), tokens[i]).
func callOrIndex(v string) bool {
	if v == "" || strings.IndexByte("{([", v[0]) >= 0 {
		return true
	}
	i := strings.IndexAny(v, "([{")
	if i <= 0 || !identifier().MatchString(v[:i]) {
		return false
	}
	return v[i] == '(' || strings.IndexByte(")]}", v[len(v)-1]) >= 0
}

// hasFakeWord tells a value with a stand-in word in it (secret123,
// helloWorld, pk_fake_...); "test" and "live" right after a short prefix
// are a key's mode (pk_test_...), not a stand-in.
func hasFakeWord(v string) bool {
	low := strings.ToLower(v)
	for _, w := range []string{"fake", "dummy", "sample", "notreal", "invalid", "hello", "world"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	cs := chunks(v)
	for i, c := range cs {
		w := strings.ToLower(c)
		if i == 1 && len(cs[0]) <= 6 && (w == "test" || w == "live") {
			continue
		}
		if fakeWords()[w] || standInWords()[w] {
			return true
		}
	}
	return false
}

var standInWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"hello": true, "world": true, "invalid": true, "notreal": true, "changeme": true,
		"redacted": true, "foo": true, "bar": true, "foobar": true, "xxx": true,
		"placeholder": true, "your": true, "insert": true, "replace": true,
	}
})

// notAValue tells values no credential has: URLs, paths, e-mail
// addresses, dates, integrity digests.
func notAValue(v string) bool {
	switch {
	case strings.Contains(v, "://"), absolutePath(v), strings.HasPrefix(v, "./"), strings.HasPrefix(v, "~/"), windowsPath(v):
		return true
	case archiveName().MatchString(v), sourceFileName().MatchString(v), numberLiteral().MatchString(v), wordPath(v):
		return true
	case strings.IndexByte(v, '@') > 0 && packageSpec().MatchString(v), jsonObject(v):
		return true // npm:auth0@^4.37.1: a package and its version; {"kty":...}: a document, whose members are judged by their names
	case strings.HasPrefix(v, "sha512-"), strings.HasPrefix(v, "sha256-"), strings.HasPrefix(v, "sha1-"):
		return true
	case urnName().MatchString(v) && !randomRun(v), len(v) >= 38 && namespacedUUID().MatchString(v):
		return true // urn:oasis:names:..., square:a0f1505a-...: a name, or a UUID named within a namespace
	case versionString().MatchString(v) && !randomRun(v), pseudoVersion().MatchString(v):
		return true // v0.9.13/go.mod: a module's version in a go.sum line; v0.0.0-20240101120000-0123456789ab: a commit's
	case objectIdentifier().MatchString(v), sizeWord().MatchString(v), awsARN().MatchString(v):
		return true // 1.2.840.113549.1.9.7: an ASN.1 object identifier; 2-byte, 32-bit: a size; arn:aws:...: a resource's name
	case pythonObjectRef(v):
		return true // keystoneauth1.loading:Password: an entry point names a Python object
	case algorithmName().MatchString(v), strings.HasPrefix(v, "h1:") && len(v) == 47:
		return true // curve25519-sha256, hmac-sha2-256: an algorithm's name; h1:...: a go.sum hash
	case importPath(v):
		return true // secretspb "cloud.google.com/go/...": an import's alias and path
	case passwordHash(v), springCiphertext(v):
		return true // a hash or Spring Cloud Config ciphertext: what a password becomes, not one
	case jwtGrantsNothing(v), jweCompact(v):
		return true // a NATS claims JWT, an unsigned JWT; a JWE is ciphertext (an encrypted key)
	case decodedStandIn(v), encodedDocument(v):
		return true // base64 of a stand-in (USERNAME:TOKEN, your-password-here) or of a JSON document with no credential in it (a JWE header)
	}
	return notASecretValue(v)
}

// springCipher is a Spring Cloud Config encrypted value: {cipher}, an
// optional {key:name}, then ciphertext, hex of a symmetric key's output
// or base64 of an RSA key's (which starts with AQ).
var springCipher = validate.LazyRegexp(`^\{cipher\}(?:\{[a-z]+:[^{}]*\})*(?:(?:[0-9a-fA-F]{2}){16,}|AQ[A-Za-z0-9+/]{62,}={0,2})$`)

// springCiphertext tells a Spring {cipher} value that holds ciphertext:
// what a password becomes, not one. A password written after {cipher}
// is one.
func springCiphertext(v string) bool { return springCipher().MatchString(v) }

// jwtGrantsNothing tells a JWT that the jwt check drops: unsigned, an
// OpenID Connect request object, NATS claims.
func jwtGrantsNothing(v string) bool {
	return strings.HasPrefix(v, "eyJ") && strings.Count(v, ".") == 2 && !checkJWT(&checkInput{secret: v})
}

// jweCompact tells a JSON Web Encryption in compact form (RFC 7516):
// five base64url parts, a header that names its content encryption
// ("enc"). It is ciphertext: only the key it was made for opens it.
func jweCompact(v string) bool {
	if !strings.HasPrefix(v, "eyJ") || strings.Count(v, ".") != 4 {
		return false
	}
	head, _, _ := strings.Cut(v, ".")
	dec, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(head, "="))
	return err == nil && strings.Contains(string(dec), `"enc"`)
}

// versionString is a version number (v1.2.3, 2.0.0-rc.1), as go.sum
// writes it with /go.mod after it.
var versionString = validate.LazyRegexp(`^v?[0-9]+(?:\.[0-9]+){1,3}(?:[-+][0-9A-Za-z.]{1,20})?(?:/go\.mod)?$`)

// algorithmName is the name of a key exchange, MAC or cipher as protocols
// spell it (curve25519-sha256, mlkem768x25519-sha256, hmac-sha2-256-etm@openssh.com),
// with a truncated MAC's length in bits after it (Kerberos's
// aes256-cts-hmac-sha1-96, RFC 3962).
var algorithmName = validate.LazyRegexp(`^[a-z0-9.]+(?:-[a-z0-9.]+)*-(?:sha(?:1|2-256|2-512|256|384|512)|md5|gcm|cbc|ctr|etm)(?:-[0-9]{2,3})?(?:@[a-z.]+)?$`)

// pseudoVersion is a Go module pseudo-version: a version, a UTC time
// stamp and the first twelve hex digits of a commit
// (v0.24.1-0.20261001053825-dbc26066f70a), https://go.dev/ref/mod#pseudo-versions.
var pseudoVersion = validate.LazyRegexp(`^v[0-9]+\.[0-9]+\.[0-9]+-(?:[0-9A-Za-z.-]*\.)?[0-9]{14}-[0-9a-f]{12}(?:\+incompatible)?(?:/go\.mod)?$`)

// objectIdentifier is an ASN.1 object identifier in dotted form
// (1.2.840.113549.1.9.7, an LDAP attribute's OID): a first arc of 0, 1
// or 2, then four or more numbers.
var objectIdentifier = validate.LazyRegexp(`^[0-2](?:\.(?:0|[1-9][0-9]{0,9})){4,}$`)

// sizeWord is a size written as a number and its unit (2-byte, 32-bit,
// 16 chars), as a comment describes a field.
var sizeWord = validate.LazyRegexp(`^[0-9]{1,4}[- ]?(?:bits?|bytes?|octets?|chars?|characters?|digits?|words?)$`)

// awsARN is an Amazon Resource Name: it names a resource (a KMS key, a
// role), and grants nothing without credentials.
var awsARN = validate.LazyRegexp(`^arn:aws[a-z-]*:[a-z0-9-]+:[a-z0-9-]*:[0-9]{0,12}:[A-Za-z0-9_./:*+=,@-]+$`)

// pythonModule is a Python module path with a dot in it (package.module).
var pythonModule = validate.LazyRegexp(`^[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+$`)

// pythonObjectRef tells a Python object reference, module:attribute, as
// entry points (entry_points.txt, setup.cfg, pyproject.toml) name a
// plugin or a command: a lower-case dotted module path, a colon, and a
// name made of words (ADFSPassword, main). A user and password pair has
// no dotted module before its colon, or has a random password after it.
func pythonObjectRef(v string) bool {
	mod, attr, ok := strings.Cut(v, ":")
	if !ok || !pythonModule().MatchString(mod) || attr == "" || isDigitByte(attr[0]) {
		return false
	}
	for _, a := range strings.Split(attr, ".") {
		if !isIdentifier(a) || !(wordIdentifier(a) || wordy(a)) {
			return false
		}
	}
	return !randomRun(v)
}

// modulePath is a package's import path: a lower-case domain, then path
// segments (k8s.io/api/authentication/v1beta1).
var modulePath = validate.LazyRegexp(`^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:/[A-Za-z0-9._~+-]+)+$`)

func importPath(v string) bool {
	return strings.IndexByte(v, '/') > 0 && modulePath().MatchString(v) && !randomRun(v)
}

// namespacedUUID is a UUID qualified by a namespace (app:<uuid>), as a URN
// qualifies a name (urn:uuid:<uuid>): an identifier within that namespace.
var namespacedUUID = validate.LazyRegexp(`^[a-z][a-z0-9_.-]{0,31}:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// urnName is a URN (RFC 8141): urn:, a namespace, a colon, and the name.
var urnName = validate.LazyRegexp(`^urn:[A-Za-z0-9][A-Za-z0-9-]{0,31}:[^\s]+$`)

// randomRun tells a value with a run of twelve or more letters and digits
// of all three kinds (lower case, capitals, digits) and few words in it
// (not Ed25519PublicKey): a
// generated token after a name's, a version's or a path's first
// characters (urn:x:..., v1.2.3-..., acme.io/...). Names, versions and
// import paths are made of words, numbers and acronyms.
func randomRun(v string) bool {
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return !isAlnum(byte(r)) || r > 0x7f }) {
		if len(f) >= 12 && charClasses(f) == classLower|classUpper|classDigit && !wordIdentifier(f) && !mostlyWords(f) {
			return true
		}
	}
	return false
}

// djangoHash is a password hash in Django's format: the hasher's name,
// then its fields ($iterations$salt$hash for PBKDF2, a modular crypt
// hash for bcrypt and argon2).
var djangoHash = validate.LazyRegexp(`^(?:pbkdf2_sha(?:1|256)\$[0-9]{4,7}\$[A-Za-z0-9./+]{1,64}\$[A-Za-z0-9+/=]{20,}|argon2\$argon2(?:id|i|d)\$\S+|bcrypt(?:_sha256)?\$\$2[abxy]?\$\S+)$`)

// bcryptHash is a bcrypt hash: $2, a version letter, a two-digit cost,
// 22 characters of salt and 31 of hash in bcrypt's base64.
var bcryptHash = validate.LazyRegexp(`^\$2[abxy]?\$[0-9]{2}\$[./A-Za-z0-9]{53}$`)

// passwordHash tells a password hash in modular crypt format (bcrypt
// $2a$/$2b$/$2y$, sha512-crypt $6$, sha256-crypt $5$, md5-crypt $1$,
// yescrypt $y$, argon2 $argon2id$, scrypt $scrypt$, PBKDF2 $pbkdf2-...$)
// or Django's hasher format (pbkdf2_sha256$...): it verifies a password
// and cannot be used as one.
func passwordHash(v string) bool {
	if strings.HasPrefix(v, "pbkdf2_sha") || strings.HasPrefix(v, "argon2$") || strings.HasPrefix(v, "bcrypt$") {
		return djangoHash().MatchString(v)
	}
	if len(v) < 20 || v[0] != '$' {
		return false
	}
	id, rest, ok := strings.Cut(v[1:], "$")
	if strings.HasPrefix(id, "2") && len(id) <= 2 {
		return bcryptHash().MatchString(v) // $2b$12$ and 53 characters: the cost, the salt and the hash
	}
	if !ok || strings.Count(rest, "$") < 1 {
		return false
	}
	switch id {
	case "1", "2", "2a", "2b", "2x", "2y", "5", "6", "7", "y", "gy", "argon2i", "argon2d", "argon2id", "scrypt", "sha1", "md5":
		return true
	}
	return strings.HasPrefix(id, "pbkdf2")
}

// sourceFileName is a value that names a file (x509_string.go).
var sourceFileName = validate.LazyRegexp(`(?i)\.(?:go|py|js|ts|java|rb|rs|c|h|cc|cpp|cs|php|txt|json|ya?ml|toml|ini|md|html|css|sh|xml|csv|log|asm|s)$`)

// numberLiteral is a number in code: -0x3f879678, 1e9, 0o755.
var numberLiteral = validate.LazyRegexp(`^[-+]?(?:0[xX][0-9a-fA-F_]+|0[oObB][0-7_]+|[0-9][0-9_]*(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)$`)

// wordPath tells a path made of letters only (very/nested/s/u/b), where
// a key with slashes (base64) has digits in its parts.
func wordPath(v string) bool {
	if strings.IndexByte(v, '/') < 0 {
		return false
	}
	for _, part := range strings.Split(v, "/") {
		for i := 0; i < len(part); i++ {
			if c := part[i]; '0' <= c && c <= '9' {
				return false
			}
		}
	}
	return true
}

// packageSpec is a package named with its version or range, as a manifest
// or an install command writes it (npm:auth0@^4.37.1, lodash@4.17.21,
// @scope/pkg@~1.2): a name, '@', then a version.
var packageSpec = validate.LazyRegexp(`^(?:[a-z]+:)?(?:@[a-z0-9._-]+/)?[a-z0-9._-]+@[~^<>=]*v?[0-9]+(?:\.[0-9x*]+){0,3}(?:-[0-9A-Za-z.]+)?$`)

// jsonObject tells a value that is a JSON object ({"kty":"EC","x":...}):
// a document, not one value. The secret words among its member names
// are read as names of their own, and judge their own values.
func jsonObject(v string) bool {
	return len(v) >= 2 && v[0] == '{' && v[len(v)-1] == '}' && strings.Contains(v, `":`)
}

// archiveName finds a package file name in a value (name-1.2.4.tgz#sha).
var archiveName = validate.LazyRegexp(`(?i)\.(?:tgz|tar|gz|zip|jar|whl|gem|nupkg|rpm|deb)(?:$|[#?])`)

const (
	classLower = 1 << iota
	classUpper
	classDigit
	classSymbol
)

func charClasses(v string) int {
	cl := 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case 'a' <= c && c <= 'z':
			cl |= classLower
		case 'A' <= c && c <= 'Z':
			cl |= classUpper
		case '0' <= c && c <= '9':
			cl |= classDigit
		default:
			cl |= classSymbol
		}
	}
	return cl
}

func bitsSet(n int) int {
	c := 0
	for ; n > 0; n &= n - 1 {
		c++
	}
	return c
}

func hexOnly(v string) bool {
	for i := 0; i < len(v); i++ {
		if !isHexByte(v[i]) {
			return false
		}
	}
	return true
}

func isHexByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// strongRandom tells a long value of one class (letters only) that is
// still random: long, high-entropy, no words.
func strongRandom(v string) bool { return len(v) >= 24 && entropy(v) >= 3.8 }

// shortTail tells a value whose part after its leading words (a
// provider's prefix such as duffel_test_) is too short to be a key:
// duffel_test_abc123, shippo_test_1234.
func shortTail(v string) bool {
	rest := v
	for {
		i := strings.IndexAny(rest, "_-.")
		if i < 0 {
			break
		}
		head := rest[:i]
		if !(isLetters(head) && (len(head) <= 6 || isWordChunk(head))) {
			break
		}
		rest = rest[i+1:]
	}
	return len(rest) < 8
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// randomLetters tells a long value of letters alone, in both cases, that
// reads as random rather than as words (a generated password with no digit).
func randomLetters(v string, cl int, h float64) bool {
	return len(v) >= 16 && cl&(classLower|classUpper) == classLower|classUpper && h >= 3.5 && !wordy(v)
}

// wordy tells a value made mostly of words (not_a_real_token,
// SKILLS_inventory, sk_live_short, notHighEnoughEntropy): word-like
// chunks cover most of it, and it has few digits.
func wordy(v string) bool {
	total, inWords, digits, digitChunks := 0, 0, 0, 0
	for _, c := range chunks(v) {
		total += len(c)
		switch {
		case c[0] >= '0' && c[0] <= '9':
			digits += len(c)
			digitChunks++
		case isWordChunk(c):
			inWords += len(c)
		}
	}
	return total > 0 && inWords*10 >= total*6 && (digits*10 <= total || digitChunks <= 2)
}

// chunks splits v at symbols, at letter-digit changes and before an
// upper-case letter that follows a lower-case one.
func chunks(v string) []string {
	var out []string
	start := -1
	kind := func(c byte) int {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
			return 1
		case '0' <= c && c <= '9':
			return 2
		}
		return 0
	}
	for i := 0; i <= len(v); i++ {
		split := i == len(v) || kind(v[i]) == 0
		if !split && start >= 0 {
			prev := v[i-1]
			split = kind(prev) != kind(v[i]) || 'a' <= prev && prev <= 'z' && 'A' <= v[i] && v[i] <= 'Z'
		}
		if split && start >= 0 {
			out = append(out, v[start:i])
			start = -1
		}
		if i < len(v) && kind(v[i]) != 0 && start < 0 {
			start = i
		}
	}
	return out
}

// isWordChunk tells a chunk that reads as a word: three to sixteen
// letters in one case (or capitalised), vowels at least a sixth of them,
// no more than three consonants in a row.
func isWordChunk(c string) bool {
	if len(c) < 3 || len(c) > 16 || c[0] >= '0' && c[0] <= '9' {
		return false
	}
	low := strings.ToLower(c)
	upper := c == strings.ToUpper(c)
	if c != low && !upper && c[1:] != low[1:] {
		return false // mixed case: EGe, NKAu
	}
	vowels, run, maxRun := 0, 0, 0
	for i := 0; i < len(low); i++ {
		if strings.IndexByte("aeiouy", low[i]) >= 0 {
			vowels++
			run = 0
		} else {
			run++
			maxRun = max(maxRun, run)
		}
	}
	return vowels > 0 && vowels*6 >= len(low) && maxRun <= 3
}

// sequenceFake tells the a1B2c3D4... kind of stand-in: its letters, or
// its digits, taken alone, run up the alphabet five or more in a row.
func sequenceFake(v string) bool {
	letters, digits := sequences(v)
	return letters >= 5 || digits >= 5
}

// sequences are the longest runs up the alphabet of v's letters, and of
// its digits, each taken alone. A letter run is one when its letters lie
// within two bytes of each other (abcde, a1b2c3d4e5): hex has six letters,
// so a run spread over a random hex value is chance.
func sequences(v string) (int, int) {
	var letters, digits []byte
	last := -1
	for i := 0; i < len(v); i++ {
		c := v[i] | 0x20
		switch {
		case 'a' <= c && c <= 'z':
			if last >= 0 && i-last > 2 {
				letters = append(letters, 0) // too far apart: a new run
			}
			last = i
			if len(letters) == 0 || letters[len(letters)-1] != c {
				letters = append(letters, c) // aAbBcC counts as abc
			}
		case '0' <= v[i] && v[i] <= '9':
			digits = append(digits, v[i])
		}
	}
	return ascending(letters), ascending(digits)
}

func ascending(b []byte) int {
	best, run := 0, 0
	for i := range b {
		if i > 0 && (b[i-1]+1 == b[i] || b[i-1] == '9' && b[i] == '0') {
			run++
		} else {
			run = 1
		}
		best = max(best, run)
	}
	return best
}

// periodic tells a value that repeats a short unit (abcd1234abcd1234).
func periodic(v string) bool {
	low := []byte(strings.ToLower(v))
	for p := 1; p <= 8 && 3*p <= len(low); p++ {
		same := 0
		for i := p; i < len(low); i++ {
			if low[i] == low[i-p] {
				same++
			}
		}
		if same*10 >= (len(low)-p)*8 {
			return true
		}
	}
	return false
}

// mostlyWords tells a run whose letters lie mostly in word-like chunks
// (Ed25519PublicKey: Public, Key), as a name's do and a token's do not.
func mostlyWords(f string) bool {
	letters, inWords := 0, 0
	for _, c := range chunks(f) {
		if isDigitByte(c[0]) {
			continue
		}
		letters += len(c)
		if isWordChunk(c) {
			inWords += len(c)
		}
	}
	return inWords*2 >= letters
}

// isIdentifier tells a value made only of a name's letters, digits and
// underscores.
func isIdentifier(v string) bool {
	for i := 0; i < len(v); i++ {
		if !isAlnum(v[i]) && v[i] != '_' {
			return false
		}
	}
	return v != ""
}

// controlEscape tells a value holding a string escape of a control
// character (\x00, \0, \n, \r, \t): no token is typed with one.
func controlEscape(v string) bool {
	for i := 0; i+1 < len(v); i++ {
		if v[i] != '\\' {
			continue
		}
		switch c := v[i+1]; {
		case c == 'n' || c == 'r' || c == 't' || c == '0':
			return true
		case c == 'x' && i+2 < len(v) && v[i+2] < '2':
			return true
		case c == 'u' && i == 0 && strings.HasPrefix(v[i+2:], "00"):
			return true // \u0026 first: an escaped delimiter (JSON's &) before an empty value
		}
		i++ // the escaped byte
	}
	return false
}

// namesSecretType tells a camel-case name whose last word is a secret's
// kind (openSSHPrivateKey, AccessToken): a type, not a value.
func namesSecretType(v string) bool {
	ws := words(v)
	if len(ws) < 2 || hexOnly(v) {
		return false
	}
	switch ws[len(ws)-1] {
	case "key", "keys", "token", "secret", "password", "credential", "credentials":
		return true
	}
	return false
}

// absolutePath tells a value that starts with a slash and reads as a path:
// base64 that happens to start with '/' has a long part of upper and lower
// case letters and digits (/t7mzBagRsoW5cPxEjMQLW0aQoq+v4ed...).
func absolutePath(v string) bool {
	if v == "" || v[0] != '/' {
		return false
	}
	for _, part := range strings.Split(v[1:], "/") {
		if len(part) >= 16 && charClasses(part)&(classLower|classUpper|classDigit) == classLower|classUpper|classDigit && strings.Trim(part, base64Alphabet) == "" {
			return false
		}
	}
	return true
}

// windowsPath tells a value that starts as a Windows path does: a drive
// letter, a colon and a backslash (C:\Windows, C:\\windows in a string).
func windowsPath(v string) bool {
	return len(v) >= 4 && isLetters(v[:1]) && v[1] == ':' && v[2] == '\\' && strings.Trim(v[3:], `\`) != "" && !randomRun(v)
}

const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+=_-"

// licenseName tells a name about a licence that does not say key
// (License:, SPDX-License-Identifier:): it holds a licence's identifier;
// a licence key's name says key (license_key).
func licenseName(name string) bool {
	lic := false
	for _, w := range words(name) {
		switch w {
		case "license", "licence", "licenses":
			lic = true
		case "key", "keys", "token", "secret", "code", "serial":
			return false
		}
	}
	return lic
}

// publicKeyID tells a name that looks a public key up by its ID or
// fingerprint (gpg --recv-keys 5BE8...): the hex it is given is public.
func publicKeyID(name string) bool {
	for _, w := range words(name) {
		if w == "recv" || w == "fingerprint" || w == "keyid" || w == "fpr" || w == "keyserver" {
			return true
		}
	}
	return false
}
