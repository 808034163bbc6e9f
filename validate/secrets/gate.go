package secrets

import (
	"bytes"
	"sync"
)

// gateFunc is a fast test of a whole line, run before a broad rule's
// regex: false means the regex cannot produce a kept finding there.
type gateFunc func(line []byte) bool

// gateFuncs are the gates a rule may name.
var gateFuncs = sync.OnceValue(func() map[string]gateFunc {
	return map[string]gateFunc{
		"assignment":  gateAssignment,
		"long-string": gateLongString,
		"userinfo":    gateUserinfo,
		"twilio-sid":  gateTwilioSID,
		"vault-s":     gateVaultLegacy,
	}
})

// gateAssignment wants an assignment (=, :) whose left-hand name mentions
// a secret and is not about one (token_count, password_length).
func gateAssignment(line []byte) bool {
	for i, c := range line {
		if c != '=' && c != ':' {
			continue
		}
		name := nameBefore(line[:i])
		if len(name) >= 3 && mentionsSecret(name) && secretName(string(name)) {
			return true
		}
	}
	return false
}

// nameBefore returns the identifier ending just before an assignment
// operator, skipping quotes, brackets, spaces and a leading ':' or '?'.
func nameBefore(b []byte) []byte {
	end := len(b)
	for end > 0 && bytes.IndexByte([]byte(" \t\"'`]:?"), b[end-1]) >= 0 {
		end--
	}
	start := end
	for start > 0 && isNameByte(b[start-1]) {
		start--
	}
	return b[start:end]
}

func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.'
}

var secretWords = [][]byte{
	[]byte("passw"), []byte("pwd"), []byte("secret"), []byte("token"), []byte("api_key"),
	[]byte("apikey"), []byte("api-key"), []byte("api.key"), []byte("auth"), []byte("credential"),
	[]byte("private_key"), []byte("privatekey"), []byte("private-key"), []byte("access_key"),
	[]byte("accesskey"), []byte("access-key"),
}

func mentionsSecret(name []byte) bool {
	low := bytes.ToLower(name)
	for _, w := range secretWords {
		if bytes.Contains(low, w) {
			return true
		}
	}
	return false
}

// gateLongString wants a quote, 40 or more base64url or base64 characters,
// at most two '=' and a quote: what the rule's regex needs around its
// secret. It jumps from quote to quote with byte searches, each of the two
// quote characters searched for once per occurrence.
func gateLongString(line []byte) bool {
	dq, sq := nextByte(line, 0, '"'), nextByte(line, 0, '\'')
	for {
		q := min(dq, sq)
		if q >= len(line) {
			return false
		}
		start := q + 1
		end := start
		for end < len(line) && longStringByte[line[end]] {
			end++
		}
		if end-start >= 40 {
			rest := line[end:]
			for pad := 0; pad < 2 && len(rest) > 0 && rest[0] == '='; pad++ {
				rest = rest[1:]
			}
			if len(rest) > 0 && (rest[0] == '"' || rest[0] == '\'') {
				return true
			}
		}
		if dq < start {
			dq = nextByte(line, start, '"')
		}
		if sq < start {
			sq = nextByte(line, start, '\'')
		}
	}
}

// nextByte is the index of the first c in b at or after from, or len(b).
func nextByte(b []byte, from int, c byte) int {
	if i := bytes.IndexByte(b[from:], c); i >= 0 {
		return from + i
	}
	return len(b)
}

// longStringByte marks the characters of a long string's value.
var longStringByte = [256]bool{
	'+': true, '/': true, '-': true, '_': true,
	'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true, '9': true,
	'A': true, 'B': true, 'C': true, 'D': true, 'E': true, 'F': true, 'G': true, 'H': true, 'I': true, 'J': true,
	'K': true, 'L': true, 'M': true, 'N': true, 'O': true, 'P': true, 'Q': true, 'R': true, 'S': true, 'T': true,
	'U': true, 'V': true, 'W': true, 'X': true, 'Y': true, 'Z': true,
	'a': true, 'b': true, 'c': true, 'd': true, 'e': true, 'f': true, 'g': true, 'h': true, 'i': true, 'j': true,
	'k': true, 'l': true, 'm': true, 'n': true, 'o': true, 'p': true, 'q': true, 'r': true, 's': true, 't': true,
	'u': true, 'v': true, 'w': true, 'x': true, 'y': true, 'z': true,
}

// gateUserinfo wants "://" followed by user:password@ before the host.
func gateUserinfo(line []byte) bool {
	for {
		i := bytes.Index(line, []byte("://"))
		if i < 0 {
			return false
		}
		line = line[i+3:]
		end := bytes.IndexAny(line, "/ \t\"'<>")
		if end < 0 {
			end = len(line)
		}
		at := bytes.LastIndexByte(line[:end], '@')
		if at > 0 && bytes.IndexByte(line[:at], ':') >= 0 {
			return true
		}
	}
}
