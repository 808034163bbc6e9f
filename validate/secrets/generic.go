package secrets

import (
	"bytes"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/remnant-guard/remnant-guard/validate"
)

// nonSecretWords end (or start) names that hold something about a secret
// rather than the secret: token_count, password_length, public_key, ...
var nonSecretWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"id": true, "ids": true, "name": true, "names": true, "count": true,
		"length": true, "len": true, "size": true, "type": true, "types": true,
		"url": true, "uri": true, "path": true, "file": true, "dir": true,
		"version": true, "header": true, "field": true, "mode": true,
		"format": true, "enabled": true, "required": true, "prefix": true,
		"suffix": true, "endpoint": true, "host": true, "policy": true,
		"expiry": true, "expires": true, "ttl": true, "timeout": true,
		"min": true, "max": true, "index": true, "public": true, "is": true,
		"has": true, "use": true, "no": true, "label": true, "hint": true,
		"placeholder": true, "example": true, "regex": true, "pattern": true,
		"algorithm": true, "alg": true, "method": true, "provider": true,
		"store": true, "ref": true, "env": true, "var": true, "key_name": true,
		"hash": true, "digest": true, "salt": true, "kind": true, "author": true,
		"authority": true, "authors": true, "authored": true, "want": true,
		"expected": true, "expect": true, "got": true, "input": true, "output": true,
		"data": true, "sum": true, "checksum": true, "signature": true, "sig": true,
		"nonce": true, "iv": true, "kid": true, "thumbprint": true, "x5t": true, "cert": true, "certificate": true, "fingerprint": true,
		"integrity": true, "etag": true, "sha": true, "md5": true, "sha1": true,
		"sha256": true, "sha512": true, "commit": true, "revision": true, "rev": true,
		"srcrev": true, "uuid": true, "guid": true, "pubkey": true, "cipher": true,
		"ciphertext": true, "plaintext": true, "encoded": true, "image": true,
		// keys that index data, not credentials: cache_key, sort_key, i18n_key
		"cache": true, "sort": true, "partition": true, "primary": true, "foreign": true,
		"unique": true, "lookup": true, "map": true, "event": true, "column": true,
		"shortcut": true, "hot": true, "schema": true, "i18n": true, "translation": true,
	}
})

// interpolation finds a variable expanded inside a string ("...$user").
var interpolation = validate.LazyRegexp(`\$[A-Za-z_{(]`)

// interpolated tells a value with a variable expanded in it: ${name} or
// $(command) anywhere, and a bare $name where the file's syntax expands
// one (shell, PHP, Perl, PowerShell, Kotlin and Groovy strings, YAML of
// compose files and pipelines, and files of unknown syntax). In JSON,
// properties, INI, XML and the strings of most languages a '$' is a
// character of the value: a password's punctuation.
func interpolated(v, path string) bool {
	if !interpolation().MatchString(v) {
		return false
	}
	if v[0] == '$' && hashShaped(v) {
		return strings.Contains(v, "${") || strings.Contains(v, "$(") // $2b$12$...: a hash's fields, not variables
	}
	if strings.Contains(v, "${") || strings.Contains(v, "$(") || strings.TrimLeft(v, `\`)[0] == '$' {
		return true
	}
	return !literalDollar(path)
}

// literalDollarExts are file types where a bare $name is not expanded.
var literalDollarExts = []string{".json", ".properties", ".ini", ".xml", ".config", ".cfg", ".toml",
	".py", ".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".java", ".go", ".cs", ".ipynb", ".tfvars", ".tf",
	".rs", ".swift", ".c", ".h", ".cc", ".cpp", ".sql"}

func literalDollar(path string) bool {
	low := strings.ToLower(path)
	for _, ext := range literalDollarExts {
		if strings.HasSuffix(low, ext) {
			return true
		}
	}
	return false
}

// shortHex is a lowercase hex value shorter than a SHA-1, the shape of
// digests and identifiers more often than of keys.
var shortHex = validate.LazyRegexp(`^[0-9a-f]{1,39}$`)

var uuidRe = validate.LazyRegexp(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// checkGeneric filters the generic rule's matches: a secret-like name
// assigned a value that looks random, not a reference or a stand-in.
func checkGeneric(in *checkInput) bool {
	v := in.secret
	switch {
	case isPlaceholder(v), isLockfile(in.path), !secretName(in.name), publicKeyName(in.name), passwordDigest(in.name, v):
		return false
	case uuidRe().MatchString(v), strings.Contains(v, "://"), absolutePath(v) || strings.HasPrefix(v, "./"):
		return false
	case strings.HasPrefix(v, "sha512-") || strings.HasPrefix(v, "sha256-") || strings.HasPrefix(v, "sha1-"):
		return false
	case len(v) < 10, interpolated(v, in.path), shortHex().MatchString(v), digitRun(v) >= 6:
		return false
	case isTestPath(in.path), notASecretValue(v), namesItself(v), !quoted(in) && looksLikeCode(v, in.path):
		return false
	case encodedData(v), publishableKey(v), wordyValue(v), wordIdentifier(v):
		return false
	case passwordHash(v), springCiphertext(v), decodedStandIn(v), encodedDocument(v):
		return false
	case camelWords(v), csrfLine(in), csrfFieldValue(in), jweJSONMember(in), uuidComposite(v):
		return false // __stringMin71Max89PatternArn...: a generated name; a form's CSRF nonce; a JWE's encrypted key
	case inCode(in.path) && len(strings.Trim(in.name, `"'`)) < 3:
		return false // minified code: r="...", a data table, not a name given to a secret
	}
	return looksRandom(v)
}

// passwordDigest tells the digest a login is checked against under a
// name that says the password is hashed (hashed_password): hex, a
// scheme's text ($2b$..., {SSHA}...) or padded base64 of a digest's
// length. Another value there, random text, may be the password itself.
func passwordDigest(name, v string) bool {
	if v == "" || !slices.Contains(words(name), "hashed") || !passwordName(name) {
		return false
	}
	switch {
	case hexOnly(v), strings.IndexByte(v, '$') >= 0, v[0] == '{':
		return true
	}
	return (len(v) == 28 || len(v) == 44 || len(v) == 88) && strings.HasSuffix(v, "=")
}

// camelWords tells an identifier made of camel-case words and small
// numbers (__stringMin71Max89PatternArnAwsMacie2): three or more words of
// five letters or more, two or more capitalised, and words covering most
// of its letters. Random mixed case rarely makes one long word, never
// three; random lower case may (vvaad, mjtyjaadtp), but is not camel case.
func camelWords(v string) bool {
	if !isIdentifier(v) || len(v) < 16 {
		return false
	}
	letters, inWords, long, capitals := 0, 0, 0, 0
	for _, c := range identParts(v) {
		if isDigitByte(c[0]) {
			continue
		}
		letters += len(c)
		if isUpper(c[0]) {
			capitals++
		}
		if chunkKind(c) != chunkOther {
			inWords += len(c)
			if len(c) >= 5 && chunkKind(c) == chunkWord {
				long++
			}
		}
	}
	return long >= 3 && capitals >= 2 && inWords*10 >= letters*8
}

// csrfLine tells a line that names a form's CSRF field
// (authenticity_token, csrf_token, _csrf): its value is a per-session
// nonce, not a credential.
func csrfLine(in *checkInput) bool {
	f := in.facts
	if f == nil {
		return csrfText(in.line)
	}
	if !f.csrfSet || f.csrfLS != f.ls || f.le-f.ls != len(in.line) {
		f.csrfLS, f.csrfMemo, f.csrfSet = f.ls, csrfText(in.line), true
	}
	return f.csrfMemo // read once a line: a line of many values costs what the line costs
}

var uuidIn = validate.LazyRegexp(`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`)

// uuidComposite tells a name built of two or more UUIDs joined by short
// words, numbers and separators
// (volume_<uuid>/20200311192855/az_regionb_backup_<uuid>): an object's
// path or key, whose random parts are identifiers, not a credential.
func uuidComposite(v string) bool {
	if len(uuidIn().FindAllStringIndex(v, 3)) < 2 {
		return false
	}
	rest := uuidIn().ReplaceAllString(v, "/")
	for _, p := range strings.FieldsFunc(rest, func(r rune) bool { return strings.ContainsRune("_-./:", r) }) {
		if strings.Trim(p, "0123456789") == "" {
			continue // a number, a date
		}
		if !isLetters(p) || strings.ToLower(p) != p || len(p) > 4 && !wordLike(p) {
			return false
		}
	}
	return true
}

// jweJSONMember tells a member of a JWE in its JSON serialization
// (RFC 7516 section 7.2: {"protected": ..., "encrypted_key": ...,
// "iv": ..., "ciphertext": ..., "tag": ...} on one line): the encrypted
// key and the ciphertext are what only the recipient's private key opens,
// as a JWE in compact form is.
func jweJSONMember(in *checkInput) bool {
	switch strings.Trim(in.name, `"'`) {
	case "encrypted_key", "ciphertext", "iv", "tag", "protected", "aad":
	default:
		return false
	}
	for _, m := range []string{`"ciphertext"`, `"iv"`, `"tag"`, `"protected"`} {
		if !bytes.Contains(in.line, []byte(m)) {
			return false
		}
	}
	return true
}

// csrfFieldValue tells the "value" of a form field described as an
// object whose "name", a few lines above, is a CSRF field
// ({"name": "csrf_token", "type": "hidden", "value": "..."}): the same
// per-session nonce, a line lower. It looks no further than the object's
// opening brace, and no more than four lines up.
func csrfFieldValue(in *checkInput) bool {
	f := in.facts
	if strings.Trim(in.name, `"'`) != "value" || f == nil || !f.set || f.le-f.ls != len(in.line) || f.ls > len(in.whole) {
		return false
	}
	above := in.whole[:f.ls]
	for range 4 {
		above = bytes.TrimSuffix(bytes.TrimSuffix(above, []byte("\n")), []byte("\r"))
		if len(above) == 0 {
			return false
		}
		line := above[bytes.LastIndexByte(above, '\n')+1:]
		if csrfText(line) {
			return true
		}
		if bytes.ContainsAny(line, "{}") {
			return false
		}
		above = above[:len(above)-len(line)]
	}
	return false
}

func csrfText(line []byte) bool {
	for i := range line {
		if c := line[i] | 0x20; (c == 'a' || c == 'c' || c == 'x') && (hasFoldAt(line, i, "csrf") || hasFoldAt(line, i, "xsrf") ||
			hasFoldAt(line, i, "authenticity") && i+18 <= len(line) && line[i+12] == '_' && hasFoldAt(line, i+13, "token")) {
			return true
		}
	}
	return false
}

// isTestPath tells a test file or test data, where the generic rule meets
// test vectors rather than credentials. Provider rules still run there.
func isTestPath(p string) bool {
	p = "/" + strings.ToLower(p)
	for _, part := range []string{"/testdata/", "/test/", "/tests/", "/__tests__/", "/fixtures/", "/spec/"} {
		if strings.Contains(p, part) {
			return true
		}
	}
	base := p[strings.LastIndexByte(p, '/')+1:]
	return strings.HasSuffix(base, "_test.go") || strings.Contains(base, ".test.") ||
		strings.Contains(base, ".spec.") || strings.HasPrefix(base, "test_")
}

// notASecretValue tells values of a shape no credential has: e-mail
// addresses, dates, IP addresses and networks (192.168.103.0/24, fd00::1).
func notASecretValue(v string) bool {
	if at := strings.IndexByte(v, '@'); at > 0 && strings.IndexByte(v[at:], '.') > 0 && !strings.ContainsAny(v, ":/") {
		return true
	}
	return isoDate().MatchString(v) || ipOrNetwork(v)
}

// ipOrNetwork tells an IP address or a network in CIDR notation.
func ipOrNetwork(v string) bool {
	if !strings.ContainsAny(v, ".:") || strings.Trim(v, "0123456789abcdefABCDEF.:/") != "" {
		return false
	}
	if _, err := netip.ParsePrefix(v); err == nil {
		return true
	}
	_, err := netip.ParseAddr(v)
	return err == nil
}

var isoDate = validate.LazyRegexp(`^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}|$)`)

// quoted tells whether the matched value stands between quotes on its line.
func quoted(in *checkInput) bool {
	i := in.at - 1 // where the match put the secret: the line is not searched again for each value on it
	if in.at == 0 {
		i = bytes.Index(in.line, []byte(in.secret))
	}
	return i > 0 && i <= len(in.line) && strings.IndexByte("\"'`", in.line[i-1]) >= 0
}

// codeExts are source files, where an unquoted value is an expression:
// modules, scripts, type stubs (.pyi) and build tasks (.rake) alike. Shell
// is not one: an unquoted word is a string there. A template (.erb) is
// what it makes: code for app.rb.erb, settings for database.yml.erb and
// .env.erb, where an unquoted value is a string (see inCode).
var codeExts = []string{".go", ".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".mts", ".cts", ".map", ".vue", ".svelte",
	".py", ".pyi", ".java", ".kt", ".c", ".h", ".cc", ".cpp", ".rs", ".rb", ".rake", ".gemspec", ".php", ".cs",
	".swift", ".scala", ".m", ".pl", ".pm"}

// looksLikeCode tells an unquoted value that is an expression: a literal,
// a call or an index, or, in a source file, a plain identifier.
func looksLikeCode(v, path string) bool {
	if callOrIndex(v) || inCode(path) && (strings.ContainsAny(v, "{([") || v[0] == '&' || v[0] == '*') {
		return true
	}
	return inCode(path) && identifier().MatchString(v)
}

var identifier = validate.LazyRegexp(`^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$`)

// looksRandom wants letters and digits (or symbols) and no whole-word
// stand-ins like "test" or "fake".
func looksRandom(v string) bool {
	var letters, digits, other int
	for _, r := range v {
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.IsDigit(r):
			digits++
		default:
			other++
		}
	}
	if letters == 0 || digits+other == 0 {
		return false
	}
	for _, w := range words(v) {
		if fakeWords()[w] {
			return false
		}
	}
	return !hasFakeWord(v)
}

var fakeWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"test": true, "fake": true, "dummy": true, "example": true, "sample": true,
		"mock": true, "todo": true, "fixme": true, "secret": true, "password": true,
	}
})

// words splits s at non-letters and at lower-to-upper case changes,
// lowercased.
func words(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		boundary := !unicode.IsLetter(r) && !unicode.IsDigit(r)
		camel := i > 0 && unicode.IsUpper(r) && start >= 0 && unicode.IsLower(rune(s[i-1]))
		if (boundary || camel) && start >= 0 {
			out = append(out, strings.ToLower(s[start:i]))
			start = -1
		}
		if !boundary && start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, strings.ToLower(s[start:]))
	}
	return out
}

// secretName reports whether a name holds a secret rather than something
// about one (token_count, publicToken, CREDENTIALS_ID).
func secretName(name string) bool {
	if len(name) > 5 && strings.HasPrefix(name, "u00") && isHexByte(name[3]) && isHexByte(name[4]) {
		name = name[5:] // \u0026pageToken: a JSON escape before the name
	}
	w := words(name)
	if n := len(w); n >= 2 && w[n-2] == "socket" && (w[n-1] == "key" || w[n-1] == "accept") {
		return false // Sec-WebSocket-Key: a handshake nonce (RFC 6455)
	}
	for len(w) > 1 && strings.Trim(w[len(w)-1], "0123456789") == "" {
		w = w[:len(w)-1] // _name_0: the last word is "name"
	}
	if len(w) == 0 {
		return true
	}
	if nonSecretWords()[w[0]] || nonSecretWords()[w[len(w)-1]] || len(w) > 1 && settingWords[w[len(w)-1]] || requestHandle(w) ||
		settingWords[w[0]] && !slices.ContainsFunc(w, secretWordOf) {
		return false
	}
	if n := len(w); n >= 2 && (w[n-1] == "key" || w[n-1] == "keys") && indexKeyWords[w[n-2]] {
		return false // cluster_tag_key, redis_cache_key: a key that indexes data
	}
	if w[len(w)-1] == "cursor" {
		return false // next_cursor: where a list of results goes on; CURSOR_API_KEY (an AI editor's) is a key
	}
	// ConfirmationTokenPaymentMethodPreviewBank: in a camel-case name,
	// three or more words after the last secret word name something the
	// secret is about.
	if strings.ContainsAny(name, "_-. ") {
		return true
	}
	last := -1
	for i, x := range w {
		if secretWordOf(x) {
			last = i
		}
	}
	return last < 0 || len(w)-1-last < 3
}

// settingWords, as a name's last word, make it a setting about a secret
// (reset_password_within, password_encryption, key_validation,
// SECURE_AUTH_COOKIE, -PassThru), not the secret; as its first word they
// say what the secret is for (ENCRYPTION_KEY, COOKIE_SECRET,
// VALIDATION_KEY are secrets).
var settingWords = map[string]bool{
	"thru": true, "through": true, "within": true, "authentication": true, "encryption": true, "encrypted": true,
	"scheme": true, "at": true, "validation": true, "cookie": true, "enc": true, "arn": true, "result": true,
	"resource": true, "resources": true, "tag": true, "challenge": true, "magic": true, "sync": true,
}

// handleWords lead the name of a token or key that orders, names or
// protects requests: pageToken, NextContinuationToken, ChangeToken,
// idempotency_key, authenticity_token, csrf_token.
var handleWords = map[string]bool{
	"page": true, "next": true, "continuation": true, "change": true, "idempotency": true, "sync": true,
	"resume": true, "result": true, "challenge": true, "authenticity": true, "csrf": true, "xsrf": true,
}

// requestHandle tells a name made of handleWords and then token or key:
// a handle. A name with another word in it (PAGE_ACCESS_TOKEN,
// CSRF_SECRET, NEXT_AUTH_SECRET) names a secret.
func requestHandle(w []string) bool {
	n := len(w)
	if n < 2 || w[n-1] != "token" && w[n-1] != "tokens" && w[n-1] != "key" && w[n-1] != "keys" {
		return false
	}
	for _, x := range w[:n-1] {
		if !handleWords[x] {
			return false
		}
	}
	return true
}

// indexKeyWords name a key that indexes data when they come just before
// "key" (tag_key, sort_key, partition_key).
var indexKeyWords = map[string]bool{
	"tag": true, "cache": true, "sort": true, "partition": true, "primary": true, "foreign": true,
	"unique": true, "lookup": true, "map": true, "index": true, "column": true, "group": true,
	"result": true, "resource": true, "resources": true, "dedup": true, "dedupe": true, "routing": true, "shard": true,
}

// secretWordOf tells a word of a name that names a secret.
func secretWordOf(w string) bool {
	switch w {
	case "password", "passwd", "pass", "pwd", "secret", "secrets", "token", "tokens", "key", "keys", "credential", "credentials", "auth", "passphrase", "apikey":
		return true
	}
	return false
}

// checkUserinfo keeps a password (the secret; the user is the name group)
// that is not a stand-in (password, ${PASS}, ****) and differs from the
// user name; a CVS root (cvs://:pserver:anoncvs@host) names a method.
func checkUserinfo(in *checkInput) bool {
	user := strings.Trim(in.name, `"'{}`)
	pass := strings.Trim(in.secret, `"'{}`)
	if len(pass) < 3 || isPlaceholder(pass) || strings.EqualFold(user, pass) || user == "" && strings.IndexByte(pass, ':') >= 0 {
		return false
	}
	if dec, err := url.PathUnescape(pass); err == nil && len(dec) < 3 {
		return false // p%26: one or two characters, escaped
	}
	if versionString().MatchString(pass) || strings.IndexByte(user, '/') >= 0 || strings.HasPrefix(pass, "//") {
		return false // diff -u a/rebuild.py:1.19: a path and a revision; svn -u http://host/repo: a URL, not a login
	}
	if brokenStandIn(pass) {
		return false // sec%zzret, pa:ss, S3c#retPW, a:b$c: a parser's test of a stand-in cut by an escape or a sign
	}
	weak := len(pass) < 8 || isLetters(pass) && strings.ToLower(pass) == pass
	h := hostAfter(in.line, in.secret)
	if loopbackHost(h) {
		weak = weak && len(pass) <= 12 // a typed local default (qwerty, nyuknyuknyuk); 20 random letters are generated
	}
	if namesItself(pass) || passwordWord(pass) || wordAndCount(pass) || textEscape(pass) || leetWord(pass) || wellKnownLogin(user, pass) || periodic(pass) ||
		len(user) >= 3 && strings.EqualFold(strings.TrimPrefix(pass, "p"), user) || weak && exampleHost(h) {
		return false // authpassword, key_1234, leaf:pleaf, user:pw@example.com, val:psw@localhost: a stand-in in documentation
	}
	return maxRun(pass) < 4
}

// brokenStandIn tells a URL password that tests how a parser reads
// escapes and signs (sec%zzret, sec%00ret, pass%2Fword, pa:ss, S3c#retPW,
// b$c, p%40ss): read unescaped, or taking out its percent escapes, or its
// signs alone, leaves a
// stand-in (a word naming itself, leetspeak, a word and a count) or fewer
// than three letters and digits. A random password loses signs and stays
// random (6dhsm7!5294: 6dhsm75294).
func brokenStandIn(pass string) bool {
	if dec, err := url.PathUnescape(pass); err == nil && dec != pass && (leetWord(dec) || namesItself(dec)) {
		return true // p%40ss: p@ss, escaped
	}
	for _, escapes := range []bool{true, false} {
		var b strings.Builder
		for i := 0; i < len(pass); i++ {
			switch c := pass[i]; {
			case c == '%' && escapes && i+2 < len(pass):
				i += 2
			case isAlnum(c):
				b.WriteByte(c)
			}
		}
		s := b.String()
		if s == pass {
			return false // nothing to take out
		}
		if len(s) < 3 || namesItself(s) || namesItself(leetLetters(s)) || leetWord(s) || wordAndCount(s) {
			return true
		}
	}
	return false
}

// passwordWord tells a stand-in of lower-case words whose last says it
// is a password (ldap-pwd, sql_pass), as a user named ldap-user or
// sql_user has.
func passwordWord(v string) bool {
	w := words(v)
	if len(w) < 2 || strings.ToLower(v) != v || !isLetters(strings.Join(w, "")) {
		return false
	}
	switch w[len(w)-1] {
	case "pass", "pwd", "pw", "passwd", "password":
		return true
	}
	return false
}

// wordAndCount tells a stand-in made of a word in one case and a count
// (key_1234, pass1234, salt1234, ACCTEST1234567890123): four or more
// digits that climb; or of the count alone, five or more (67890; four
// digits after a colon are as often a port: host:1234@).
func wordAndCount(v string) bool {
	i := strings.IndexAny(v, "0123456789")
	if i < 0 || strings.Trim(v[i:], "0123456789") != "" || !isLetters(strings.TrimRight(v[:i], "_-")) {
		return false
	}
	n := 4
	if i == 0 {
		n = 5
	}
	return (strings.ToLower(v) == v || strings.ToUpper(v) == v) && len(v)-i >= n && ascending([]byte(v[i:])) >= n
}

// hostAfter is the host name after the secret and its "@" on the line.
func hostAfter(line []byte, secret string) string {
	i := strings.Index(string(line), secret+"@")
	if i < 0 {
		return ""
	}
	rest := string(line[i+len(secret)+1:])
	end := strings.IndexFunc(rest, func(r rune) bool { return !(r == '.' || r == '-' || isAlnum(byte(r)) && r < 0x80) })
	if end >= 0 {
		rest = rest[:end]
	}
	return strings.ToLower(rest)
}

// exampleHost tells a host name kept for documentation (RFC 2606),
// plainly made up, or the machine itself: example.com, db.example,
// somehost, localhost, 127.0.0.1.
func exampleHost(h string) bool {
	for _, d := range []string{"example.com", "example.org", "example.net"} {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	return strings.HasSuffix(h, ".example") || strings.HasSuffix(h, ".invalid") || h == "somehost" || h == "hostname" || h == "yourhost" ||
		loopbackHost(h)
}

// loopbackHost tells the machine itself (localhost, 127.0.0.1): a weak
// password for a server there is a local development default.
func loopbackHost(h string) bool {
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(h)
	return err == nil && a.IsLoopback()
}

// digitRun is the longest run of consecutive ascending digits (123456).
func digitRun(s string) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] < '0' || s[i] > '9':
			run = 0
		case i > 0 && s[i-1]+1 == s[i]:
			run++
		default:
			run = 1
		}
		best = max(best, run)
	}
	return best
}

// publicKeyName tells a name for a public key or its pin (pubkey256,
// public_key, serverPublicKey) that names nothing secret beside it.
func publicKeyName(name string) bool {
	pub := false
	for _, w := range words(name) {
		switch {
		case w == "public" || w == "pub" || strings.HasPrefix(w, "pubkey"):
			pub = true
		case w == "secret" || w == "private" || w == "password" || w == "token" || w == "priv":
			return false
		}
	}
	return pub
}
