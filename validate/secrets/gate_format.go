package secrets

import (
	"bytes"
	"strings"
)

// Gates for token formats whose keyword is too short to be rare (sk, s.):
// each wants the whole format on the line before the regex runs.

// gateTwilioSID wants SK followed by 32 lower-case hex digits.
func gateTwilioSID(line []byte) bool {
	for i := 0; ; {
		k := bytes.Index(line[i:], []byte("SK"))
		if k < 0 {
			return false
		}
		i += k + 2
		if run(line[i:], isLowerHex) == 32 {
			return true
		}
	}
}

// gateVaultLegacy wants "s." where a value starts (not inside a name)
// followed by exactly 24 letters and digits.
func gateVaultLegacy(line []byte) bool {
	for i := 0; ; {
		k := bytes.Index(line[i:], []byte("s."))
		if k < 0 {
			return false
		}
		at := i + k
		i = at + 2
		if at > 0 && (isNameByte(line[at-1]) || line[at-1] == '$') {
			continue
		}
		if n := run(line[i:], func(c byte) bool { return isAlnum(c) }); n == 24 {
			return true
		}
	}
}

// run is the length of the leading run of bytes of b that ok accepts.
func run(b []byte, ok func(byte) bool) int {
	n := 0
	for n < len(b) && ok(b[n]) {
		n++
	}
	return n
}

func isLowerHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' }

// checkMixedToken keeps a token whose random part (after its format's
// prefix, up to the first '.') has upper- and lower-case letters and
// digits and is not a name made of words (s.ConfigurationValues2).
func checkMixedToken(in *checkInput) bool {
	v := in.secret
	if i := strings.IndexByte(v, '.'); i >= 0 {
		v = v[i+1:]
	}
	return charClasses(v)&(classLower|classUpper|classDigit) == classLower|classUpper|classDigit && !wordIdentifier(v)
}
