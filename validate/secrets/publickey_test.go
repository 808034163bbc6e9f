package secrets

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"math/big"
	"testing"
)

// NATS public keys (U, N, A, O, C...) are public; a seed (S...) is not,
// and a key whose checksum fails is neither.
func TestNATSKeys(t *testing.T) {
	for _, c := range []struct {
		v            string
		public, seed bool
	}{
		{"UD3KDTRYV4O3QFBBSTQHJP3MRUL2BB3WKG4ZDFK54VQA6X662IEK6OHT", true, false},
		{"NDFB57CPSN7GPH6PSX6KIZVMAD3OS3MGYS7VJ7YLBNLQ57UPPVMJWD6Y", true, false},
		{"SUABA3EITJILY6MOTGYO6SV3TVPHXZZCHFXJS5ZNI3DHBU7BLTVLGDVGAE", false, true},
		{"UD3KDTRYV4O3QFBBSTQHJP3MRUL2BB3WKG4ZDFK54VQA6X662IEK6OHU", false, false}, // checksum
		{"SUABA3EITJILY6MOTGYOTSV3TVPHXZZCHFXJS5ZNI3DHBU7BLTVLGDVGAE", false, false},
	} {
		if got := natsPublicKey(c.v); got != c.public {
			t.Errorf("natsPublicKey(%.4s...) = %v, want %v", c.v, got, c.public)
		}
		if got := natsSeed(c.v); got != c.seed {
			t.Errorf("natsSeed(%.4s...) = %v, want %v", c.v, got, c.seed)
		}
	}
}

// A JSON Web Key's public members are not secrets; its private ones are.
func TestJWKMembers(t *testing.T) {
	for _, m := range []string{"n", "e", "x", "y", "crv", `"x5c"`} {
		if !jwkPublicMember(m) || jwkPrivateMember(m) {
			t.Errorf("%s: want a public member", m)
		}
	}
	for _, m := range []string{"d", "p", "q", "dp", "dq", "qi", "k"} {
		if jwkPublicMember(m) || !jwkPrivateMember(m) {
			t.Errorf("%s: want a private member", m)
		}
	}
}

// A public key's name is not a secret's, unless it names one beside it.
func TestPublicKeyName(t *testing.T) {
	for name, want := range map[string]bool{
		"pubkey256": true, "server_public_key": true, "PublicKey": true,
		"public_secret": false, "pub_private_key": false, "api_key": false, "publisher": false,
	} {
		if got := publicKeyName(name); got != want {
			t.Errorf("publicKeyName(%q) = %v, want %v", name, got, want)
		}
	}
}

// Base64 of public material (a SubjectPublicKeyInfo of any algorithm, a
// certificate, an ECDSA signature, a PEM public key or certificate, an
// SSH public key) is public; base64 of a private key in any of those
// forms is not.
func TestPublicKeyEncoded(t *testing.T) {
	b64 := base64.StdEncoding.EncodeToString
	rsaKey, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	ecKey, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	edPub, edPriv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	must := func(b []byte, err error) []byte {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "Example Root"}}
	cert := must(x509.CreateCertificate(rand.Reader, tmpl, tmpl, edPub, edPriv))
	sum := sha256.Sum256([]byte("signed"))
	sig := must(ecdsa.SignASN1(rand.Reader, ecKey, sum[:]))
	rsaSPKI := must(x509.MarshalPKIXPublicKey(&rsaKey.PublicKey))
	ecPKCS8 := must(x509.MarshalPKCS8PrivateKey(ecKey))
	ecSEC1 := must(x509.MarshalECPrivateKey(ecKey))
	pemOf := func(kind string, der []byte) string {
		return string(pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}))
	}
	sshPub := "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + b64(edPub)[:43] + " ops@example"
	for _, c := range []struct {
		what   string
		v      string
		public bool
	}{
		{"RSA-1024 SubjectPublicKeyInfo", b64(rsaSPKI), true},
		{"certificate", b64(cert), true},
		{"ECDSA signature", b64(sig), true},
		{"PEM public key", b64([]byte(pemOf("PUBLIC KEY", rsaSPKI))), true},
		{"PEM certificate", b64([]byte(pemOf("CERTIFICATE", cert))), true},
		{"SSH public key line", b64([]byte(sshPub)), true},
		{"minisign signature", b64([]byte("untrusted comment: signature from minisign secret key\nRWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3q9ahuuWkj6vVTXsAt1tgPDtXbuTG7U7Z2IwYjVdf1sTx\n")), true},
		{"RSA private key, PKCS #1", b64(x509.MarshalPKCS1PrivateKey(rsaKey)), false},
		{"EC private key, PKCS #8", b64(ecPKCS8), false},
		{"EC private key, SEC 1", b64(ecSEC1), false},
		{"PEM private key", b64([]byte(pemOf("EC PRIVATE KEY", ecSEC1))), false},
		{"minisign secret key", b64([]byte("untrusted comment: minisign encrypted secret key\nRWRTY0IyVFd5F7Sb4eqm0KjUqnclMBNMRFHW6UbpoTQfqsVnBXE6O6Rd2TxOD0VxFr1SE6sAE8+H4J1K8UYHBbYKZpVGo64wOIM\n")), false},
		{"random bytes", b64(sum[:]) + b64(sum[:]), false},
	} {
		if got := publicKeyEncoded(c.v); got != c.public {
			t.Errorf("%s: publicKeyEncoded = %v, want %v", c.what, got, c.public)
		}
	}
}
