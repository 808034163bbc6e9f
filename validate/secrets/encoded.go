package secrets

import (
	"bytes"
	"encoding/base64"
	"strings"
)

// encodedData tells a base64 value whose content shows it is data rather
// than a credential: a file format's magic number (an image, a font,
// WebAssembly, an archive), JSON with no secret's field in it (a paging
// marker, token claims), or a long run of text (an embedded script). A
// key, or a credential file, that was base64-encoded is none of these.
func encodedData(v string) bool {
	dec := decodeBase64(v)
	if len(dec) < 16 {
		return false
	}
	for _, magic := range [...]string{
		"\x89PNG", "GIF8", "\xff\xd8\xff", "\x00asm", "wOFF", "wOF2", "OTTO", "\x00\x01\x00\x00",
		"%PDF", "PK\x03\x04", "\x1f\x8b", "RIFF", "<svg", "<?xml",
	} { // images, fonts, WebAssembly, documents, archives, audio
		if bytes.HasPrefix(dec, []byte(magic)) {
			return true
		}
	}
	if !printable(dec) || mentionsCredential(dec) {
		return false
	}
	if dec[0] == '{' || dec[0] == '[' {
		return !credentialField(string(dec)) // a member named for a credential (pass, clientSecret) holds one
	}
	return len(dec) >= 256
}

func decodeBase64(v string) []byte {
	t := strings.TrimRight(v, "=")
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		if dec, err := enc.DecodeString(t); err == nil {
			return dec
		}
	}
	return nil
}

// printable tells bytes that are nearly all ASCII text.
func printable(b []byte) bool {
	bad := 0
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c == 0x7f {
			bad++
		}
	}
	return bad*50 <= len(b)
}

// mentionsCredential tells decoded text that names a credential: a key
// block, a service account file, a password or token field.
func mentionsCredential(b []byte) bool {
	low := bytes.ToLower(b)
	for _, w := range []string{"private", "secret", "passw", "token", "credential", "api_key", "apikey", "auth"} {
		if bytes.Contains(low, []byte(w)) {
			return true
		}
	}
	return false
}
