package secrets

import (
	"crypto/sha256"
	"encoding/hex"
)

// Fingerprint identifies a secret found by a rule: the hex of the first
// 16 bytes of SHA-256(ruleID + "\x00" + secret). It does not depend on
// the path or the line, so it survives moving the text.
func Fingerprint(ruleID, secret string) string {
	h := sha256.New()
	h.Write([]byte(ruleID))
	h.Write([]byte{0})
	h.Write([]byte(secret))
	return hex.EncodeToString(h.Sum(nil)[:16])
}
