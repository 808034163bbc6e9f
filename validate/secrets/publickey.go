package secrets

import (
	"bytes"
	"strings"

	"github.com/remnant-guard/remnant-guard/internal/crc16"
)

// Public key material: values that are half of a key pair meant to be
// shared. A public key is not a secret; the private half is.

// jwkPublicMember tells a JSON Web Key member that is public (RFC 7517,
// 7518): an RSA key's modulus and exponent (n, e), an EC or OKP key's
// curve and coordinates (crv, x, y), and the key's metadata. The private
// members (d, p, q, dp, dq, qi, k) are secrets.
func jwkPublicMember(name string) bool {
	switch strings.Trim(name, `"'\`) {
	case "n", "e", "x", "y", "crv", "kty", "kid", "use", "alg", "x5c", "x5t", "x5t#S256", "x5u", "key_ops":
		return true
	}
	return false
}

// jwkPrivateMember tells a JSON Web Key member holding private key
// material.
func jwkPrivateMember(name string) bool {
	switch strings.Trim(name, `"'\`) {
	case "d", "p", "q", "dp", "dq", "qi", "k":
		return true
	}
	return false
}

// NATS nkey prefixes (github.com/nats-io/nkeys): the first character of
// an encoded key says its kind. Seeds start with S and are secret; the
// others are public keys.
const nkeyPublicPrefixes = "UNAOCXP"

// natsPublicKey tells an encoded NATS public key: 56 base32 characters
// after a public prefix, with a valid CRC-16.
func natsPublicKey(v string) bool {
	return len(v) == 56 && strings.IndexByte(nkeyPublicPrefixes, v[0]) >= 0 && nkeyValid(v)
}

// natsSeed tells an encoded NATS seed (a private key): S, the kind of the
// key it makes, 56 more base32 characters, and a valid CRC-16.
func natsSeed(v string) bool {
	return len(v) == 58 && v[0] == 'S' && strings.IndexByte(nkeyPublicPrefixes, v[1]) >= 0 && nkeyValid(v)
}

// nkeyValid checks an encoded nkey's CRC-16 (XMODEM), kept little-endian
// in its last two bytes.
func nkeyValid(v string) bool {
	raw, err := rawBase32().DecodeString(v)
	if err != nil || len(raw) < 4 {
		return false
	}
	body, sum := raw[:len(raw)-2], raw[len(raw)-2:]
	crc := crc16.XModem(body)
	return byte(crc) == sum[0] && byte(crc>>8) == sum[1]
}

// publicKeyMaterial tells a match that is public key material: a NATS
// public key, base64 of a DER public key or certificate, of a PEM public
// key or certificate, or of an SSH public key, or a public member of a
// JSON Web Key (in a text that has a key type member, kty).
func publicKeyMaterial(in *checkInput) bool {
	return natsPublicKey(in.secret) || publicKeyDER(in.secret) || publicKeyEncoded(in.secret) ||
		in.name != "" && (jwkPublic(in) || nkeyName(in.name) && natsPublicShape(in.secret))
}

// publicKeyEncoded tells base64 of public material that publicKeyDER's
// prefixes do not cover: a DER SubjectPublicKeyInfo of another size or
// algorithm (a 1024-bit RSA realm key), a DER certificate (a root
// certificate pinned in code), a DER ECDSA signature (published beside
// what it signs), a PEM public key or certificate, an SSH public key line
// (ssh-ed25519 AAAA...), or a minisign or signify signature or public
// key file (untrusted comment: ...). Only values that start as one of
// them are decoded; a private key's DER or PEM is none of them.
func publicKeyEncoded(v string) bool {
	switch {
	case len(v) < 40:
		return false
	case v[0] == 'M': // 0x30, a DER sequence
		der := decodeBase64(v)
		return publicDER(der) || signatureDER(der)
	case strings.HasPrefix(v, "LS0tLS1CRUdJTi"), strings.HasPrefix(v, "c3NoL"), strings.HasPrefix(v, "ZWNkc2Et"), strings.HasPrefix(v, "c2st"), strings.HasPrefix(v, "dW50cnVzdGVkIGNvbW1lbnQ6"):
		text, ok := decodeBase64Text(v)
		return ok && publicKeyText(text)
	}
	return false
}

// publicDER tells DER of a SubjectPublicKeyInfo (RFC 5280: a sequence of
// an algorithm, itself a sequence that starts with an object identifier,
// and a bit string) or of a certificate (a sequence of the signed part,
// an algorithm and a bit string), by its outer structure. A private
// key's DER (PKCS #1, #8, SEC 1) starts with a version number instead.
func publicDER(der []byte) bool {
	body, rest, ok := derElement(der, 0x30)
	if !ok || len(rest) != 0 {
		return false
	}
	first, body, ok := derElement(body, 0x30)
	if !ok {
		return false
	}
	if alg, _, ok := derElement(first, 0x06); ok && alg != nil {
		_, rest, ok := derElement(body, 0x03) // SubjectPublicKeyInfo: algorithm, key
		return ok && len(rest) == 0
	}
	alg, body, ok := derElement(body, 0x30) // a certificate: signed part, algorithm, signature
	if !ok {
		return false
	}
	if _, _, ok := derElement(alg, 0x06); !ok {
		return false
	}
	_, rest, ok = derElement(body, 0x03)
	return ok && len(rest) == 0
}

// signatureDER tells DER of an ECDSA signature (RFC 3279): a sequence of
// two integers, r and s, of a curve's size, and nothing else.
func signatureDER(der []byte) bool {
	body, rest, ok := derElement(der, 0x30)
	if !ok || len(rest) != 0 {
		return false
	}
	r, body, ok := derElement(body, 0x02)
	if !ok {
		return false
	}
	s, rest, ok := derElement(body, 0x02)
	return ok && len(rest) == 0 && len(r) >= 20 && len(r) <= 67 && len(s) >= 20 && len(s) <= 67
}

// derElement reads one DER element of the given tag from the start of b:
// its contents and what follows it.
func derElement(b []byte, tag byte) (content, rest []byte, ok bool) {
	if len(b) < 2 || b[0] != tag {
		return nil, nil, false
	}
	n, i := int(b[1]), 2
	if n >= 0x80 {
		size := n & 0x7f
		if size == 0 || size > 3 || len(b) < 2+size {
			return nil, nil, false
		}
		n = 0
		for _, c := range b[2 : 2+size] {
			n = n<<8 | int(c)
		}
		i += size
	}
	if len(b)-i < n {
		return nil, nil, false
	}
	return b[i : i+n], b[i+n:], true
}

// publicKeyText tells text that is a PEM public key or certificate, an
// SSH public key line, or a minisign or signify signature or public key:
// nothing private.
func publicKeyText(text string) bool {
	if strings.HasPrefix(text, "untrusted comment:") {
		// minisign and signify: a signature ("signature from ... secret
		// key"), a public key, or a secret key ("... secret key")
		first, _, _ := strings.Cut(text, "\n")
		return !strings.Contains(first, "secret key") || strings.Contains(first, "signature from")
	}
	if strings.Contains(text, "PRIVATE") {
		return false
	}
	if head, ok := strings.CutPrefix(text, "-----BEGIN "); ok {
		label, _, _ := strings.Cut(head, "-----")
		return strings.HasSuffix(label, "PUBLIC KEY") || label == "CERTIFICATE" || label == "PGP PUBLIC KEY BLOCK"
	}
	kind, blob, ok := strings.Cut(text, " ")
	return ok && strings.HasPrefix(blob, "AAAA") && (strings.HasPrefix(kind, "ssh-") || strings.HasPrefix(kind, "ecdsa-sha2-") || strings.HasPrefix(kind, "sk-"))
}

// jwkPublic tells a public member of a JSON Web Key: its name is one
// (n, x, kid), written as a member on the match's line ("x": or x:),
// in a text that holds a key's type member (kty, which RFC 7517 requires
// of every key). A URL's user, a Secret's data key or a setting named x
// or n elsewhere holds whatever it holds.
func jwkPublic(in *checkInput) bool {
	name := strings.Trim(in.name, `"'\`)
	return jwkPublicMember(name) && in.wholeHas(jwkKind(in), hasKeyType) && memberOnLine(in.line, name)
}

// memberOnLine tells a line that writes name as a member: quoted
// ("x": or 'x':), or as a YAML key (x: at the line's start, or after a
// list's dash).
func memberOnLine(line []byte, name string) bool {
	for _, q := range []string{`"`, `'`, `\"`} {
		if bytes.Contains(line, []byte(q+name+q)) {
			return true
		}
	}
	t := bytes.TrimLeft(line, " \t")
	t = bytes.TrimLeft(bytes.TrimPrefix(t, []byte("-")), " \t")
	return bytes.HasPrefix(t, []byte(name+":"))
}

// hasKeyType tells a text that holds a JSON Web Key's type member.
func hasKeyType(b []byte) bool {
	for _, m := range []string{`"kty"`, `'kty'`, `\"kty\"`, "kty:"} {
		if bytes.Contains(b, []byte(m)) {
			return true
		}
	}
	return false
}

// jwkKind is where in's text remembers whether it holds a JSON Web Key.
func jwkKind(in *checkInput) *int8 {
	if in.facts == nil {
		return new(int8)
	}
	return &in.facts.jwkKind
}

// publicKeyDER tells base64 of a DER SubjectPublicKeyInfo, the body of a
// PUBLIC KEY block: an EC P-256 key, an RSA key, an Ed25519 or X25519
// key, by the bytes every such key starts with; or of an SSH public key
// in its wire format (the AAAA... of an authorized_keys line: ssh-rsa,
// ssh-ed25519, ecdsa-sha2-nistp*).
func publicKeyDER(v string) bool {
	for _, p := range []string{"MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE", "MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAE", "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA",
		"MIICIjANBgkqhkiG9w0BAQEFAAOCAg8AMIICCgKCAgEA", "MCowBQYDK2VwAyEA", "MCowBQYDK2VuAyEA",
		"AAAAB3NzaC1yc2E", "AAAAC3NzaC1lZDI1NTE5", "AAAAE2VjZHNhLXNoYTItbmlzdHA"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return false
}

// natsPublicShape tells a value of a NATS public key's shape, checksum
// aside: given to a name that says nkey, it is one (a test of a bad
// checksum still holds a public key).
func natsPublicShape(v string) bool {
	if len(v) != 56 || strings.IndexByte(nkeyPublicPrefixes, v[0]) < 0 {
		return false
	}
	return strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") == ""
}

func nkeyName(name string) bool { return strings.Contains(strings.ToLower(name), "nkey") }
