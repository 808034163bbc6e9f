package hooks

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// decodeUTF16Ref is the decoder through utf16.Decode that decodeUTF16
// must match.
func decodeUTF16Ref(data []byte, bigEndian bool) []byte {
	units := make([]uint16, len(data)/2)
	for i := range units {
		a, b := uint16(data[2*i]), uint16(data[2*i+1])
		if bigEndian {
			units[i] = a<<8 | b
		} else {
			units[i] = b<<8 | a
		}
	}
	if len(units) > 0 && units[0] == 0xfeff {
		units = units[1:]
	}
	var out []byte
	for _, r := range utf16.Decode(units) {
		out = utf8.AppendRune(out, r)
	}
	if len(data)%2 == 1 {
		out = utf8.AppendRune(out, utf8.RuneError)
	}
	return out
}

// decodeUTF16 decodes as utf16.Decode does: byte order marks, surrogate
// pairs, unpaired and reversed surrogates, odd lengths, in both orders.
func TestDecodeUTF16MatchesTheLibrary(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	pieces := [][]byte{{0xff, 0xfe}, {0xfe, 0xff}, {0x3d, 0xd8}, {0xd8, 0x3d}, {0x00, 0xde}, {0xde, 0x00},
		{'a', 0}, {0, 'a'}, {0x00, 0xdc}, {0xdc, 0x00}, {0xff, 0xdb}, {0x0a, 0x00}, {0x20, 0xac}, {0xac, 0x20}}
	for range 20000 {
		var b []byte
		for range r.IntN(12) {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		}
		if r.IntN(4) == 0 {
			b = append(b, byte(r.IntN(256)))
		}
		for _, big := range []bool{false, true} {
			if got, want := decodeUTF16(b, big), decodeUTF16Ref(b, big); !bytes.Equal(got, want) {
				t.Fatalf("decodeUTF16(% x, %v) = %q, want %q", b, big, got, want)
			}
		}
	}
}
