package secrets

import (
	"bytes"
	"encoding/base64"
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// checkInput is what a named check sees of one match.
type checkInput struct {
	secret string
	name   string // the regex's "name" group, if any
	op     byte   // an extract's kind of assignment (see extract.go)
	line   []byte
	at     int    // 1 + the secret's offset in line; 0 when not known
	after  []byte // the text after the match, to the end of the rule's window
	path   string
	whole  []byte    // all of the scanned text
	facts  *lineMemo // what is known of whole, asked once per text
}

// wholeHas is test(in.whole), remembered in *fact for the rest of the text
// (fact is nil-safe: without facts the test runs each time).
func (in *checkInput) wholeHas(fact *int8, test func([]byte) bool) bool {
	if in.facts == nil {
		return test(in.whole)
	}
	if *fact == 0 {
		*fact = 2
		if test(in.whole) {
			*fact = 1
		}
	}
	return *fact == 1
}

// k8sKind is where in's text remembers whether it is a Secret manifest.
func k8sKind(in *checkInput) *int8 {
	if in.facts == nil {
		return new(int8)
	}
	return &in.facts.k8sKind
}

// checkFunc reports whether a match is kept.
type checkFunc func(in *checkInput) bool

// checkFuncs are the validators a rule may name in its checks list.
var checkFuncs = sync.OnceValue(func() map[string]checkFunc {
	return map[string]checkFunc{
		"jwt":             checkJWT,
		"pem-body":        checkPEMBody,
		"not-placeholder": func(in *checkInput) bool { return !isPlaceholder(in.secret) },
		"generic":         checkGeneric,
		"assigned":        checkAssigned,
		"userinfo":        checkUserinfo,
		"basic-auth":      checkBasicAuth,
		"not-lockfile":    func(in *checkInput) bool { return !isLockfile(in.path) },
		"k8s-secret":      checkK8sSecret,
		"mixed-token":     checkMixedToken,
		"nkey-seed":       func(in *checkInput) bool { return natsSeed(in.secret) },
		"jwk":             checkJWK,
		"bearer":          checkBearer,
	}
})

// checkJWT keeps tokens whose header decodes to JSON naming an algorithm
// or a type, except an unsigned token (alg none: anyone can make one, it
// grants nothing) and a signed OpenID Connect request object (the
// authorization request's parameters, passed as request=: it asks for a
// token, it is not one).
func checkJWT(in *checkInput) bool {
	head, rest, ok := strings.Cut(in.secret, ".")
	if !ok {
		return false
	}
	dec, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(head, "="))
	if err != nil && len(dec) == 0 {
		return false
	}
	if !bytes.Contains(dec, []byte(`"alg"`)) && !bytes.Contains(dec, []byte(`"typ"`)) {
		return false
	}
	payload, sig, _ := strings.Cut(rest, ".")
	if unsignedJWT(dec) || sig == "" {
		return false // no signature: anyone can make one, it grants nothing
	}
	claims, _ := base64.RawURLEncoding.DecodeString(strings.TrimRight(payload, "="))
	return !requestObject(claims) && !natsClaims(claims)
}

// natsClaims tells the claims of a NATS JWT (a user's, an account's, an
// operator's): public claims signed by an nkey, of no use without the
// seed, which is the secret.
func natsClaims(claims []byte) bool { return bytes.Contains(claims, []byte(`"nats":{`)) }

var algNone = validate.LazyRegexp(`"alg"[ \t]*:[ \t]*"(?i:none)"`)

// unsignedJWT tells a JWT header of an unsigned token (RFC 7519 §6).
func unsignedJWT(header []byte) bool { return algNone().Match(header) }

// requestObject tells the claims of an OpenID Connect request object
// (OpenID Connect Core §6.1, RFC 9101): the parameters of an
// authorization request.
func requestObject(claims []byte) bool {
	return bytes.Contains(claims, []byte(`"response_type"`)) &&
		(bytes.Contains(claims, []byte(`"redirect_uri"`)) || bytes.Contains(claims, []byte(`"client_id"`)))
}

// checkPEMBody drops a private key block whose body, when its END line is
// in view, is too short to hold a key, and a BEGIN line that no body
// follows: a header in a string that code compares with, or a commented
// header in a template. A BEGIN line with nothing after it in view (an
// added line of a diff) is kept.
func checkPEMBody(in *checkInput) bool {
	body, _, found := bytes.Cut(in.after, []byte("-----END"))
	if !found {
		return bodyFollows(in.after)
	}
	n, run := 0, 0 // base64 in runs of 16 or more: a key's lines, not code's words
	for _, c := range body {
		if isBase64Byte(c) {
			run++
			continue
		}
		if run >= 16 {
			n += run
		}
		run = 0
	}
	if run >= 16 {
		n += run
	}
	return n >= 32 && !notAKeyBody(body)
}

// notAKeyBody tells a key block's body that holds no usable key: elided
// (MIIE... ..., or one line of prose whose DER length is far past the
// bytes it gives) or base64 of
// plain text ("these are just some fake key bytes"). A key is DER or an
// encrypted or OpenSSH binary: never text.
func notAKeyBody(body []byte) bool {
	var b64 []byte
	for _, f := range bytes.FieldsFunc(body, func(r rune) bool { return !isBase64Byte(byte(r)) || r > 0x7f }) {
		if len(f) >= 16 || bytes.HasSuffix(f, []byte("=")) {
			b64 = append(b64, f...)
		}
	}
	text := strings.TrimRight(string(b64), "=")
	text = text[:len(text)/4*4]
	dec, err := base64.RawStdEncoding.DecodeString(text)
	if err != nil {
		dec = nil
	}
	if bytes.Contains(body, []byte("...")) || bytes.Contains(body, []byte("…")) || elisionLine(body) {
		return !wholeDER(dec) // elided, unless all of a key is there beside the dots
	}
	if len(b64) < 16 || bytes.Contains(body, []byte(":")) {
		return false // headers (Proc-Type:, Comment:) or too little to judge
	}
	if len(dec) < 4 {
		return false
	}
	if _, ok := printableText(dec); ok {
		return true // base64 of text, decoded once above
	}
	if dec[0] == 0x30 && dec[1] == 0x82 && bytes.IndexByte(body, '\n') < 0 {
		want := 4 + (int(dec[2])<<8 | int(dec[3]))
		return len(dec)*2 < want // a block on one line of prose: MIIEpQ..., 48 bytes of a 1,193-byte key
	}
	return false
}

// elisionLine tells a body with a line that is only a colon or a
// vertical ellipsis (":", "⋮"): lines left out, as a README cuts a key.
func elisionLine(body []byte) bool {
	for _, l := range bytes.Split(body, []byte("\n")) {
		if t := bytes.TrimSpace(l); bytes.Equal(t, []byte(":")) || bytes.Equal(t, []byte("⋮")) {
			return true
		}
	}
	return false
}

// wholeDER tells bytes that hold all of a DER SEQUENCE: its tag, its
// length, and as many bytes as the length says.
func wholeDER(dec []byte) bool {
	if len(dec) < 2 || dec[0] != 0x30 {
		return false
	}
	n, head := int(dec[1]), 2
	switch {
	case n == 0x81 && len(dec) >= 3:
		n, head = int(dec[2]), 3
	case n == 0x82 && len(dec) >= 4:
		n, head = int(dec[2])<<8|int(dec[3]), 4
	case n >= 0x80:
		return false
	}
	return len(dec) >= head+n
}

// bodyFollows tells whether the text after a BEGIN line starts a key's
// body: on the next line (or after an escaped newline in a string) a
// header field or a run of base64, past any comment marks or indentation.
func bodyFollows(after []byte) bool {
	rest := after
	if esc := skipBackslashes(rest, 0); esc > 0 && esc < len(rest) && rest[esc] == 'n' {
		rest = rest[esc+1:] // "-----BEGIN ...-----\nMIIE..." in one string
	} else {
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			return len(bytes.TrimSpace(rest)) == 0
		}
		if len(bytes.TrimSpace(rest[:nl])) > 0 {
			return false // text after the header on its line: the header is quoted or named
		}
		rest = rest[nl+1:]
	}
	if len(bytes.TrimSpace(rest)) == 0 {
		return true
	}
	line := rest[:lineLen(rest)]
	line = bytes.TrimLeft(line, " \t#/*;+'\"`|>-")
	for _, f := range []string{"Proc-Type:", "DEK-Info:", "Comment:", "Version:", "Hash:"} {
		if bytes.HasPrefix(line, []byte(f)) {
			return true
		}
	}
	run := 0
	for _, c := range line {
		if !isBase64Byte(c) {
			break
		}
		run++
	}
	return run >= 16
}

func isBase64Byte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '/' || c == '='
}

// checkBasicAuth keeps a Basic credential that decodes to user:password
// and any other scheme's value that is not a placeholder.
func checkBasicAuth(in *checkInput) bool {
	if isPlaceholder(in.secret) {
		return false
	}
	if !strings.EqualFold(in.name, "basic") {
		return !wordList(in.secret) && !namesItself(in.secret) // Bearer my-super-secret-key: words that name a key
	}
	dec, err := base64.StdEncoding.DecodeString(in.secret)
	if err != nil {
		dec, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(in.secret, "="))
	}
	return err == nil && bytes.IndexByte(dec, ':') > 0 && !decodedStandIn(in.secret)
}

// checkBearer keeps a bearer token that is not a placeholder; a JWT is
// judged as the jwt check judges it (an unsigned one grants nothing).
func checkBearer(in *checkInput) bool {
	if isPlaceholder(in.secret) {
		return false
	}
	if wordList(in.secret) {
		return false // Bearer stored-locally-again: words, not a token
	}
	head, _, _ := strings.Cut(in.secret, ".")
	if dec, err := base64.RawURLEncoding.DecodeString(head); err == nil && bytes.Contains(dec, []byte(`"alg"`)) {
		return checkJWT(in) // a JWT whose header says how it is signed
	}
	return true
}

// checkJWK keeps a private member of a JSON Web Key: the text holds a
// key's type member ("kty").
func checkJWK(in *checkInput) bool {
	return jwkPrivateMember(in.name) && in.wholeHas(jwkKind(in), hasKeyType)
}

var k8sSecretKind = validate.LazyRegexp(`(?mi)^kind:[ \t]*["']?secret["']?[ \t]*\r?$`)

// checkK8sSecret keeps data values of a Kubernetes Secret manifest only.
func checkK8sSecret(in *checkInput) bool {
	return in.wholeHas(k8sKind(in), func(b []byte) bool { return k8sSecretKind().Match(b) }) && !isPlaceholder(in.secret) && !decodedStandIn(in.secret)
}
