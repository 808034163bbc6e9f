package secrets

import (
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"
)

// Fingerprint identifies a secret found by a rule inside one run: the hex
// of the first 16 bytes of SHA-256(ruleID + "\x00" + secret). It does not
// depend on the path or the line, so it survives moving the text. It is
// fast to compute and so would confirm a guessed secret: it is never shown
// or stored as it is. What reports and .remnant-guard-ignore hold is the
// sealed form (Sealer.Seal), salted per repository and slow to compute.
func Fingerprint(ruleID, secret string) string {
	h := sha256.New()
	h.Write([]byte(ruleID))
	h.Write([]byte{0})
	h.Write([]byte(secret))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// SealIterations is the PBKDF2-HMAC-SHA256 work factor of a sealed
// fingerprint: every guess at a secret costs this many HMAC-SHA256
// iterations, against one SHA-256 for an unsealed fingerprint.
const SealIterations = 1 << 17

// saltLen is the length in bytes of a repository's salt.
const saltLen = 32

// sealContext separates sealed fingerprints from any other use of PBKDF2.
const sealContext = "remnant-guard fingerprint v2\x00"

// Sealer turns in-run fingerprints into the ones shown and stored: PBKDF2
// with the repository's salt, so that a fingerprint from one repository
// says nothing in another and every guess costs a slow hash. Results are
// remembered, so each secret is sealed once per run. It is safe for
// concurrent use.
type Sealer struct {
	salt []byte
	mu   sync.Mutex
	memo map[string]string
}

// NewSealer returns a Sealer for a salt of saltLen bytes.
func NewSealer(salt []byte) (*Sealer, error) {
	if len(salt) != saltLen {
		return nil, fmt.Errorf("a salt is %d bytes (%d hex digits), got %d", saltLen, 2*saltLen, len(salt))
	}
	return &Sealer{salt: append([]byte(nil), salt...), memo: map[string]string{}}, nil
}

// NewSalt draws a new repository salt.
func NewSalt() []byte {
	b := make([]byte, saltLen)
	rand.Read(b)
	return b
}

// Salt returns the salt as hex, as the ignore file records it.
func (s *Sealer) Salt() string { return hex.EncodeToString(s.salt) }

// Seal returns the sealed form of an in-run fingerprint: 32 hex digits.
func (s *Sealer) Seal(fingerprint string) string {
	s.mu.Lock()
	if v, ok := s.memo[fingerprint]; ok {
		s.mu.Unlock()
		return v
	}
	s.mu.Unlock()
	key, _ := pbkdf2.Key(sha256.New, fingerprint, append([]byte(sealContext), s.salt...), SealIterations, 16)
	v := hex.EncodeToString(key)
	s.mu.Lock()
	s.memo[fingerprint] = v
	s.mu.Unlock()
	return v
}
