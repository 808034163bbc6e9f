package secrets

import (
	"encoding/base64"
	"strings"
	"testing"
)

// TestLongLineSegments checks that a long line, scanned in segments
// around its keywords, yields what the rules find on a short one: each
// tp example of a one-line regex rule, embedded in minified code far from
// the line's start, is found by its rule at the column it has there.
func TestLongLineSegments(t *testing.T) {
	e := builtinEngine(t)
	filler := strings.Repeat("var a=b.c(d,e);", longLine/15+50)
	for _, d := range BuiltinRulesWithExamples() {
		if d.Regex == "" || d.Window > 0 || d.Path != "" {
			continue
		}
		for i, ex := range d.TP {
			if strings.Contains(ex, "\n") {
				continue
			}
			long := filler + "\n" + filler + ";" + ex + ";" + filler
			fs, _ := e.ScanFile(examplePath(d), []byte(long))
			short, _ := e.ScanFile(examplePath(d), []byte(ex))
			want := byRule(short, d.ID)
			got := byRule(fs, d.ID)
			if len(got) != len(want) {
				t.Errorf("%s: tp[%d]: %d findings on a long line, %d on its own", d.ID, i, len(got), len(want))
				continue
			}
			for j := range got {
				if got[j].Line != 2 || got[j].Column != want[j].Column+len(filler)+1 {
					t.Errorf("%s: tp[%d]: at %d:%d on a long line", d.ID, i, got[j].Line, got[j].Column)
				}
			}
		}
	}
}

// TestLongLineLongToken checks that a token longer than a segment (a JWT
// with many claims, as HAR files and logs hold them) is found whole on a
// long line, as on a short one.
func TestLongLineLongToken(t *testing.T) {
	for _, groups := range []int{120, 1200} {
		longLineToken(t, groups)
	}
}

func longLineToken(t *testing.T, groups int) {
	e := builtinEngine(t)
	var claims strings.Builder
	claims.WriteString(`{"sub":"u-7Hq2","groups":[`)
	for i := 0; i < groups; i++ {
		if i > 0 {
			claims.WriteByte(',')
		}
		claims.WriteString(`"grp-` + strings.Repeat(string(rune('a'+i%26)), 2) + `-Zq8Lw3Rt"`)
	}
	claims.WriteString(`]}`)
	enc := base64.RawURLEncoding
	jwt := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + enc.EncodeToString([]byte(claims.String())) + ".Qm9ndXNTaWduYXR1cmVGb3JUZXN0c19rN3Ey"
	if len(jwt) < 2*segAfter {
		t.Fatalf("the token is %d bytes: too short to test", len(jwt))
	}
	filler := strings.Repeat("var a=b.c(d,e);", longLine/15+50)
	fs, _ := e.ScanFile("app.js", []byte(filler+`var t=["`+jwt+`"];`+filler))
	got := byRule(fs, "secret-jwt")
	if len(got) != 1 {
		t.Fatalf("secret-jwt: %d findings of a %d-byte token on a long line, want 1", len(got), len(jwt))
	}
	if n := got[0].EndColumn - got[0].Column + 1; n != len(jwt) { // EndColumn is the last byte
		t.Errorf("secret-jwt: a span of %d bytes on a long line, the token has %d", n, len(jwt))
	}
}
