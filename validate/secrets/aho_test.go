package secrets

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// keywordAllowed tells whether a rule definition may carry k as a keyword:
// only such keywords reach the matcher (non-empty, lowercase).
func keywordAllowed(k string) bool {
	d := &RuleDef{ID: "secret-kw", Regex: "x", Keywords: []string{k}}
	return d.Validate() == nil
}

// lowerASCII folds A-Z to a-z and leaves every other byte as it is: the
// matcher folds the case of ASCII letters only.
func lowerASCII(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// naiveFind is the reference: every keyword tried at every offset of the
// ASCII-folded text, each occurrence reported at the offset just past it.
func naiveFind(keywords []string, data []byte) []kwHit {
	folded := lowerASCII(data)
	var out []kwHit
	for end := 1; end <= len(folded); end++ {
		for ki, k := range keywords {
			if len(k) <= end && string(folded[end-len(k):end]) == k {
				out = append(out, kwHit{end, int32(ki)})
			}
		}
	}
	return out
}

func sortHits(h []kwHit) []kwHit {
	h = slices.Clone(h)
	slices.SortFunc(h, func(a, b kwHit) int {
		if a.end != b.end {
			return a.end - b.end
		}
		return int(a.kw - b.kw)
	})
	return h
}

// checkMatcher compares the matcher with the naive search on one input:
// the same occurrences (the order within one end offset is free), reported
// in order of their end, and any() true exactly when there is one.
func checkMatcher(t *testing.T, m *matcher, keywords []string, data []byte) {
	t.Helper()
	got := m.find(data, nil)
	for i := 1; i < len(got); i++ {
		if got[i].end < got[i-1].end {
			t.Fatalf("keywords %q, text %q: hit %d ends at %d after a hit ending at %d", keywords, data, i, got[i].end, got[i-1].end)
		}
	}
	want := naiveFind(keywords, data)
	if g, w := sortHits(got), sortHits(want); !slices.Equal(g, w) {
		t.Fatalf("keywords %q, text %q:\n got %v\nwant %v", keywords, data, g, w)
	}
	if found := m.any(data); found != (len(want) > 0) {
		t.Fatalf("keywords %q, text %q: any() = %v with %d occurrences", keywords, data, found, len(want))
	}
	// Appending to a slice that holds hits already keeps them.
	prev := []kwHit{{-1, -1}}
	if again := m.find(data, prev); len(again) != len(got)+1 || again[0] != prev[0] {
		t.Fatalf("keywords %q, text %q: find dropped or moved the hits it was given", keywords, data)
	}
}

// matcherPieces are the bytes generated keywords and texts are made of: few,
// so that keywords overlap and share prefixes and suffixes, with upper case
// ASCII, UTF-8 letters in both cases (É folds to é only in Unicode, not in
// the matcher), invalid UTF-8, NUL and a byte above 0x7f alone.
var matcherPieces = []string{"a", "b", "c", "A", "B", "C", "_", "-", " ", "\x00", "\xff", "\xc3", "é", "É", "ß", "日", "k", "K"}

func randomPiece(r *rand.Rand) string { return matcherPieces[r.IntN(len(matcherPieces))] }

// randomKeywords draws up to 12 keywords of 1 to 6 pieces, each one a rule
// may carry; some are repeated, some are a prefix or a suffix of another.
func randomKeywords(r *rand.Rand) []string {
	var kws []string
	for n := 1 + r.IntN(12); len(kws) < n; {
		var k string
		switch {
		case len(kws) > 0 && r.IntN(5) == 0:
			k = kws[r.IntN(len(kws))] // a duplicate
		case len(kws) > 0 && r.IntN(4) == 0:
			o := kws[r.IntN(len(kws))] // a part of another, or another extended
			switch r.IntN(3) {
			case 0:
				k = o[:1+r.IntN(len(o))]
			case 1:
				k = o[r.IntN(len(o)):]
			default:
				k = o + randomPiece(r)
			}
		default:
			var b strings.Builder
			for j := 1 + r.IntN(6); j > 0; j-- {
				b.WriteString(randomPiece(r))
			}
			k = b.String()
		}
		if keywordAllowed(k) {
			kws = append(kws, k)
		}
	}
	return kws
}

// randomText draws up to 200 bytes: pieces, keywords in random case, and
// keywords cut short.
func randomText(r *rand.Rand, kws []string) []byte {
	var b []byte
	for n := r.IntN(200); len(b) < n; {
		switch r.IntN(4) {
		case 0:
			k := []byte(kws[r.IntN(len(kws))])
			for i, c := range k {
				if 'a' <= c && c <= 'z' && r.IntN(2) == 0 {
					k[i] = c - 'a' + 'A'
				}
			}
			if r.IntN(4) == 0 {
				k = k[:r.IntN(len(k)+1)]
			}
			b = append(b, k...)
		case 1:
			b = append(b, byte(r.IntN(256)))
		default:
			b = append(b, randomPiece(r)...)
		}
	}
	return b
}

// TestKeywordRulesOfTheMatcher checks the premise of the generated cases:
// the matcher only ever gets non-empty lowercase keywords.
func TestKeywordRulesOfTheMatcher(t *testing.T) {
	for k, want := range map[string]bool{"": false, "Key": false, "É": false, "k": true, "é": true, "\x00": true, "api_key": true} {
		if got := keywordAllowed(k); got != want {
			t.Errorf("keyword %q allowed: %v, want %v", k, got, want)
		}
	}
}

// TestMatcherMatchesNaiveSearch compares the Aho-Corasick matcher with a
// naive search on seeded random keyword sets and texts, on hand-picked
// overlaps, and on the built-in rules' keywords over their own examples.
func TestMatcherMatchesNaiveSearch(t *testing.T) {
	cases := []struct {
		kws  []string
		text string
	}{
		{[]string{"he", "she", "his", "hers"}, "ushers SHE HiS hErS"},
		{[]string{"a", "aa", "aaa"}, "aaaaAAAa"},
		{[]string{"ab", "b", "abc", "bc", "c"}, "xabcabcABC"},
		{[]string{"k", "key", "ey", "y"}, "KEYkeyKeY"},
		{[]string{"é", "ée", "e"}, "éÉéeÉE\xc3\xa9"},
		{[]string{"日本", "本"}, "日本日本\xe6\x97"},
		{[]string{"\x00", "\x00\x00"}, "\x00\x00\x00"},
		{[]string{"x", "x"}, "xXx"},
		{[]string{"abc"}, ""},
		{[]string{"abc"}, "ab"},
	}
	for _, c := range cases {
		checkMatcher(t, newMatcher(c.kws), c.kws, []byte(c.text))
	}

	seed := uint64(20261207)
	r := rand.New(rand.NewPCG(seed, seed))
	n := testtier.Pick(300, 20000)
	for range n {
		kws := randomKeywords(r)
		m := newMatcher(kws)
		for range 4 {
			checkMatcher(t, m, kws, randomText(r, kws))
		}
	}

	// The built-in keyword set, as the engine builds it: each keyword once.
	seen := map[string]bool{}
	var builtin []string
	var texts [][]byte
	for _, d := range BuiltinRulesWithExamples() {
		for _, k := range d.Keywords {
			if !seen[k] {
				seen[k] = true
				builtin = append(builtin, k)
			}
		}
		for _, ex := range d.TP {
			texts = append(texts, []byte(ex))
		}
		for _, ex := range d.FP {
			texts = append(texts, []byte(ex))
		}
	}
	if len(builtin) < 50 || len(texts) < 100 {
		t.Fatalf("only %d built-in keywords and %d examples", len(builtin), len(texts))
	}
	m := newMatcher(builtin)
	step := len(texts) / testtier.Pick(100, len(texts))
	for i := 0; i < len(texts); i += max(step, 1) {
		checkMatcher(t, m, builtin, texts[i])
		checkMatcher(t, m, builtin, bytes.ToUpper(texts[i]))
	}
}

// FuzzMatcherAgainstNaive: for any keywords a rule may carry (one a line)
// and any text, the matcher finds what the naive search finds.
func FuzzMatcherAgainstNaive(f *testing.F) {
	f.Add("he\nshe\nhis\nhers", []byte("ushers"))
	f.Add("a\naa\naaa", []byte("aAaAa"))
	f.Add("key\nk\ny\nkey", []byte("KEY key\x00\xffkEy"))
	f.Add("é\n日本\n\x00", []byte("ÉéÉ日本\xe6\x97\x00"))
	f.Add("api_key\npassword\nsecret\ntoken\nsk", []byte(`API_KEY = "sk-abc"; PASSWORD: token`))
	f.Fuzz(func(t *testing.T, keywords string, text []byte) {
		var kws []string
		for _, k := range strings.Split(keywords, "\n") {
			if len(kws) < 64 && len(k) <= 32 && keywordAllowed(k) {
				kws = append(kws, k)
			}
		}
		if len(kws) == 0 || len(text) > 4096 {
			return
		}
		checkMatcher(t, newMatcher(kws), kws, text)
	})
}
