package secrets

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
)

// Shapes of values that sit where a secret could, under a secret's name,
// and are something else: code, prose, digests, encrypted blobs, public
// identifiers.

// notASecretShape tells a value the generic rule drops whatever its name:
// see the helpers below.
func notASecretShape(in *checkInput) bool {
	v := in.secret
	switch {
	case nonASCII(v), v[0] == '!' && !quoted(in) && bangIsSyntax(in), constantName(v), namesItself(v), labelledDigest(v), publishableKey(v):
		return true
	case passwordDigest(in.name, v):
		return true // hashed_password: the digest a login is checked against, not the password
	case (wordList(v) || wordIdentifier(v) || wordyValue(v)) && !passwordName(in.name):
		return true // grpc-previous-rpc-attempts, knownLayoutAlgorithms: a name, not a secret
	case in.op == opSpace && wordIdentifier(v):
		return true // prose or a declaration: "Pass requireTLSExtension", "activateKey addEventHandler"
	case !quoted(in) && inCode(in.path) && unquotedCode(in, v) && !inString(in):
		return true
	case textEscape(v), charClass(v), standInOfName(v, in.name):
		return true
	case in.op == opComma && len(v) < 8:
		return true // f("mysql_native_password", "latin1"): an argument, not a default secret
	case hexOnly(v) && keyFingerprintLine(in.line) && !keptSecretName(in.name):
		return true
	case badgeToken(in.line, v):
		return true
	case encryptedBlob(in, v):
		return true
	}
	return false
}

// bangIsSyntax tells where an unquoted value's leading '!' is syntax: a
// negation in code, a YAML tag (!vault, !Ref), a flag's or a bare word's
// value. In .env, INI and properties files it is a password's first
// character.
func bangIsSyntax(in *checkInput) bool {
	return inCode(in.path) || in.op == opSpace || in.op == opFlag || !configFile(strings.ToLower(in.path)) // YAML is not a configFile
}

// configFile tells a settings file whose values are text: .env, INI,
// properties, .conf and .cfg.
func configFile(low string) bool {
	base := low[strings.LastIndexByte(low, '/')+1:]
	for _, ext := range []string{".properties", ".ini", ".cfg", ".conf", ".env", ".npmrc", ".pypirc"} {
		if strings.HasSuffix(base, ext) {
			return true
		}
	}
	return strings.HasPrefix(base, ".env.")
}

// publishableKey tells a key made to be published: a Stripe publishable
// key (pk_live_..., in both cases of letters) goes into every page that
// takes a payment, a PostHog project key (phc_) into every page it
// measures. Others' secrets share the prefix in one case (Courier's
// pk_test_M9KF...).
func publishableKey(v string) bool {
	if strings.HasPrefix(v, "phc_") {
		return true
	}
	rest, ok := strings.CutPrefix(v, "pk_live_")
	if !ok {
		rest, ok = strings.CutPrefix(v, "pk_test_")
	}
	return ok && charClasses(rest)&(classLower|classUpper) == classLower|classUpper
}

// unquotedCode tells an unquoted value in code that is not a literal: a
// declaration (private attachToELBv2), an expression (value}get,
// e?e.ctrlKey:!1, Convert::ASN1->new, \&_match, 1*SAFE,
// exports.Result=void, encodedControlValue=='0'), or a name made of words
// or with no digit (AWSSDKCredentialProvider, FlaskOAuth1App,
// _bad_pkcs12_key_as_pem, AnyOf2ConfigComponentsInnerAnyOf11Config).
func unquotedCode(in *checkInput, v string) bool {
	if in.op == opSpace || strings.ContainsAny(v, "{}()[]?:!&|<>;,*") {
		return true
	}
	if lhs, _, ok := strings.Cut(v, "="); ok && identifier().MatchString(lhs) && (strings.IndexByte(lhs, '.') > 0 || wordIdentifier(lhs)) {
		return true // a chained assignment or a comparison: exports.Pass=exports.Result=void 0, x = value=='0'
	}
	return identifier().MatchString(v) && (wordIdentifier(v) || wordList(v) || camelWords(v) || charClasses(v)&classDigit == 0)
}

// inStringLook is how far back inString reads: a command a script runs
// is short, and a long minified line is read no further (its unquoted
// values stay code).
const inStringLook = 256

// inString tells an unquoted value in code that sits inside a string
// literal of its line: the text of a command a script runs
// (sh "heroku config:set API_TOKEN=v", "--password=v" in an argument
// list), not an expression. Only a line that starts within inStringLook
// bytes before the value is read.
func inString(in *checkInput) bool {
	if in.at == 0 || in.at-1 > inStringLook || in.at-1 > len(in.line) {
		return false
	}
	var open byte
	line := in.line[:in.at-1]
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case open != 0 && c == '\\':
			i++
		case open == 0 && (c == '"' || c == '\''):
			open = c // a backtick in a comment is Markdown's code span
		case c == open:
			open = 0
		}
	}
	return open != 0
}

// textEscape tells text written with escapes of characters outside
// printable ASCII (\u00fd, \u80cc, \x00): prose or a translation, not a
// token. An escaped printable character (\u0026 for &, as Go's JSON
// encoder writes it) is a character of the value like any other.
func textEscape(v string) bool {
	for i := strings.IndexByte(v, '\\'); i >= 0 && i+1 < len(v); {
		n := 0
		switch v[i+1] {
		case 'u':
			n = 4
		case 'x':
			n = 2
		}
		if n > 0 && i+2+n <= len(v) {
			if c, err := strconv.ParseUint(v[i+2:i+2+n], 16, 32); err == nil && (c < 0x20 || c >= 0x7f) {
				return true
			}
		}
		j := strings.IndexByte(v[i+2:], '\\')
		if j < 0 {
			break
		}
		i += 2 + j
	}
	return false
}

// charClass tells a regular expression's character class (a-zA-Z0-9).
func charClass(v string) bool {
	return strings.Contains(v, "a-z") || strings.Contains(v, "A-Z") || strings.Contains(v, "0-9")
}

// standInOfName tells a value that is its own name, or "my" and its name
// ("recaptchaToken": "my_recaptchaToken"), with a count or not
// (passphrase: 'passphrase1'): a generated example. A qualified name's
// last part counts as its name: exports.isCOSEPublicKey = isCOSEPublicKey
// exports a function under its own name.
func standInOfName(v, name string) bool {
	name = strings.ToLower(strings.Trim(name, `"'`))
	name = name[strings.LastIndexByte(name, '.')+1:]
	if len(name) < 4 {
		return false
	}
	low := strings.ToLower(v)
	counted := strings.TrimRight(low, "0123456789") // passphrase: 'passphrase1'
	for _, prefix := range []string{"", "my_", "my-", "my", "your_", "your-", "your"} {
		if low == prefix+name || counted == prefix+name {
			return true
		}
	}
	return false
}

// labelledDigest tells a digest that says what it is (hmac-sha256:<hex>,
// sha256:<hex>), as audit logs and image references write them: the
// output of a hash, not the key.
func labelledDigest(v string) bool {
	alg, sum, ok := strings.Cut(strings.ToLower(v), ":")
	if !ok || len(sum) < 32 || !hexOnly(sum) {
		return false
	}
	alg = strings.TrimPrefix(alg, "hmac-")
	switch alg {
	case "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3-256", "blake2b", "blake3":
		return true
	}
	return false
}

// nonASCII tells text with letters outside ASCII: a translation (忘记密码)
// under a password's message key, not a credential.
func nonASCII(v string) bool {
	for i := 0; i < len(v); i++ {
		if v[i] >= 0x80 {
			return true
		}
	}
	return false
}

// namesItself tells a stand-in that spells out what it stands for:
// mypersonalaccesstoken123, authpassword, supersecretkey, or in capitals
// or capitalised when letters alone lead up to the word
// (VERYLONGSECRET..., MyToken...), or in alternating case (ThIsIsAsEcReT);
// or a short name of words with one for
// a secret in it (withPwd, myPass). Random mixed case does not spell a
// word in one case.
func namesItself(v string) bool {
	low := strings.ToLower(v)
	for _, w := range []string{"password", "passwd", "token", "secret", "apikey", "api_key", "accesskey"} {
		i := strings.Index(low, w)
		if i < 0 {
			continue
		}
		if charClasses(v)&classUpper == 0 {
			return true
		}
		if s := v[i : i+len(w)]; isLetters(v[:i+len(w)]) && (s == w || s == strings.ToUpper(w) || s[1:] == w[1:]) || alternatingCase(s) {
			return true // ThIsIsAsEcReT: the word in alternating case, a stand-in's joke
		}
	}
	if len(v) > 16 || !isLetters(v) {
		return false
	}
	ws := words(v)
	return len(ws) >= 2 && slices.ContainsFunc(ws, secretWordOf)
}

// alternatingCase tells letters whose case changes at every one (sEcReT).
func alternatingCase(s string) bool {
	for i := 1; i < len(s); i++ {
		if !isLetters(s[i-1:i+1]) || isUpper(s[i]) == isUpper(s[i-1]) {
			return false
		}
	}
	return len(s) > 1
}

// keptSecretName tells a name that says its value is kept secret (a
// passphrase, a secret, a token) rather than naming a key: on a line that
// also gives a key's fingerprint or ID, such a value is still a secret
// (GPG_PASSPHRASE=<hex>, {"keyid": ..., "secret": <hex>}).
func keptSecretName(name string) bool {
	low := strings.ToLower(name)
	return passwordName(name) || strings.Contains(low, "secret") || strings.Contains(low, "token")
}

// keyFingerprintLine tells a line that gives a public key's fingerprint
// or ID (Release GPG key: 9554F04D..., pub rsa4096/...): hex there names
// a key, it is not one.
func keyFingerprintLine(line []byte) bool {
	low := bytes.ToLower(line)
	for _, w := range []string{"gpg", "pgp", "fingerprint", "keyid", "key id", "signing key", "signing-key"} {
		if bytes.Contains(low, []byte(w)) {
			return true
		}
	}
	return false
}

// badgeToken tells a token in the query of a badge image's URL (a
// coverage or rating badge in a README): the service shows it to every
// reader of the page by design.
func badgeToken(line []byte, v string) bool {
	i := bytes.Index(line, []byte(v))
	if i < 0 {
		return false
	}
	start := bytes.LastIndex(line[:i], []byte("://"))
	if start < 0 {
		return false
	}
	url := bytes.ToLower(line[start:i])
	if bytes.ContainsAny(url, " \t\"'`<>()") {
		return false // the URL ends before the value: a badge elsewhere on the line (minified code)
	}
	return bytes.Contains(url, []byte("badge")) || bytes.Contains(url, []byte(".svg?")) || bytes.Contains(url, []byte("/graph/"))
}

// encryptedBlob tells a value kept encrypted in the file: an Ansible Vault
// payload, a SealedSecret's encrypted data.
func encryptedBlob(in *checkInput, v string) bool {
	if strings.HasPrefix(v, "$ANSIBLE_VAULT") || bytes.Contains(in.line, []byte("!vault")) {
		return true
	}
	return strings.HasPrefix(v, "Ag") && len(v) >= 200 && in.wholeHas(sealedKind(in), func(b []byte) bool { return bytes.Contains(b, []byte("kind: SealedSecret")) })
}

// sealedKind is where in's text remembers whether it is a SealedSecret.
func sealedKind(in *checkInput) *int8 {
	if in.facts == nil {
		return new(int8)
	}
	return &in.facts.sealKind
}

// inCode tells a source file (or a source map, which holds source files),
// where a literal is always quoted, or an ERB template of one (app.rb.erb).
func inCode(path string) bool {
	path = strings.TrimSuffix(path, ".erb")
	for _, ext := range codeExts {
		if strings.HasSuffix(path, ext) {
			return true
		}
	}
	return false
}
