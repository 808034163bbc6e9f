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

// gateLongString wants a quote followed by at least 40 base64 or
// base64url characters.
func gateLongString(line []byte) bool {
	run := -1
	for _, c := range line {
		switch {
		case c == '"' || c == '\'':
			if run >= 40 {
				return true
			}
			run = 0
		case run >= 0 && isBase64URLByte(c):
			run++
		case run >= 40 && c == '=':
		default:
			run = -1
		}
	}
	return false
}

func isBase64URLByte(c byte) bool { return isBase64Byte(c) && c != '=' || c == '-' || c == '_' }

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
