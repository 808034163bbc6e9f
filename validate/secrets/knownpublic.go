package secrets

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
	"sync"
)

// wellKnownValues are values published in a vendor's documentation or
// built into its emulator: public by design, the same in every copy, so
// no rule reports them. Each entry names where it is published.
var wellKnownValues = sync.OnceValue(func() map[string]string {
	return map[string]string{
		// AWS IAM user guide, "Managing access keys": the example key pair.
		"AKIAIOSFODNN7EXAMPLE":                     "https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html",
		"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY": "https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html",
		// Azurite, the Azure Storage emulator: the devstoreaccount1 account key.
		"Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==": "https://learn.microsoft.com/azure/storage/common/storage-use-azurite#http-connection-strings",
		// Azure Cosmos DB emulator: its fixed primary key.
		"C2y6yDjf5/R+ob0N8A7Cgv30VRDJIWEHLM+4QDU5DE2nQ9nDuVTqobD4b8mGGyPMbIZnqyMsEcaGQy67XIw/Jw==": "https://learn.microsoft.com/azure/cosmos-db/emulator#authentication",
		// MongoDB manual, connection string examples: the password of myDBReader.
		"D1fficultP%40ssw0rd": "https://www.mongodb.com/docs/manual/reference/connection-string/",
		"D1fficultP@ssw0rd":   "https://www.mongodb.com/docs/manual/reference/connection-string/",
		// RFC 6749 (OAuth 2.0) and RFC 6750 (bearer tokens): the examples of
		// an access token, a refresh token and a MAC key identifier.
		"2YotnFZFEjr1zCsicMWpAA": "https://www.rfc-editor.org/rfc/rfc6749#section-4.1.4",
		"tGzv3JOkF0XG5Qx2TlKWIA": "https://www.rfc-editor.org/rfc/rfc6749#section-4.1.4",
		"h480djs93hd8":           "https://www.rfc-editor.org/rfc/rfc6749#section-7.1",
		"mF_9.B5f-4.1JqM":        "https://www.rfc-editor.org/rfc/rfc6750#section-2.1",
		// MinIO's public playground server, play.min.io, in every SDK's README.
		"Q3AM3UQ867SPQQA43P2F":                     "https://github.com/minio/minio-go#example---file-uploader",
		"zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG": "https://github.com/minio/minio-go#example---file-uploader",
		// Google Authenticator's Key URI format: the example TOTP and HOTP
		// secret (base32 of "Hello!" and 0xDEADBEEF), copied into the
		// documentation of every one-time password library.
		"JBSWY3DPEHPK3PXP": "https://github.com/google/google-authenticator/wiki/Key-Uri-Format",
		// sentry-python's README: the example DSN's public key (a DSN is a
		// client key that every page using it ships).
		"12927b5f211046b575ee51fd8b1ac34f": "https://github.com/getsentry/sentry-python#readme",
		// Roundcube's shipped default configuration: the default des_key,
		// which its installer tells every site to change.
		"rcmail-!24ByteDESkey*Str": "https://github.com/roundcube/roundcubemail/blob/master/config/defaults.inc.php",
	}
})

// wellKnownLogins are user and password pairs of sample accounts that
// documentation everywhere uses: Oracle's sample schema SCOTT, password
// tiger (https://docs.oracle.com/en/database/oracle/oracle-database/19/comsc/installing-sample-schemas.html),
// as in SQLAlchemy's and JDBC drivers' examples; and john:doe, the name
// of an unknown person (https://en.wikipedia.org/wiki/John_Doe) split
// into a login.
var wellKnownLogins = map[string]string{"scott": "tiger", "john": "doe"}

// wellKnownLogin tells a documented sample account's password.
func wellKnownLogin(user, pass string) bool {
	p, ok := wellKnownLogins[strings.ToLower(user)]
	return ok && strings.EqualFold(p, pass)
}

// jwtIOExample tells the claims of the example token jwt.io's debugger
// shows (https://jwt.io/: subject 1234567890, John Doe, with or without
// "admin" and its "iat", 1516239022), copied into countless tutorials and
// tests and re-signed with every algorithm: whatever key signs them, they
// grant nothing. Tests add the registered claims a validator checks
// (issuer, audience, expiry, not-before, token id); a claim that grants
// something more (a role, a scope) makes it a token of its own, and so
// does another "iat": a token issued at another time was issued by
// someone's server, whose key may be real.
func jwtIOExample(claims []byte) bool {
	var c map[string]any
	if !bytes.Contains(claims, []byte(`"John Doe"`)) || json.Unmarshal(claims, &c) != nil || c["sub"] != "1234567890" || c["name"] != "John Doe" {
		return false
	}
	for k := range c {
		switch k {
		case "sub", "name", "admin", "iss", "aud", "exp", "nbf", "jti":
		case "iat":
			if c[k] != float64(1516239022) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// wellKnown tells a documented public value: one of wellKnownValues, or a
// token whose payload is jwt.io's example.
func wellKnown(v string) bool {
	if _, ok := wellKnownValues()[v]; ok {
		return true
	}
	if !strings.HasPrefix(v, "eyJ") {
		return false
	}
	_, rest, ok := strings.Cut(v, ".")
	if !ok {
		return false
	}
	payload, _, _ := strings.Cut(rest, ".")
	dec, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(payload, "="))
	return err == nil && jwtIOExample(dec)
}
