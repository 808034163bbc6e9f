package secrets

import (
	"hash/crc32"
	"sync"
)

// checksumFunc reports whether a secret's own checksum is right.
type checksumFunc func(secret string) bool

// checksumFuncs are the checksums a rule may name. "crc32-base62" is the
// format GitHub (ghp_, gho_, ghu_, ghs_, ghr_) and npm (npm_) tokens
// share: a four-character prefix, 30 random base62 characters, then the
// CRC-32 (IEEE) of those 30, in base62 (0-9A-Za-z), six digits with
// leading zeros.
var checksumFuncs = sync.OnceValue(func() map[string]checksumFunc {
	return map[string]checksumFunc{
		"crc32-base62": crc32Base62,
	}
})

const base62Digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

func crc32Base62(secret string) bool {
	if len(secret) != 40 {
		return false
	}
	body, sum := secret[4:34], secret[34:]
	n := uint64(crc32.ChecksumIEEE([]byte(body)))
	var want [6]byte
	for i := 5; i >= 0; i-- {
		want[i] = base62Digits[n%62]
		n /= 62
	}
	return n == 0 && string(want[:]) == sum
}
