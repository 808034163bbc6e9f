package secrets

import (
	"encoding/base32"
	"encoding/base64"
	"slices"
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// The decode step: a Kubernetes Secret's data values and a docker
// config's auth values are base64 of the secret, so a stand-in hides in
// them (your-password-here, USERNAME:TOKEN). decodeBase64Text undoes the
// encoding and the stand-in checks judge the text.

// decodeBase64Text decodes a standard or URL-safe base64 value, padded
// or not, to printable ASCII text; ok is false for anything else (binary
// data, a value that is not base64).
func decodeBase64Text(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if len(v) < 4 || len(v) > 1<<16 {
		return "", false
	}
	var dec []byte
	var err error
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if dec, err = enc.DecodeString(v); err == nil {
			break
		}
	}
	if err != nil {
		return "", false
	}
	return printableText(dec)
}

// printableText is decoded bytes as text, when they are printable ASCII.
func printableText(dec []byte) (string, bool) {
	if len(dec) == 0 {
		return "", false
	}
	for _, c := range dec {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c >= 0x7f {
			return "", false
		}
	}
	return strings.TrimRight(string(dec), "\r\n"), true
}

// decodeBase32Text decodes a base32 value (RFC 4648, padded or not: the
// encoding of one-time password secrets) to printable ASCII text. A
// random secret's bytes are almost never all printable.
func decodeBase32Text(v string) (string, bool) {
	t := strings.TrimRight(v, "=")
	if len(t) < 16 || len(t) > 1<<12 || strings.Trim(t, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") != "" {
		return "", false
	}
	dec, err := rawBase32().DecodeString(t)
	if err != nil {
		return "", false
	}
	return printableText(dec)
}

// stringMember finds a member of a JSON document with a string value of
// eight or more characters: its name is the first group.
var stringMember = validate.LazyRegexp(`"([^"\\]{1,64})"[ \t]*:[ \t]*"[^"]{8,}"`)

// credentialField tells a JSON document with a member that holds a
// credential as a string: a name with a secret's word in it ("auth",
// "password", "SecretAccessKey", "privateKey", "pass") that is not about
// one ("nextPageToken", "token_type").
func credentialField(text string) bool {
	for _, m := range stringMember().FindAllStringSubmatch(text, -1) {
		name := m[1]
		if slices.ContainsFunc(words(name), secretWordOf) && secretName(name) || strings.EqualFold(name, "auths") {
			return true
		}
	}
	return false
}

// encodedDocument tells base64 of a JSON document with no credential in
// it: a recorded response body, a claims challenge. A docker config's
// base64 (its auths hold credentials) is not one.
func encodedDocument(v string) bool {
	if !strings.HasPrefix(v, "eyJ") && !strings.HasPrefix(v, "W3") && !strings.HasPrefix(v, "ewo") && !strings.HasPrefix(v, "ewog") {
		return false
	}
	text, ok := decodeBase64Text(v)
	if !ok {
		return false
	}
	text = strings.TrimSpace(text)
	if text == "" || text[0] != '{' && text[0] != '[' {
		return false
	}
	return !credentialField(text)
}

// decodedStandIn tells a base64 or base32 value whose text is a
// stand-in: a placeholder (your-password-here, REPLACE_WITH_TOKEN), a
// user and password pair whose password is one (USERNAME:TOKEN,
// <user>:<password>), counting digits or the alphabet (a one-time
// password secret that is base32 of 1234567890...).
func decodedStandIn(v string) bool {
	if text, ok := decodeBase64Text(v); ok && standInText(text) {
		return true
	}
	text, ok := decodeBase32Text(v)
	return ok && standInText(text)
}

// standInText judges decoded text: a template's slot (<password>,
// ${TOKEN}, your-password-here), a constant's name (USERNAME,
// REPLACE_WITH_TOKEN), or a user and password pair whose password is
// one. A weak password (admin:password) deployed in a Secret is still a
// credential; structured text (a docker config's JSON) is judged by the
// rules that read it.
func standInText(text string) bool {
	if text == "" || strings.ContainsAny(text, "\"\n") || len(text) > 256 {
		return false
	}
	if slot(text) {
		return true
	}
	if text[0] == '{' || text[0] == '[' {
		return false
	}
	if _, pass, ok := strings.Cut(text, ":"); ok && !strings.Contains(pass, ":") {
		return standInText(pass)
	}
	if constantName(text) || famousStandIns[strings.ToLower(text)] || strings.ToUpper(text) == text && isLetters(text) && isWordChunk(text) ||
		digitRun(text) >= 6 || wordAndCount(text) || len(text) >= 8 && (periodic(text) || sequenceFake(text)) {
		return true
	}
	low := strings.ToLower(text)
	for _, m := range placeholderMarks {
		if strings.Contains(low, m) {
			return true
		}
	}
	return slices.Contains(strings.FieldsFunc(low, func(r rune) bool { return r == '-' || r == '_' || r == ' ' }), "here")
}

// slotRe is a template's slot as a whole value: a variable ($NAME,
// ${NAME}, $(command)), a Windows variable (%NAME%), or a name in angle
// or square brackets (<password>, [token]).
var slotRe = validate.LazyRegexp(`^(?:\$[A-Za-z_][A-Za-z0-9_]*|\$\{[^{}]+\}|\$\([^()]+\)|<[^<>]+>|\[[A-Za-z_ -]+\])$`)

// slot tells a template's slot: a whole value slotRe matches, or a
// format reference (%s, %DB_PASSWORD%). A password that only starts with
// '$', '<' or '%' is a password: a Secret's data is not expanded.
func slot(text string) bool {
	if text[0] == '$' && isIdentifier(text[1:]) {
		return !randomRun(text) // $DB_PASSWORD, not $ and a generated password
	}
	return slotRe().MatchString(text) || text[0] == '%' && formatReference(text)
}

// rawBase32 is base32 without padding, as NATS keys and one-time password
// secrets are written; made once (WithPadding copies the encoding).
var rawBase32 = sync.OnceValue(func() *base32.Encoding { return base32.StdEncoding.WithPadding(base32.NoPadding) })
